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

// paid runs a payment of cents for invoice on the hosted form and returns its transaction id,
// with its authcapture.created webhook taken off the queue.
func (w *world) paid(t *testing.T, cents int64, invoice string) string {
	t.Helper()
	p := w.page(t, cents, invoice)
	payURL, _ := w.open(t, p)
	status, _, _ := w.post(t, payURL, payWith(p.Token, "4111111111111111", "78681"))
	require.Equal(t, http.StatusSeeOther, status)
	d := w.nextWebhook(t)
	n, err := w.client.VerifyWebhook(d.signature, d.body)
	require.NoError(t, err)
	return n.Payload.ID
}

func TestSandbox_ReverseVoidsAnUnsettledPaymentOnce(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	gw := authnet.NewGateway(w.client)
	transID := w.paid(t, 12500, "QT-VOIDME000001")

	got, err := gw.CapturedPayment(ctx, transID, "QT-VOIDME000001")
	require.NoError(t, err)
	require.Equal(t, payments.Captured{Ref: transID, Amount: money.USD(12500)}, got)
	list, err := gw.CapturedPayments(ctx, "QT-VOIDME000001")
	require.NoError(t, err)
	require.Equal(t, []payments.Captured{{Ref: transID, Amount: money.USD(12500)}}, list)

	_, err = gw.Reverse(ctx, transID, "QT-ANOTHER00001")
	require.ErrorIs(t, err, authnet.ErrInvoiceMismatch, "another quote's payment is never touched")

	back, err := gw.Reverse(ctx, transID, "QT-VOIDME000001")
	require.NoError(t, err)
	require.Equal(t, payments.Reversed{Reversal: payments.ReversalVoid, Ref: transID, Amount: money.USD(12500)}, back)

	d := w.nextWebhook(t)
	n, err := w.client.VerifyWebhook(d.signature, d.body)
	require.NoError(t, err)
	require.Equal(t, authnet.EventVoidCreated, n.EventType, "the sandbox tells the webhook as Authorize.net does")
	require.Equal(t, transID, n.Payload.ID)
	require.Equal(t, "QT-VOIDME000001", n.Payload.InvoiceNumber)

	tx, err := w.client.TransactionDetails(ctx, transID)
	require.NoError(t, err)
	require.Equal(t, authnet.StatusVoided, tx.Status, "the sandbox shows the void")
	_, err = gw.CapturedPayment(ctx, transID, "QT-VOIDME000001")
	require.ErrorIs(t, err, authnet.ErrNotCaptured)
	list, err = gw.CapturedPayments(ctx, "QT-VOIDME000001")
	require.NoError(t, err)
	require.Empty(t, list, "a voided payment took nothing")

	again, err := gw.Reverse(ctx, transID, "QT-VOIDME000001")
	require.NoError(t, err, "a repeat finds it voided")
	require.Equal(t, back, again)
	r, err := w.client.Void(ctx, transID)
	require.NoError(t, err)
	require.True(t, r.AlreadyVoided, "a second void is answered with reason 310")
	w.noWebhook(t)
}

func TestSandbox_ReverseRefundsASettledPaymentOnce(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	gw := authnet.NewGateway(w.client)
	transID := w.paid(t, 9995, "QT-REFUNDME0001")
	require.Equal(t, 1, w.sandbox.Settle(), "the batch settles the payment")

	_, err := w.client.Void(ctx, transID)
	require.ErrorIs(t, err, payments.ErrNotFound, "a settled payment cannot be voided")
	list, err := gw.CapturedPayments(ctx, "QT-REFUNDME0001")
	require.NoError(t, err)
	require.Empty(t, list, "a settled payment leaves the unsettled list")

	back, err := gw.Reverse(ctx, transID, "QT-REFUNDME0001")
	require.NoError(t, err)
	require.Equal(t, payments.ReversalRefund, back.Reversal)
	require.Equal(t, money.USD(9995), back.Amount)
	require.NotEqual(t, transID, back.Ref, "a refund is a transaction of its own")

	d := w.nextWebhook(t)
	n, err := w.client.VerifyWebhook(d.signature, d.body)
	require.NoError(t, err)
	require.Equal(t, authnet.EventRefundCreated, n.EventType)
	require.Equal(t, back.Ref, n.Payload.ID)
	require.Equal(t, money.USD(9995), n.Payload.AuthAmount)

	refund, err := w.client.TransactionDetails(ctx, back.Ref)
	require.NoError(t, err)
	require.Equal(t, "refundTransaction", refund.Type)
	require.Equal(t, authnet.StatusRefundPendingSettlement, refund.Status)
	require.Equal(t, "QT-REFUNDME0001", refund.InvoiceNumber)

	_, err = w.client.RefundTransaction(ctx, transID, money.USD(1), "XXXX1111", "QT-REFUNDME0001")
	require.ErrorIs(t, err, authnet.ErrAlreadyRefunded, "nothing is left to refund")
	again, err := gw.Reverse(ctx, transID, "QT-REFUNDME0001")
	require.NoError(t, err, "a repeat finds it refunded in full")
	require.Equal(t, payments.ReversalRefund, again.Reversal)
	w.noWebhook(t)
}

func TestSandbox_RefundIsRefusedWhereAuthorizeNetRefusesIt(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	transID := w.paid(t, 5000, "QT-REFUSEDREF01")

	_, err := w.client.RefundTransaction(ctx, transID, money.USD(5000), "XXXX1111", "QT-REFUSEDREF01")
	require.ErrorIs(t, err, authnet.ErrNotSettled, "an unsettled payment is voided, not refunded")
	w.sandbox.Settle()
	_, err = w.client.RefundTransaction(ctx, transID, money.USD(5000), "XXXX0002", "QT-REFUSEDREF01")
	require.ErrorIs(t, err, payments.ErrProviderUnavailable, "another card's digits")
	_, err = w.client.RefundTransaction(ctx, transID, money.USD(5001), "XXXX1111", "QT-REFUSEDREF01")
	require.ErrorIs(t, err, authnet.ErrAlreadyRefunded, "more than the payment took")
	_, err = w.client.RefundTransaction(ctx, "60000009999", money.USD(5000), "XXXX1111", "QT-REFUSEDREF01")
	require.ErrorIs(t, err, payments.ErrNotFound)
	_, err = w.client.Void(ctx, "not-a-transaction")
	require.ErrorIs(t, err, authnet.ErrInvalidRequest, "refused without a call")
}
