package repair

import (
	"context"
	"errors"

	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/rma/rma"
)

// save stores the saved quote, holds its attachments for as long as it can be paid and
// remembers the request's idempotency key, in one transaction. A key that saved a quote before
// (or meanwhile: a double click) answers that quote.
func (s *Service) save(ctx context.Context, c Customer, p rma.Prepared, key idempotency.Key, saved SavedQuote) (Result, error) {
	if !key.IsZero() {
		if res, ok, err := s.savedForKey(ctx, c.Subject, key, saved); ok || err != nil {
			return res, err
		}
	}
	var q Quote
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if q, err = s.d.Payments.SaveQuote(ctx, c.Subject, c.Org, p.RMA.Serial, saved.Total, saved); err != nil {
			return err
		}
		if err := prefixed(s.d.Attachments.Hold(ctx, c.Subject, p.RMA.Problem.Attachments, q.ExpiresAt), "rmaInput.attachments"); err != nil {
			return err
		}
		if key.IsZero() {
			return nil
		}
		return s.d.QuoteKeys.RememberSavedQuote(ctx, c.Subject, key.String(), q.ID)
	})
	if errors.Is(err, rma.ErrDuplicateRequest) {
		res, _, err := s.savedForKey(ctx, c.Subject, key, saved)
		return res, err
	}
	if err != nil {
		return Result{}, err
	}
	// The saved quote as built here, packaging included, whatever the payments module keeps of it.
	return Result{QuoteID: q.ID, Saved: &saved}, nil
}

// savedForKey answers a retried save with the quote the owner's key saved. The retry carries
// the same submission, so the quote's content is built from it again, at the stored amount.
func (s *Service) savedForKey(ctx context.Context, owner string, key idempotency.Key, saved SavedQuote) (Result, bool, error) {
	id, ok, err := s.d.QuoteKeys.SavedQuoteForKey(ctx, owner, key.String())
	if !ok || err != nil {
		return Result{}, ok, err
	}
	q, err := s.d.Payments.SavedQuote(ctx, owner, id)
	if err != nil {
		return Result{}, true, err
	}
	saved.Total = q.Amount
	return Result{QuoteID: q.ID, Saved: &saved}, true, nil
}
