package repair

import (
	"context"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/rma/rma"
)

// ErrQuoteMismatch is a saved quote paid for another problem than the one it priced.
var ErrQuoteMismatch = fault.New(fault.KindConflict, "repair.quoteMismatch",
	"The problem differs from the one the saved quote priced. Save a new quote for it.")

// CreateOutOfWarranty saves a quote, or opens the RMA with its quote and starts its payment
// (an out-of-warranty repair, or an upgrade of any unit, rmaType UPGRADE):
// by PayPal (the result carries the approve link) or by purchase order (settled at once; the
// browser processes next). The amount is the server's price less c's discount, or the saved
// quote's. A request whose idempotency key opened an RMA, before or meanwhile (a double click),
// answers with that RMA.
func (s *Service) CreateOutOfWarranty(ctx context.Context, c Customer, r Request) (Result, error) {
	r.Create.Owner, r.Create.Org, r.Create.OpenedByName = c.Subject, c.Org, c.Name
	key := r.Create.IdempotencyKey
	if r.Payment.Save || key.IsZero() {
		return s.createOutOfWarranty(ctx, c, r)
	}
	if res, ok, err := s.answerForKey(ctx, c.Subject, key); ok || err != nil {
		return res, err
	}
	res, err := s.createOutOfWarranty(ctx, c, r)
	if err != nil {
		// A concurrent request with the same key may have opened the RMA (and so made this one
		// fail on the unit or the key): then its RMA is the answer.
		if prior, ok, perr := s.answerForKey(ctx, c.Subject, key); ok || perr != nil {
			return prior, perr
		}
	}
	return res, err
}

// answerForKey answers with the RMA the owner's key opened, if any.
func (s *Service) answerForKey(ctx context.Context, owner string, key idempotency.Key) (Result, bool, error) {
	prior, ok, err := s.d.RMAs.RMAForKey(ctx, owner, key)
	if !ok || err != nil {
		return Result{}, ok, err
	}
	res, err := s.answerFor(ctx, prior)
	return res, true, err
}

func (s *Service) createOutOfWarranty(ctx context.Context, c Customer, r Request) (Result, error) {
	p, err := s.prepare(ctx, c, &r)
	if err != nil {
		return Result{}, err
	}
	// Spec §6's flat discount is the customer's rate for paid service work: an upgrade, paid
	// exactly like an out-of-warranty repair, gets it too.
	amount := p.Price().Discounted(c.DiscountPercent)
	names, err := s.d.Attachments.OriginalNames(ctx, c.Subject, p.RMA.Problem.Attachments)
	if err != nil {
		return Result{}, err
	}
	saved := savedQuote(p.RMA, amount, names)
	if r.Payment.Save {
		return s.save(ctx, c, p, r.Create.IdempotencyKey, saved)
	}

	var rec rma.RMA
	var q Quote
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = s.d.RMAs.OpenAwaitingPayment(ctx, p, r.Create.IdempotencyKey); err != nil {
			return err
		}
		q, err = s.d.Payments.QuoteForRMA(ctx, RMAQuote{
			Owner: c.Subject, Org: rec.Org, Serial: rec.Serial, RMANumber: rec.Number, Amount: amount, Saved: saved, SavedQuoteID: r.Payment.QuoteID,
		})
		if err != nil {
			return err
		}
		if r.Payment.QuoteID != "" && !sameOption(q.Saved, p.RMA) {
			return ErrQuoteMismatch
		}
		if r.Payment.Method != MethodPO {
			return nil
		}
		if q, err = s.d.Payments.AcceptPurchaseOrder(ctx, c.Subject, rec.Number, r.Payment.CustomerPO); err != nil {
			return err
		}
		return prefixed(s.d.PurchaseOrders.ClaimPurchaseOrder(ctx, c.Subject, r.Payment.CustomerPOFileID, rec.Number), payments.FieldPOFile)
	})
	if err != nil {
		return Result{}, err
	}
	s.d.RMAs.Opened(ctx, rec)
	if r.Payment.Method == MethodPO {
		return Result{RMANumber: rec.Number, QuoteID: q.ID}, nil
	}
	link, err := s.d.Payments.StartPayPal(ctx, c.Subject, rec.Number, s.returnURL(rec), s.cancelURL(rec))
	if err != nil {
		// Without a way to pay, the RMA would hold the unit for nothing. The cancellation runs
		// even when the customer has gone meanwhile.
		s.d.Log.WarnContext(ctx, "paypal order not created; the RMA is cancelled", "rma", rec.Number, "err", err)
		if _, cerr := s.Cancel(context.WithoutCancel(ctx), c.Subject, rec.Number); cerr != nil {
			s.d.Log.ErrorContext(ctx, "RMA without payment not cancelled", "rma", rec.Number, "err", cerr)
		}
		return Result{}, err
	}
	return Result{RMANumber: rec.Number, QuoteID: q.ID, PaymentURL: link}, nil
}

// answerFor answers a retried submission with the RMA the first one opened: its quote and, while
// it is unpaid, the approve link of its PayPal order (the same order again).
func (s *Service) answerFor(ctx context.Context, rec rma.RMA) (Result, error) {
	if rec.Status == rma.StatusCancelled {
		return Result{}, rma.ErrRMACancelled
	}
	q, err := s.d.Payments.QuoteOfRMA(ctx, rec.Owner, rec.Number)
	if err != nil {
		return Result{}, err
	}
	res := Result{RMANumber: rec.Number, QuoteID: q.ID}
	if q.Paid {
		return res, nil
	}
	if res.PaymentURL, err = s.d.Payments.StartPayPal(ctx, rec.Owner, rec.Number, s.returnURL(rec), s.cancelURL(rec)); err != nil {
		return Result{}, err
	}
	return res, nil
}
