package payments

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/money"
)

var at = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func paidBy(p Payment) Quote {
	return Quote{ID: "QT-1", Status: StatusPaid, Method: p.Method, ProviderRef: p.ProviderRef, CaptureID: p.CaptureID, ExpiresAt: at.Add(time.Hour)}
}

func TestSurplusReason_OnlyMoneyThatDoesNotPayTheQuoteAsStoredGoesBack(t *testing.T) {
	payPal := Payment{Method: MethodPayPal, ProviderRef: "ORDER-1", CaptureID: "CAPTURE-1"}
	card := Payment{Method: MethodAuthNet, ProviderRef: "60000000001"}
	open := Quote{ID: "QT-1", Status: StatusOpen, ExpiresAt: at.Add(time.Hour)}
	tests := []struct {
		name string
		q    Quote
		p    Payment
		want RefundReason
	}{
		{"an open quote takes it", open, card, ""},
		{"the capture that paid it, reported again", paidBy(payPal), payPal, ""},
		{"the card transaction that paid it, reported again", paidBy(card), card, ""},
		{"the order that paid it, its capture id unknown to the webhook", paidBy(payPal), Payment{Method: MethodPayPal, ProviderRef: "ORDER-1"}, ""},
		{"another capture after a PayPal payment", paidBy(payPal), Payment{Method: MethodPayPal, ProviderRef: "ORDER-2", CaptureID: "CAPTURE-2"}, RefundQuotePaid},
		{"a card payment after a PayPal payment", paidBy(payPal), card, RefundQuotePaid},
		{"a PayPal capture after a card payment", paidBy(card), payPal, RefundQuotePaid},
		{"a second card transaction", paidBy(card), Payment{Method: MethodAuthNet, ProviderRef: "60000000002"}, RefundQuotePaid},
		{"a card payment after a purchase order", paidBy(Payment{Method: MethodPO}), card, RefundQuotePaid},
		{"a cancelled quote", Quote{ID: "QT-1", Status: StatusCancelled, ExpiresAt: at.Add(time.Hour)}, card, RefundQuoteCancelled},
		{"an expiry written down", Quote{ID: "QT-1", Status: StatusExpired, ExpiresAt: at.Add(-time.Hour)}, payPal, RefundQuoteExpired},
		{"an open quote past its expiry", Quote{ID: "QT-1", Status: StatusOpen, ExpiresAt: at}, card, RefundQuoteExpired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, surplusReason(tt.q, tt.p, at))
		})
	}
}

func TestRefundTarget_NamesTheCaptureOrTheTransactionAndNothingForAPurchaseOrder(t *testing.T) {
	tests := []struct {
		p                 Payment
		provider, wantRef string
	}{
		{Payment{Method: MethodPayPal, ProviderRef: "ORDER-1", CaptureID: "CAPTURE-1"}, ProviderPayPal, "CAPTURE-1"},
		{Payment{Method: MethodAuthNet, ProviderRef: "60000000001"}, ProviderAuthNet, "60000000001"},
		{Payment{Method: MethodPO, CustomerPO: "PO-1"}, "", ""},
	}
	for _, tt := range tests {
		provider, ref := refundTarget(tt.p)
		require.Equal(t, tt.provider, provider)
		require.Equal(t, tt.wantRef, ref)
	}
}

func TestSettlementAnswer_APaidQuoteWhoeverPaidItElseWhyNot(t *testing.T) {
	tests := []struct {
		name    string
		status  QuoteStatus
		expires time.Time
		wantErr error
	}{
		{"paid", StatusPaid, at.Add(time.Hour), nil},
		{"cancelled", StatusCancelled, at.Add(time.Hour), ErrQuoteCancelled},
		{"expired", StatusExpired, at.Add(-time.Hour), ErrQuoteExpired},
		{"still open: another change came first", StatusOpen, at.Add(time.Hour), ErrQuoteChanged},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := Quote{ID: "QT-1", Status: tt.status, ExpiresAt: tt.expires}
			got, err := settlement{quote: q}.answer(at)
			require.ErrorIs(t, err, tt.wantErr)
			if tt.wantErr == nil {
				require.Equal(t, q, got)
			}
		})
	}
}

func TestRefundMail_SaysWhatCameBackHowAndWhy(t *testing.T) {
	q := Quote{ID: "QT-ABCDEFGHJKLM", Kind: KindService, RMANumber: "RMA-100501",
		Saved: SavedQuote{Shipping: QuoteShipping{Contact: QuoteContact{FirstName: "Casey", EmailAddress: "casey@example.com"}}}}
	void := Refund{Provider: ProviderAuthNet, ProviderRef: "60000000002", Amount: money.USD(125_00), Reason: RefundQuotePaid,
		Reversal: ReversalVoid, RefundRef: "60000000002"}
	msg := refundMail(q, void, "casey@example.com")
	require.Equal(t, []string{"casey@example.com"}, msg.To)
	require.Equal(t, "Refund of your payment for quote QT-ABCDEFGHJKLM", msg.Subject)
	for _, want := range []string{
		"Hello Casey,",
		"A card payment of $125.00 (Authorize.net transaction 60000000002) reached us for RMA RMA-100501 (quote QT-ABCDEFGHJKLM) after it had already been paid",
		"We voided it at once (reference 60000000002): your card is not charged",
	} {
		require.Contains(t, msg.Text, want)
	}

	parts := Quote{ID: "QT-PARTS0000001", Kind: KindParts, OrderID: "PB-100042"}
	refund := Refund{Provider: ProviderPayPal, ProviderRef: "3C679366HH908993F", Amount: money.USD(49_90), Reason: RefundQuoteCancelled,
		Reversal: ReversalRefund, RefundRef: "1JU08902781691411"}
	text := refundMail(parts, refund, "olivia@example.com").Text
	require.Contains(t, text, "Hello customer,")
	require.Contains(t, text, "A PayPal payment of $49.90 (capture 3C679366HH908993F) reached us for parts order PB-100042 (quote QT-PARTS0000001) after it was cancelled")
	require.Contains(t, text, "We refunded it in full at once (refund 1JU08902781691411)")
	require.NotContains(t, text, "4111", "no card data")
}

func TestErrorText_IsBoundedAndValidUTF8(t *testing.T) {
	long := errors.New(strings.Repeat("é", maxRefundError))
	got := errorText(long)
	require.LessOrEqual(t, len(got), maxRefundError)
	require.True(t, strings.HasPrefix(strings.Repeat("é", maxRefundError), got))
}
