package paymentsdb_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentstest"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

// orderQuote opens the parts quote of casey's parts order id.
func (f *fixture) orderQuote(t *testing.T, id string, cents int64) payments.Quote {
	t.Helper()
	q, err := f.checkout.QuoteForOrder(t.Context(), payments.OrderQuote{
		Owner: "usr_casey", OrderID: id, Amount: money.USD(cents), Contact: caseyContact,
	})
	require.NoError(t, err)
	return q
}

// A parts order is paid through a quote of kind parts tied to the order: by PO in the order's
// transaction, or by PayPal, settled by the payer's return or paid by the webhook, which tells
// the Fulfiller the order id; cancelling the order cancels its open quote only.
func TestIntegrationCheckout_PartsOrderQuotes(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()

		po := f.orderQuote(t, "PB-100001", 258_00)
		require.Equal(t, payments.KindParts, po.Kind)
		require.Empty(t, po.Serial)
		require.Empty(t, po.RMANumber)
		got, err := f.checkout.QuoteOfOrder(ctx, "usr_casey", "PB-100001")
		require.NoError(t, err)
		require.Equal(t, po, got, "the quote is stored as opened, order id included")
		_, err = f.checkout.QuoteOfOrder(ctx, "usr_olivia", "PB-100001")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound, "another owner's order has no quote of theirs")
		_, err = f.checkout.QuoteOfRMA(ctx, "usr_casey", "PB-100001")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound, "an order is not an RMA")

		paid, err := f.checkout.AcceptPurchaseOrder(ctx, po, "PO-5521")
		require.NoError(t, err)
		require.Equal(t, payments.StatusPaid, paid.Status)
		receipts := f.receipts(t)
		require.Len(t, receipts, 1)
		require.Contains(t, receipts[0].Message.Text, "purchase order PO-5521")
		require.Contains(t, receipts[0].Message.Text, "parts order PB-100001")
		require.ErrorIs(t, f.checkout.CancelForOrder(ctx, "usr_casey", "PB-100001"), payments.ErrAlreadyPaid)

		card := f.orderQuote(t, "PB-100002", 99_00)
		url, err := f.checkout.StartPayPal(ctx, card, f.providers.URL+"/parts-order/checkout?batch=PB-100002",
			f.providers.URL+"/parts-order/checkout?batch=PB-100002&cancelled=1")
		require.NoError(t, err)
		back := f.providers.ApprovePayPal(t, url, paymentstest.CardPays)
		require.Equal(t, "/parts-order/checkout", back.Path)
		require.Equal(t, "PB-100002", back.Query().Get("batch"))
		settled, err := f.checkout.SettleOrder(ctx, "usr_casey", "PB-100002", back.Query().Get("token"))
		require.NoError(t, err)
		require.Equal(t, payments.StatusPaid, settled.Status)
		require.Equal(t, money.USD(99_00), settled.Amount)
		f.waitForEvent(t, card.ID, "PAYMENT.CAPTURE.COMPLETED")
		// The return and the capture's webhook race: the webhook tells the Fulfiller only when it
		// won, and then names the order it paid.
		calls := f.fulfilled.calls()
		require.LessOrEqual(t, len(calls), 1)
		for _, c := range calls {
			require.Equal(t, "PB-100002", c.OrderID)
			require.Equal(t, payments.KindParts, c.Kind)
		}
		require.Len(t, f.receipts(t), 2, "one receipt per paid quote")

		approved := f.orderQuote(t, "PB-100003", 45_00)
		url, err = f.checkout.StartPayPal(ctx, approved, f.providers.URL+"/parts-order/checkout?batch=PB-100003", f.providers.URL+"/x")
		require.NoError(t, err)
		f.providers.ApprovePayPal(t, url, paymentstest.CardPays)
		_, err = f.checkout.SettleOrder(ctx, "usr_casey", "PB-100003", "EC-NOT-THE-ORDER")
		require.ErrorIs(t, err, payments.ErrNotFound, "a token that is not the order's")

		open := f.orderQuote(t, "PB-100004", 12_00)
		require.NoError(t, f.checkout.CancelForOrder(ctx, "usr_olivia", "PB-100004"), "another owner's: nothing of theirs")
		require.Equal(t, payments.StatusOpen, f.quote(t, open.ID).Status)
		require.NoError(t, f.checkout.CancelForOrder(ctx, "usr_casey", "PB-100004"))
		require.Equal(t, payments.StatusCancelled, f.quote(t, open.ID).Status)
		require.NoError(t, f.checkout.CancelForOrder(ctx, "usr_casey", "PB-100004"), "cancelled twice")
		_, err = f.checkout.SettleOrder(ctx, "usr_casey", "PB-100004", "")
		require.ErrorIs(t, err, payments.ErrQuoteCancelled)
	})
}
