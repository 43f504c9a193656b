package payments

import (
	"context"
	"crypto/subtle"
	"strings"

	"rugged.example/portal/api/pkg/fault"
)

// ErrQuoteNotPayable is a saved quote without an RMA on a pay-quote page: it is paid by
// submitting its RMA, so that a payment always has a repair to fulfil.
var ErrQuoteNotPayable = fault.New(fault.KindConflict, "payments.quoteNotPayable",
	"This quote is paid when you submit its RMA. Open it from your saved quotes to continue.")

// payPageQuote is owner's quote id for a pay-quote page: the reference of the link must match
// (else ErrQuoteNotFound, as for an unknown quote), and the quote must have an RMA to fulfil (a
// batch quote is paid on its batch's page: ErrBatchQuoteNotPayable).
func (c *Checkout) payPageQuote(ctx context.Context, owner, id, reference string) (Quote, error) {
	q, err := c.ownQuote(ctx, owner, id)
	if err != nil {
		return Quote{}, err
	}
	if subtle.ConstantTimeCompare([]byte(q.Reference), []byte(strings.TrimSpace(reference))) != 1 {
		return Quote{}, ErrQuoteNotFound
	}
	if q.Kind == KindBatch {
		return Quote{}, ErrBatchQuoteNotPayable
	}
	if q.RMANumber == "" {
		return Quote{}, ErrQuoteNotPayable
	}
	return q, nil
}

// StartQuotePayPal starts paying owner's quote id on the pay-quote page: the PayPal order and
// its approve link, back to /pay-quote/{uid}/{reference} or /service-quote-cancel?quote={uid}.
func (c *Checkout) StartQuotePayPal(ctx context.Context, owner, id, reference string) (string, error) {
	q, err := c.payPageQuote(ctx, owner, id, reference)
	if err != nil {
		return "", err
	}
	return c.StartPayPal(ctx, q,
		c.d.PublicURL+q.payQuotePath(),
		c.d.PublicURL+q.quoteCancelPath())
}

// CaptureQuotePayPal captures the approved PayPal order of owner's quote id (token is the order
// id PayPal returned with) and returns the paid quote; a repeat returns the same.
func (c *Checkout) CaptureQuotePayPal(ctx context.Context, owner, id, reference, token string) (Quote, error) {
	q, err := c.payPageQuote(ctx, owner, id, reference)
	if err != nil {
		return Quote{}, err
	}
	if q.Status == StatusPaid {
		return q, nil
	}
	if err := c.payable(q); err != nil {
		return Quote{}, err
	}
	if token == "" || token != q.ProviderRef {
		return Quote{}, ErrNotFound
	}
	s, err := c.capturePayPal(ctx, q)
	if err != nil {
		return Quote{}, err
	}
	c.fulfil(ctx, s.quote, s.won)
	return s.answer(c.d.Now())
}
