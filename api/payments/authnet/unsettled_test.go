package authnet_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

func TestUnsettledByInvoice_KeepsTheInvoicesTransactionsNewestFirst(t *testing.T) {
	g, c := newGateway(t, "unsettled_list.json")
	got, err := c.UnsettledByInvoice(context.Background(), "Q-20261120-0042")
	require.NoError(t, err)
	require.Equal(t, []authnet.TransactionSummary{
		{ID: "60123456790", SubmitTimeUTC: "2026-11-20T15:10:02Z", Status: "capturedPendingSettlement", InvoiceNumber: "Q-20261120-0042",
			SettleAmount: money.USD(28900), AccountType: "Visa", AccountNumber: "XXXX1111"},
		{ID: "60123456789", SubmitTimeUTC: "2026-11-20T14:03:51Z", Status: "declined", InvoiceNumber: "Q-20261120-0042",
			SettleAmount: money.USD(0), AccountType: "Visa", AccountNumber: "XXXX2222"},
	}, got)

	req := g.lastRequest(t)["getUnsettledTransactionListRequest"].(map[string]any)
	require.Equal(t, map[string]any{"name": "5KP3u95bQpv", "transactionKey": "346HZ32z3fP4hTG2"}, req["merchantAuthentication"])
	require.Equal(t, map[string]any{"orderBy": "submitTimeUTC", "orderDescending": true}, req["sorting"])
	require.Equal(t, map[string]any{"limit": float64(1000), "offset": float64(1)}, req["paging"])
}

func TestUnsettledByInvoice_NoRecordsIsAnEmptyList(t *testing.T) {
	_, c := newGateway(t, "unsettled_none.json")
	got, err := c.UnsettledByInvoice(context.Background(), "Q-20261120-0042")
	require.NoError(t, err)
	require.Empty(t, got)
}

func TestUnsettledByInvoice_Refusals(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		status  int
		invoice string
		wantErr error
	}{
		{"no invoice number", "unsettled_list.json", http.StatusOK, "", authnet.ErrInvalidRequest},
		{"wrong credentials", "error_E00007.json", http.StatusOK, "Q-1", authnet.ErrAuthentication},
		{"gateway down", "unsettled_list.json", http.StatusBadGateway, "Q-1", payments.ErrProviderUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, c := newGateway(t, tt.file)
			g.status = tt.status
			_, err := c.UnsettledByInvoice(context.Background(), tt.invoice)
			require.ErrorIs(t, err, tt.wantErr)
		})
	}
}

// Against the sandbox: a payer declined and then paid with another card; the gateway finds the
// payment by invoice number alone, as the portal must after the hosted form's redirect.
func TestSandbox_FindPaymentByInvoiceNumberAfterADecline(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	gw := authnet.NewGateway(w.client)
	want := money.USD(12345)

	_, err := gw.FindPayment(ctx, "QT-NOTHINGYET", want)
	require.ErrorIs(t, err, payments.ErrNotApproved, "no transaction at all")

	p := w.page(t, want.Cents, "QT-DECLINEDTHEN")
	payURL, _ := w.open(t, p)
	status, _, _ := w.post(t, payURL, payWith(p.Token, "4111111111111111", "46282"))
	require.Equal(t, http.StatusUnprocessableEntity, status)
	w.nextWebhook(t)
	_, err = gw.FindPayment(ctx, "QT-DECLINEDTHEN", want)
	require.ErrorIs(t, err, payments.ErrDeclined, "only a declined transaction so far")

	other := w.page(t, 500, "QT-SOMEONEELSE")
	otherURL, _ := w.open(t, other)
	status, _, _ = w.post(t, otherURL, payWith(other.Token, "4111111111111111", "78681"))
	require.Equal(t, http.StatusSeeOther, status)
	w.nextWebhook(t)

	status, _, _ = w.post(t, payURL, payWith(p.Token, "5424000000000015", "78681"))
	require.Equal(t, http.StatusSeeOther, status)
	d := w.nextWebhook(t)
	n, err := w.client.VerifyWebhook(d.signature, d.body)
	require.NoError(t, err)

	list, err := w.client.UnsettledByInvoice(ctx, "QT-DECLINEDTHEN")
	require.NoError(t, err)
	require.Len(t, list, 2)
	require.Equal(t, n.Payload.ID, list[0].ID, "newest first")
	require.Equal(t, "declined", list[1].Status)

	transID, err := gw.FindPayment(ctx, "QT-DECLINEDTHEN", want)
	require.NoError(t, err)
	require.Equal(t, n.Payload.ID, transID)

	_, err = gw.FindPayment(ctx, "QT-DECLINEDTHEN", money.USD(99))
	require.ErrorIs(t, err, payments.ErrAmountMismatch, "the amount is the quote's")
}

func TestWebhookVerifier_WebhookEventsMeanForTheQuote(t *testing.T) {
	w := newWorld(t)
	gw := authnet.NewWebhookVerifier(w.client)
	p := w.page(t, 28900, "QT-WEBHOOKKIND")
	payURL, _ := w.open(t, p)
	status, _, _ := w.post(t, payURL, payWith(p.Token, "4111111111111111", "46282"))
	require.Equal(t, http.StatusUnprocessableEntity, status)
	d := w.nextWebhook(t)
	ev, err := gw.VerifyWebhook(d.signature, d.body)
	require.NoError(t, err)
	require.Equal(t, payments.EventDenied, ev.Kind)
	require.Equal(t, "QT-WEBHOOKKIND", ev.QuoteID)

	status, _, _ = w.post(t, payURL, payWith(p.Token, "4111111111111111", "78681"))
	require.Equal(t, http.StatusSeeOther, status)
	d = w.nextWebhook(t)
	ev, err = gw.VerifyWebhook(d.signature, d.body)
	require.NoError(t, err)
	require.Equal(t, payments.WebhookEvent{
		Provider: authnet.Provider, ID: ev.ID, Type: authnet.EventAuthCaptureCreated, Kind: payments.EventCompleted,
		QuoteID: "QT-WEBHOOKKIND", Ref: ev.Ref, Amount: money.USD(28900),
	}, ev)
	require.NotEmpty(t, ev.ID)
	require.NotEmpty(t, ev.Ref)

	_, err = gw.VerifyWebhook("sha512="+string(make([]byte, 0)), d.body)
	require.ErrorIs(t, err, payments.ErrWebhookUnverified)
}
