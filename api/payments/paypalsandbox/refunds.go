package paypalsandbox

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"rugged.example/portal/api/pkg/money"
)

// refundBody is the part of a refund request the sandbox reads. Without an amount PayPal
// refunds the whole capture; the sandbox takes only that amount when one is given.
type refundBody struct {
	Amount *struct {
		Currency string `json:"currency_code"`
		Value    string `json:"value"`
	} `json:"amount"`
	InvoiceID   string `json:"invoice_id"`
	NoteToPayer string `json:"note_to_payer"`
}

// orderOfCapture is the order whose capture is id, or nil. Callers hold s.mu.
func (s *Sandbox) orderOfCapture(id string) *order {
	return s.orderWith(func(c *capture) bool { return c.ID == id })
}

// orderOfRefund is the order whose capture was refunded by refund id, or nil. Callers hold s.mu.
func (s *Sandbox) orderOfRefund(id string) *order {
	return s.orderWith(func(c *capture) bool { return c.RefundID != "" && c.RefundID == id })
}

// orderWith is the order whose capture is says it is, or nil. Callers hold s.mu.
func (s *Sandbox) orderWith(is func(*capture) bool) *order {
	for _, o := range s.orders {
		if o.Capture != nil && is(o.Capture) {
			return o
		}
	}
	return nil
}

// getPayment answers GET of the capture or refund whose id the path names: find is the order it
// belongs to, render its representation, field the name PayPal's not-found detail gives the id.
func (s *Sandbox) getPayment(field string, find func(string) *order, render func(*order) map[string]any) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		o := find(r.PathValue("id"))
		if o == nil {
			s.resourceNotFound(w, field, r.PathValue("id"))
			return
		}
		writeJSON(w, http.StatusOK, render(o))
	}
}

func (s *Sandbox) resourceNotFound(w http.ResponseWriter, field, id string) {
	s.fail(w, http.StatusNotFound, errorDetail{Field: field, Value: id, Location: "path", Issue: "INVALID_RESOURCE_ID",
		Description: "Specified resource ID does not exist. Please check the resource ID and try again."})
}

// refundCapture refunds a completed capture in full, once: the capture then reads REFUNDED and
// PAYMENT.CAPTURE.REFUNDED goes to the webhook, as PayPal sends it. The whole call holds the
// lock, so two refunds of one capture make one.
func (s *Sandbox) refundCapture(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var req refundBody
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&req); err != nil && !errors.Is(err, io.EOF) {
		s.fail(w, http.StatusBadRequest, errorDetail{Issue: "MALFORMED_REQUEST_JSON", Description: "The request JSON is not well formed."})
		return
	}
	requestID := r.Header.Get("PayPal-Request-Id")
	s.mu.Lock()
	o := s.orderOfCapture(id)
	if o == nil {
		s.mu.Unlock()
		s.resourceNotFound(w, "capture_id", id)
		return
	}
	key := "refund:" + id + ":" + requestID
	if _, ok := s.replies[key]; ok && requestID != "" {
		body, _ := json.Marshal(s.refundJSON(o))
		s.mu.Unlock()
		writeRaw(w, http.StatusOK, body)
		return
	}
	if detail := s.refusal(o, req); detail != nil {
		s.mu.Unlock()
		s.fail(w, http.StatusUnprocessableEntity, *detail)
		return
	}
	now := s.cfg.Now().UTC()
	c := o.Capture
	c.Status, c.Updated, c.RefundID, c.Refunded = "REFUNDED", now, randomID(17), now
	c.RefundInvoice, c.RefundNote = req.InvoiceID, req.NoteToPayer
	body, _ := json.Marshal(s.refundJSON(o))
	if requestID != "" {
		s.replies[key] = reply{status: http.StatusCreated, orderID: o.ID, full: true}
	}
	notify := s.notification(s.captureEvent(o, eventRefunded), eventRefunded)
	s.mu.Unlock()
	writeRaw(w, http.StatusCreated, body)
	notify()
}

// refusal is PayPal's refusal of req for o's capture, or nil. Callers hold s.mu.
func (s *Sandbox) refusal(o *order, req refundBody) *errorDetail {
	switch o.Capture.Status {
	case "COMPLETED":
	case "REFUNDED":
		return &errorDetail{Issue: "CAPTURE_FULLY_REFUNDED", Description: "The capture has already been fully refunded"}
	default:
		return &errorDetail{Issue: "REFUND_NOT_ALLOWED", Description: "A refund can be issued only for a completed capture."}
	}
	if req.Amount != nil {
		amount, err := money.ParseDecimal(req.Amount.Value, req.Amount.Currency)
		switch {
		case err != nil || amount.Currency != o.Amount.Currency:
			return &errorDetail{Field: "/amount", Issue: "INVALID_PARAMETER_VALUE", Description: "The value of a field is invalid."}
		case amount.Cents > o.Amount.Cents:
			return &errorDetail{Field: "/amount/value", Issue: "REFUND_AMOUNT_EXCEEDED", Description: "The refund amount must be less than or equal to the capture amount that has not yet been refunded."}
		case amount.Cents != o.Amount.Cents:
			return &errorDetail{Field: "/amount/value", Issue: "PARTIAL_REFUND_NOT_ALLOWED", Description: "The sandbox refunds a capture in full only."}
		}
	}
	return nil
}

// refundJSON renders o's refund as Payments v2 does. Callers hold s.mu.
func (s *Sandbox) refundJSON(o *order) map[string]any {
	c := o.Capture
	out := map[string]any{
		"id":     c.RefundID,
		"status": "COMPLETED",
		"amount": toMoneyJSON(o.Amount),
		"seller_payable_breakdown": map[string]any{
			"gross_amount":          toMoneyJSON(o.Amount),
			"paypal_fee":            toMoneyJSON(money.Money{Cents: 0, Currency: o.Amount.Currency}),
			"net_amount":            toMoneyJSON(o.Amount),
			"total_refunded_amount": toMoneyJSON(o.Amount),
		},
		"links": []link{
			{Href: s.cfg.BaseURL + "/v2/payments/refunds/" + c.RefundID, Rel: "self", Method: "GET"},
			{Href: s.cfg.BaseURL + "/v2/payments/captures/" + c.ID, Rel: "up", Method: "GET"},
		},
		"create_time": c.Refunded.Format(time.RFC3339),
		"update_time": c.Refunded.Format(time.RFC3339),
	}
	invoice := c.RefundInvoice
	if invoice == "" {
		invoice = o.InvoiceID
	}
	if invoice != "" {
		out["invoice_id"] = invoice
	}
	if c.RefundNote != "" {
		out["note_to_payer"] = c.RefundNote
	}
	return out
}
