package batch

import (
	"context"
	"errors"
	"strings"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/pkg/visibility"

	"rugged.example/portal/api/payments/payments"
)

// MsgPayMethods refuses a later payment that is neither PO nor PayPal.
const MsgPayMethods = "Must be PO or PayPal"

func viewerOf(p auth.Principal) visibility.Viewer {
	return visibility.Viewer{Subject: p.Subject, Org: p.Org}
}

// Pay pays the batch's open quote later (the save path), by its owner: by PO at once (the
// AWAITING_PAYMENT rows turn PENDING in the payment's transaction, the PO file claimed), or by
// PayPal (the approve link; ConfirmPayment finishes). A batch without an open quote is
// ErrNothingToPay.
func (s *Service) Pay(ctx context.Context, caller auth.Principal, id string, p PaymentData) (Submitted, error) {
	b, err := s.own(ctx, viewerOf(caller), id)
	if err != nil {
		return Submitted{}, err
	}
	if b.Payment == nil || b.Payment.Status != QuoteOpen || b.Counts().AwaitingPayment == 0 {
		return Submitted{}, ErrNothingToPay
	}
	var v validate.Errors
	if p.Method == MethodSave {
		v.Add(payments.FieldPaymentMethod, MsgPayMethods)
	} else if err := s.validatePayment(&v, customerOf(caller), &p); err != nil {
		return Submitted{}, err
	}
	if err := v.Err(); err != nil {
		return Submitted{}, err
	}
	if p.Method == MethodPayPal {
		link, err := s.d.Payments.StartPayPal(ctx, b.Owner, b.ID, s.returnURL(b.ID), s.cancelURL(b.ID))
		if err != nil {
			return Submitted{}, err
		}
		pay := *b.Payment
		pay.Method = MethodPayPal
		if err := s.d.Store.SetPayment(ctx, b.ID, &pay); err != nil {
			return Submitted{}, err
		}
		got, err := s.Get(ctx, viewerOf(caller), b.ID)
		return Submitted{Batch: got, PaymentURL: link}, err
	}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.payByPO(ctx, b, p.CustomerPO, p.CustomerPOFileID); err != nil {
			return err
		}
		if _, err := s.d.Store.MoveRows(ctx, b.ID, RowAwaitingPayment, RowPending, nil); err != nil {
			return err
		}
		pay := *b.Payment
		pay.Status, pay.Method, pay.CustomerPO = QuotePaid, MethodPO, p.CustomerPO
		return s.d.Store.SetPayment(ctx, b.ID, &pay)
	})
	if err != nil {
		return Submitted{}, err
	}
	s.d.Log.InfoContext(ctx, "batch paid by PO", "batch", b.ID, "quote", b.Payment.QuoteID)
	s.notify()
	got, err := s.Get(ctx, viewerOf(caller), b.ID)
	return Submitted{Batch: got}, err
}

// ConfirmPayment finishes the owner's card payment once PayPal sent the payer back: the
// approved order is captured (payments' SettleBatch) and the AWAITING_PAYMENT rows turn
// PENDING. A repeat, or a quote a webhook paid first, answers the batch as it is; an unapproved
// or declined payment the payments module's refusal.
func (s *Service) ConfirmPayment(ctx context.Context, caller auth.Principal, id, token string) (Batch, error) {
	b, err := s.own(ctx, viewerOf(caller), id)
	if err != nil {
		return Batch{}, err
	}
	if b.Payment == nil {
		return Batch{}, ErrNothingToPay
	}
	if b.Payment.Status != QuotePaid {
		// The capture commits in the payments module's own transaction before the rows move:
		// were the two one transaction, a failure after PayPal took the money would forget it
		// was taken. A repeat (or the webhook, BatchPaid) moves the rows if this one could not.
		q, err := s.d.Payments.SettleBatch(ctx, b.Owner, b.ID, strings.TrimSpace(token))
		if err != nil {
			return Batch{}, err
		}
		if err := s.markPaid(ctx, b.ID, q.ID); err != nil {
			return Batch{}, err
		}
	}
	return s.Get(ctx, viewerOf(caller), b.ID)
}

