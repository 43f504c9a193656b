package authnet_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

func TestVoid_SendsAVoidOfTheTransactionAndReadsTheAnswer(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		want    authnet.Reversal
		wantErr error
	}{
		{"approved", "void_approved.json", authnet.Reversal{TransID: "60123456789", RefTransID: "60123456789"}, nil},
		{"voided before (reason 310)", "void_already_voided.json", authnet.Reversal{TransID: "60123456789", RefTransID: "60123456789", AlreadyVoided: true}, nil},
		{"nothing a void can cancel (reason 16)", "void_not_found.json", authnet.Reversal{}, payments.ErrNotFound},
		{"credentials refused", "error_E00007.json", authnet.Reversal{}, payments.ErrProviderUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, c := newGateway(t, tt.file)
			got, err := c.Void(context.Background(), "60123456789")
			require.ErrorIs(t, err, tt.wantErr)
			require.Equal(t, tt.want, got)
			req := g.lastRequest(t)["createTransactionRequest"].(map[string]any)
			require.Equal(t, map[string]any{"name": "5KP3u95bQpv", "transactionKey": "346HZ32z3fP4hTG2"}, req["merchantAuthentication"])
			require.Equal(t, map[string]any{"transactionType": "voidTransaction", "refTransId": "60123456789"}, req["transactionRequest"])
		})
	}
}

func TestRefundTransaction_SendsTheCardsLastFourDigitsAndReadsTheAnswer(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		want    authnet.Reversal
		wantErr error
	}{
		{"approved", "refund_approved.json", authnet.Reversal{TransID: "60123457001", RefTransID: "60123456789"}, nil},
		{"not settled yet (reason 54)", "refund_not_settled.json", authnet.Reversal{}, authnet.ErrNotSettled},
		{"refunded in full before (reason 55)", "refund_exceeds.json", authnet.Reversal{}, authnet.ErrAlreadyRefunded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, c := newGateway(t, tt.file)
			got, err := c.RefundTransaction(context.Background(), "60123456789", money.USD(28900), "XXXX1111", "Q-20261120-0042")
			require.ErrorIs(t, err, tt.wantErr)
			require.Equal(t, tt.want, got)
			req := g.lastRequest(t)["createTransactionRequest"].(map[string]any)
			require.Equal(t, map[string]any{
				"transactionType": "refundTransaction", "amount": "289.00",
				"payment":    map[string]any{"creditCard": map[string]any{"cardNumber": "1111", "expirationDate": "XXXX"}},
				"refTransId": "60123456789", "order": map[string]any{"invoiceNumber": "Q-20261120-0042"},
			}, req["transactionRequest"])
		})
	}
}

func TestReversal_RefusesWhatCannotBeSentWithoutACall(t *testing.T) {
	g, c := newGateway(t, "void_approved.json")
	ctx := context.Background()
	_, err := c.Void(ctx, "6012-3456")
	require.ErrorIs(t, err, authnet.ErrInvalidRequest)
	_, err = c.RefundTransaction(ctx, "60123456789", money.Money{Cents: 100, Currency: "EUR"}, "XXXX1111", "Q-1")
	require.ErrorIs(t, err, authnet.ErrAmount)
	_, err = c.RefundTransaction(ctx, "60123456789", money.USD(100), "", "Q-1")
	require.ErrorIs(t, err, authnet.ErrInvalidRequest)
	require.Empty(t, g.requests)
}

func TestGatewayReverse_VoidsOrRefundsAsTheTransactionsStatusAllows(t *testing.T) {
	tests := []struct {
		name    string
		details string
		want    payments.Reversed
		wantErr error
	}{
		{"voided before: nothing to call", "transaction_voided.json",
			payments.Reversed{Reversal: payments.ReversalVoid, Ref: "60123456789", Amount: money.USD(28900)}, nil},
		{"declined: it took nothing", "transaction_declined.json", payments.Reversed{}, authnet.ErrNotCaptured},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, c := newGateway(t, tt.details)
			got, err := authnet.NewGateway(c).Reverse(context.Background(), "60123456789", "Q-20261120-0042")
			require.ErrorIs(t, err, tt.wantErr)
			require.Equal(t, tt.want, got)
			require.Len(t, g.requests, 1, "only the details are read")
		})
	}
}
