package paypal_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/pkg/money"
)

const refundPath = "/v2/payments/captures/3C679366HH908993F/refund"

func TestRefundCapture_MapsRecordedResponses(t *testing.T) {
	tests := []struct {
		name    string
		answer  answer
		want    paypal.Refund
		wantErr error
	}{
		{"completed", answer{201, "refund_completed.json", ""},
			paypal.Refund{ID: "1JU08902781691411", Status: paypal.RefundCompleted, Amount: money.USD(28900), InvoiceID: quoteID}, nil},
		{"failed at PayPal", answer{201, "refund_failed.json", ""},
			paypal.Refund{ID: "1JU08902781691411", Status: "FAILED", Amount: money.USD(28900), InvoiceID: quoteID}, payments.ErrProviderUnavailable},
		{"refunded in full before", answer{422, "error_capture_fully_refunded.json", ""}, paypal.Refund{}, paypal.ErrCaptureRefunded},
		{"unknown capture", answer{404, "error_not_found.json", ""}, paypal.Refund{}, payments.ErrNotFound},
		{"outage", answer{503, "", "<html>503</html>"}, paypal.Refund{}, payments.ErrProviderUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := newRecorded(t, map[string]answer{"POST " + refundPath: tt.answer})
			got, err := rec.client(t).RefundCapture(context.Background(), "3C679366HH908993F", quoteID, "Paid twice.")
			require.ErrorIs(t, err, tt.wantErr)
			require.Equal(t, tt.want, got)
			sent := rec.requests("POST " + refundPath)
			require.Len(t, sent, 1)
			require.Equal(t, "refund-3C679366HH908993F", sent[0].header.Get("PayPal-Request-Id"), "a retry gets the first refund back")
			require.JSONEq(t, `{"invoice_id":"`+quoteID+`","note_to_payer":"Paid twice."}`, string(sent[0].body),
				"no amount: the whole capture, never more")
		})
	}
}

func TestRefundCapture_IDsThatCannotBeCapturesAreNotFoundWithoutACall(t *testing.T) {
	rec := newRecorded(t, map[string]answer{})
	_, err := rec.client(t).RefundCapture(context.Background(), "../orders/5O190127TN364715T", quoteID, "")
	require.ErrorIs(t, err, payments.ErrNotFound)
	require.Empty(t, rec.requests("POST "+refundPath))
}

func TestGatewayRefund_AFullyRefundedCaptureIsGivenBack(t *testing.T) {
	rec := newRecorded(t, map[string]answer{"POST " + refundPath: {422, "error_capture_fully_refunded.json", ""}})
	got, err := paypal.NewGateway(rec.client(t)).Refund(context.Background(), "3C679366HH908993F", quoteID)
	require.NoError(t, err)
	require.Equal(t, payments.Reversed{Reversal: payments.ReversalRefund}, got)
}
