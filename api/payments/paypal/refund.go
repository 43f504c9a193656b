package paypal

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// Refund statuses of Payments v2.
const (
	RefundCompleted = "COMPLETED"
	RefundPending   = "PENDING"
)

// ErrCaptureRefunded is a capture PayPal has already refunded in full
// (CAPTURE_FULLY_REFUNDED): the money is back with the payer, by this client or by hand.
var ErrCaptureRefunded = errors.New("paypal: the capture is already refunded in full")

// Refund is money PayPal gave back for a capture.
type Refund struct {
	ID string
	// Status is COMPLETED, or PENDING while PayPal completes it (it then sends
	// PAYMENT.CAPTURE.REFUNDED).
	Status    string
	Amount    money.Money
	InvoiceID string
}

// refundRequest is the body of a full refund: no amount, so PayPal refunds what the capture
// took (and the same request can never refund more).
type refundRequest struct {
	InvoiceID   string `json:"invoice_id,omitempty"`
	NoteToPayer string `json:"note_to_payer,omitempty"`
}

type refundResponse struct {
	ID        string      `json:"id"`
	Status    string      `json:"status"`
	Amount    *amountJSON `json:"amount"`
	InvoiceID string      `json:"invoice_id"`
}

// RefundCapture gives capture captureID back in full (POST /v2/payments/captures/{id}/refund),
// naming the quote as the refund's invoice id and telling the payer why in note. Its
// PayPal-Request-Id is derived from the capture, so a retry after a lost answer gets the first
// refund back; and since the refund is always full, PayPal refuses a second one anyway
// (CAPTURE_FULLY_REFUNDED, answered as ErrCaptureRefunded). A refund PayPal reports FAILED or
// CANCELLED is payments.ErrProviderUnavailable: the money is still with the merchant.
func (c *Client) RefundCapture(ctx context.Context, captureID, invoiceID, note string) (Refund, error) {
	if !validID(captureID) {
		return Refund{}, payments.ErrNotFound
	}
	req, err := c.api.NewRequest(ctx, http.MethodPost, c.api.APIBase+"/v2/payments/captures/"+captureID+"/refund",
		refundRequest{InvoiceID: invoiceID, NoteToPayer: note})
	if err != nil {
		return Refund{}, fmt.Errorf("paypal: refund capture: %w", err)
	}
	req.Header.Set("PayPal-Request-Id", "refund-"+captureID)
	req.Header.Set("Prefer", "return=representation")
	var res refundResponse
	if err := c.api.SendWithAuth(req, &res); err != nil {
		if issue(err) == "CAPTURE_FULLY_REFUNDED" {
			return Refund{}, fmt.Errorf("%w: %w", ErrCaptureRefunded, mapError("refund capture", err))
		}
		return Refund{}, mapError("refund capture", err)
	}
	out := Refund{ID: res.ID, Status: res.Status, InvoiceID: res.InvoiceID}
	if res.Amount != nil {
		out.Amount = toMoney(res.Amount.Currency, res.Amount.Value)
	}
	if res.Status != RefundCompleted && res.Status != RefundPending {
		return out, fmt.Errorf("%w: paypal refund %s of capture %s is %s", payments.ErrProviderUnavailable, res.ID, captureID, res.Status)
	}
	return out, nil
}