// BatchPaid turns batch id's AWAITING_PAYMENT rows PENDING once the payments side paid its
// quote quoteID itself (a webhook): the composition root's Fulfiller calls it, in whichever
// process handled the webhook; the batch process's worker then creates the RMAs. A repeat, or a
// batch the payer's return settled first, changes nothing.
func (s *Service) BatchPaid(ctx context.Context, id, quoteID string) error {
	return s.markPaid(ctx, id, quoteID)
}

// markPaid records quote quoteID paid and turns the batch's AWAITING_PAYMENT rows PENDING, in
// one transaction. A quote that is not the batch's current one (cancelled by a removal, or
// expired) paid anyway is money staff give back: it is logged.
func (s *Service) markPaid(ctx context.Context, id, quoteID string) error {
	moved := false
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		b, err := s.d.Store.Batch(ctx, id)
		if err != nil {
			return err
		}
		p := b.Payment
		switch {
		case p == nil || p.QuoteID != quoteID:
			s.d.Log.ErrorContext(ctx, "a batch quote no longer current was paid; refund it", "batch", id, "quote", quoteID)
			return nil
		case p.Status == QuotePaid:
			return nil
		case p.Status != QuoteOpen:
			s.d.Log.ErrorContext(ctx, "a batch quote was paid after it was "+string(p.Status)+"; refund it", "batch", id, "quote", quoteID)
			return nil
		}
		if _, err := s.d.Store.MoveRows(ctx, id, RowAwaitingPayment, RowPending, nil); err != nil {
			return err
		}
		pay := *p
		pay.Status = QuotePaid
		if pay.Method == "" {
			pay.Method = MethodPayPal
		}
		moved = true
		return s.d.Store.SetPayment(ctx, id, &pay)
	})
	if err != nil {
		return err
	}
	if moved {
		s.d.Log.InfoContext(ctx, "batch paid", "batch", id, "quote", quoteID)
		s.notify()
	}
	return nil
}

// RemoveRow removes an AWAITING_PAYMENT row before its quote is paid, by the batch's owner: in
// one transaction the row becomes REMOVED, the open quote is cancelled and a new one issued for
// the new total (removing the last unpaid row cancels the quote). Once the quote is paid:
// ErrAlreadyPaid.
func (s *Service) RemoveRow(ctx context.Context, caller auth.Principal, id string, index int) (Batch, error) {
	b, err := s.own(ctx, viewerOf(caller), id)
	if err != nil {
		return Batch{}, err
	}
	if index < 0 || index >= len(b.Rows) {
		return Batch{}, ErrRowNotFound
	}
	if b.Payment != nil && b.Payment.Status == QuotePaid {
		return Batch{}, ErrAlreadyPaid
	}
	row := b.Rows[index]
	if row.Status != RowAwaitingPayment {
		return Batch{}, ErrRowNotRemovable
	}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		removed := row
		removed.Status = RowRemoved
		if err := s.d.Store.SetRow(ctx, b.ID, RowAwaitingPayment, removed); err != nil {
			return err
		}
		if err := s.d.Payments.CancelForBatch(ctx, b.Owner, b.ID); err != nil {
			return err
		}
		pay := *b.Payment
		total := pay.Amount
		total.Cents = 0
		left := 0
		for _, r := range b.Rows {
			if r.Index != index && r.Status == RowAwaitingPayment {
				left++
				if r.Price != nil {
					total.Cents += r.Price.Cents
				}
			}
		}
		if left == 0 {
			pay.Status = QuoteCancelled
			return s.d.Store.SetPayment(ctx, b.ID, &pay)
		}
		q, err := s.d.Payments.QuoteForBatch(ctx, BatchQuote{Owner: b.Owner, Org: b.Org, BatchID: b.ID, Amount: total, Contact: b.Contact})
		if err != nil {
			return err
		}
		next := Payment{QuoteID: q.ID, Amount: total, Status: QuoteOpen, ExpiresAt: q.ExpiresAt.UTC()}
		return s.d.Store.SetPayment(ctx, b.ID, &next)
	})
	if errors.Is(err, ErrChanged) {
		// Paid or removed meanwhile: answer for what it became.
		return s.RemoveRow(ctx, caller, id, index)
	}
	if err != nil {
		return Batch{}, err
	}
	s.d.Log.InfoContext(ctx, "batch row removed", "batch", b.ID, "row", index)
	s.notify()
	return s.Get(ctx, viewerOf(caller), b.ID)
}
