package paypal_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/pkg/money"
)

// captured is an order of quoteID for amount, approved with card and captured, its
// PAYMENT.CAPTURE.COMPLETED taken off the queue.
func (h *harness) captured(t *testing.T, quoteID string, amount money.Money, card string) (paypal.Order, paypal.Capture) {
	t.Helper()
	order := h.create(t, quoteID, amount)
	h.approve(t, order, card)
	captured, err := h.client.Capture(context.Background(), order.ID, quoteID, amount)
	require.NoError(t, err)
	h.nextHook(t)
	return order, captured
}

func TestSandbox_ACaptureIsRefundedOnceWithItsWebhook(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	order, captured := h.captured(t, "Q-7001", money.USD(28900), "4111 1111 1111 1111")

	refund, err := h.client.RefundCapture(ctx, captured.ID, "Q-7001", "Paid twice.")
	require.NoError(t, err)
	require.Equal(t, paypal.RefundCompleted, refund.Status)
	require.Equal(t, money.USD(28900), refund.Amount, "the whole capture")
	require.Equal(t, "Q-7001", refund.InvoiceID)

	d := h.nextHook(t)
	ev, err := h.client.Verify(ctx, d.header, d.body)
	require.NoError(t, err, "the refund's webhook is signed as PayPal signs it")
	require.Equal(t, paypal.EventCaptureRefunded, ev.Type)
	require.Equal(t, refund.ID, ev.ResourceID)
	require.Equal(t, "Q-7001", ev.InvoiceID)

	got, err := h.client.GetOrder(ctx, order.ID)
	require.NoError(t, err)
	require.Equal(t, "REFUNDED", got.Captures[0].Status, "the sandbox shows the refund on the order's capture")
	require.Contains(t, h.page(t, order.PaymentURL), "refunded in full (refund "+refund.ID+")")

	again, err := h.client.RefundCapture(ctx, captured.ID, "Q-7001", "Paid twice.")
	require.NoError(t, err, "a retry with the same request id gets the first refund back")
	require.Equal(t, refund, again)
	other, err := h.newClient(t, "8PT597110X687430LKGECATA").RefundCapture(ctx, "UNKNOWNCAPTURE01", "Q-7001", "")
	require.ErrorIs(t, err, payments.ErrNotFound, "an unknown capture")
	require.Empty(t, other)
}

func TestSandbox_ASecondRefundOfACaptureIsRefused(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	order, captured := h.captured(t, "Q-7002", money.USD(4500), "5555 5555 5555 4444")
	require.NoError(t, h.sandbox.SendEvent(ctx, order.ID, paypal.EventCaptureRefunded), "refunded by hand, from the sandbox's page")

	_, err := h.client.RefundCapture(ctx, captured.ID, "Q-7002", "")
	require.ErrorIs(t, err, paypal.ErrCaptureRefunded)
	back, err := paypal.NewGateway(h.client).Refund(ctx, captured.ID, "Q-7002")
	require.NoError(t, err, "the gateway answers it as given back")
	require.Equal(t, payments.ReversalRefund, back.Reversal)
}
