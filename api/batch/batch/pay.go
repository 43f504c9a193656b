package batch

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/pkg/visibility"

	"rugged.example/portal/api/rma/rma"
)

// MsgPayMethods refuses a later payment that is neither PO nor PayPal.
const MsgPayMethods = "Must be PO or PayPal"

// FieldPayMethod is the later payment's method, as its body names it (the body of /pay has no
// paymentData wrapper).
const FieldPayMethod = "paymentMethod"

// payFields names the later payment's field errors as its body does: the submit's
// paymentData.customerPO is /pay's customerPO.
func payFields(err error) error {
	f, ok := fault.As(err)
	if !ok || len(f.Fields) == 0 {
		return err
	}
	out := make(map[string]string, len(f.Fields))
	for field, msg := range maps.All(f.Fields) {
		out[strings.TrimPrefix(field, "paymentData.")] = msg
	}
	return fault.Validation(out)
}

func viewerOf(p auth.Principal) visibility.Viewer {
	return visibility.Viewer{Subject: p.Subject, Org: p.Org}
}

// ErrQuoteChanged refuses a payment whose rows changed since the quote was issued: some can no
// longer become RMAs (quoteChanged names how many and the new total). The page reloads the batch.
var ErrQuoteChanged = fault.New(fault.KindConflict, "batch.quoteChanged", "The quote changed. Please check the batch and pay again.")

// quoteChanged is ErrQuoteChanged naming how many rows were dropped and what is left to pay.
func quoteChanged(dropped int, next *Payment) error {
	what := fmt.Sprintf("%d rows can no longer become RMAs and were taken off the quote", dropped)
	if dropped == 1 {
		what = "1 row can no longer become an RMA and was taken off the quote"
	}
	if next == nil || next.Status != QuoteOpen {
		what += "; nothing is left to pay."
	} else {
		what += fmt.Sprintf("; the new total is %s %s. Please check the batch and pay again.", next.Amount.Decimal(), next.Amount.Currency)
	}
	return &fault.Error{Kind: ErrQuoteChanged.Kind, ID: ErrQuoteChanged.ID, Message: what}
}

// payable refuses paying b: no open quote with unpaid rows is ErrNothingToPay; a quote whose
// 30 days are over is ErrQuoteExpired (expired reports it, so the caller expires it).
func (s *Service) payable(b Batch) (expired bool, err error) {
	if b.Payment == nil || b.Payment.Status != QuoteOpen || b.Counts().AwaitingPayment == 0 {
		return false, ErrNothingToPay
	}
	if !s.now().Before(b.Payment.ExpiresAt) {
		return true, ErrQuoteExpired
	}
	return false, nil
}

// expireNow ends a quote found expired before the sweep did (ExpireQuotes' rule) and answers
// ErrQuoteExpired, so nothing is paid or re-quoted on it.
func (s *Service) expireNow(ctx context.Context, id string) error {
	if _, err := s.expire(ctx, id); err != nil {
		return err
	}
	s.notify()
	return ErrQuoteExpired
}

// Pay pays the batch's open quote later (the save path), by its owner: by PO at once (the
// AWAITING_PAYMENT rows turn PENDING in the payment's transaction, the PO file claimed), or by
// PayPal (the approve link; ConfirmPayment finishes). A batch without an open quote is
// ErrNothingToPay, one whose quote's time is over ErrQuoteExpired. Just before the money is
// taken (or the card payment started) the unpaid rows are judged again by the pre-flight's
// rules: rows that fail now are FAILED and the quote re-issued for the rest, and the payment is
// refused with ErrQuoteChanged, so no one pays for a row that cannot become an RMA. The batch is
// read in the payment's transaction and its quote changed only from the quote payments
// accepted (compare-and-set: a removal meanwhile is ErrChanged).
func (s *Service) Pay(ctx context.Context, caller auth.Principal, id string, p PaymentData) (Submitted, error) {
	b, err := s.own(ctx, viewerOf(caller), id)
	if err != nil {
		return Submitted{}, err
	}
	if expired, err := s.payable(b); err != nil {
		if expired {
			return Submitted{}, s.expireNow(ctx, b.ID)
		}
		return Submitted{}, err
	}
	var v validate.Errors
	if p.Method == MethodSave {
		v.Add(FieldPayMethod, MsgPayMethods)
	} else if err := s.validatePayment(&v, customerOf(caller), &p); err != nil {
		return Submitted{}, err
	}
	if err := v.Err(); err != nil {
		return Submitted{}, payFields(err)
	}
	if p.Method == MethodPayPal {
		return s.startPayPal(ctx, caller, b.ID)
	}
	var changed refusalAfterCommit
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		b, err := s.d.Store.Batch(ctx, id)
		if err != nil {
			return err
		}
		if _, err := s.payable(b); err != nil {
			return err
		}
		if changed, err = s.recheck(ctx, caller, b); err != nil || changed.err != nil {
			return err
		}
		q, err := s.payByPO(ctx, b, p.CustomerPO, p.CustomerPOFileID)
		if err != nil {
			return err
		}
		if _, err := s.d.Store.MoveRows(ctx, b.ID, RowAwaitingPayment, RowPending, nil); err != nil {
			return err
		}
		pay := *b.Payment
		pay.QuoteID, pay.Status, pay.Method, pay.CustomerPO = q.ID, QuotePaid, MethodPO, p.CustomerPO
		return s.d.Store.SetPayment(ctx, b.ID, b.Payment.QuoteID, &pay)
	})
	if err == nil {
		err = changed.err
	}
	if err != nil {
		return Submitted{}, payFields(err)
	}
	s.d.Log.InfoContext(ctx, "batch paid by PO", "batch", id)
	s.notify()
	got, err := s.Get(ctx, viewerOf(caller), id)
	return Submitted{Batch: got}, err
}

// startPayPal starts the card payment of batch id's open quote, its rows judged again first.
func (s *Service) startPayPal(ctx context.Context, caller auth.Principal, id string) (Submitted, error) {
	var changed refusalAfterCommit
	var b Batch
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if b, err = s.d.Store.Batch(ctx, id); err != nil {
			return err
		}
		if _, err := s.payable(b); err != nil {
			return err
		}
		changed, err = s.recheck(ctx, caller, b)
		return err
	})
	if err == nil {
		err = changed.err
	}
	if err != nil {
		return Submitted{}, err
	}
	link, q, err := s.d.Payments.StartPayPal(ctx, b.Owner, b.ID, s.returnURL(b.ID), s.cancelURL(b.ID))
	if err != nil {
		return Submitted{}, err
	}
	pay := *b.Payment
	pay.QuoteID, pay.Method = q.ID, MethodPayPal
	// From the quote PayPal was started on: a removal that replaced it meanwhile is ErrChanged.
	if err := s.d.Store.SetPayment(ctx, b.ID, q.ID, &pay); err != nil {
		return Submitted{}, err
	}
	got, err := s.Get(ctx, viewerOf(caller), b.ID)
	return Submitted{Batch: got, PaymentURL: link}, err
}

// refusalAfterCommit is a payment refused after its transaction commits (the rows it failed stay failed).
type refusalAfterCommit struct{ err error }

// recheck judges b's AWAITING_PAYMENT rows again by the pre-flight's rules (the unit now, its
// model's options, the fields, the branch), in the transaction ctx carries. Rows that fail now
// become FAILED with their reasons and the quote is re-issued for the rest (cancelled when none
// is left); it then answers quoteChanged, for the caller to commit and refuse the payment with.
func (s *Service) recheck(ctx context.Context, caller auth.Principal, b Batch) (refusalAfterCommit, error) {
	var rows []BatchRow
	var serials []string
	for _, r := range b.Rows {
		if r.Status == RowAwaitingPayment {
			rows = append(rows, r)
			serials = append(serials, r.Serial)
		}
	}
	none := refusalAfterCommit{}
	units, err := s.units(ctx, serials)
	if err != nil {
		return none, err
	}
	options, err := s.options(ctx, units)
	if err != nil {
		return none, err
	}
	plain := make([]Row, len(rows))
	for i, r := range rows {
		plain[i] = r.Row
	}
	branches, err := s.branches(ctx, caller, plain)
	if err != nil {
		return none, err
	}
	drop := map[int][]Reason{}
	for _, r := range rows {
		var reasons validate.Errors
		u, known := units[r.Serial]
		msg := ""
		if !known {
			msg = rma.ErrUnitNotFound.Message
		} else {
			msg = refusal(u)
		}
		if msg != "" {
			reasons.Add(FieldSerial, msg)
		}
		problemRules(&reasons, r.Row, u, known && msg == "", options[u.Model])
		branchRule(&reasons, r.Branch, caller, branches)
		if got := toReasons(reasons); len(got) > 0 {
			drop[r.Index] = got
		}
	}
	if len(drop) == 0 {
		return none, nil
	}
	next, err := s.requote(ctx, b, drop, RowFailed)
	if err != nil {
		return none, err
	}
	s.d.Log.InfoContext(ctx, "batch rows failed before payment; quote re-issued", "batch", b.ID, "rows", len(drop))
	return refusalAfterCommit{quoteChanged(len(drop), next)}, nil
}

// requote takes the rows of drop (AWAITING_PAYMENT) off b's open quote, in the transaction ctx
// carries: each becomes to (with its reasons), the quote is cancelled and a new one issued for
// the rest, or none when no unpaid row is left. It answers the batch's payment now.
func (s *Service) requote(ctx context.Context, b Batch, drop map[int][]Reason, to RowStatus) (*Payment, error) {
	for idx, reasons := range drop {
		row := b.Rows[idx]
		row.Status, row.Reasons = to, reasons
		if err := s.d.Store.SetRow(ctx, b.ID, RowAwaitingPayment, row); err != nil {
			return nil, err
		}
	}
	if err := s.d.Payments.CancelForBatch(ctx, b.Owner, b.ID); err != nil {
		return nil, err
	}
	from := b.Payment.QuoteID
	total, left := money.Money{Currency: b.Payment.Amount.Currency}, 0
	for _, r := range b.Rows {
		if _, gone := drop[r.Index]; gone || r.Status != RowAwaitingPayment {
			continue
		}
		left++
		if r.Price != nil {
			total.Cents += r.Price.Cents
		}
	}
	if left == 0 {
		pay := *b.Payment
		pay.Status = QuoteCancelled
		return &pay, s.d.Store.SetPayment(ctx, b.ID, from, &pay)
	}
	q, err := s.d.Payments.QuoteForBatch(ctx, BatchQuote{Owner: b.Owner, Org: b.Org, BatchID: b.ID, Amount: total, Contact: b.Contact})
	if err != nil {
		return nil, err
	}
	next := &Payment{QuoteID: q.ID, Amount: total, Status: QuoteOpen, ExpiresAt: q.ExpiresAt.UTC()}
	return next, s.d.Store.SetPayment(ctx, b.ID, from, next)
}

// ConfirmPayment finishes the owner's card payment once PayPal sent the payer back: the unpaid
// rows are judged again (rows failing now: FAILED, the quote re-issued and ErrQuoteChanged, the
// capture not made), then the approved order is captured (payments' SettleBatch) and the
// AWAITING_PAYMENT rows turn PENDING. A repeat, or a quote a webhook paid first, answers the
// batch as it is; an unapproved or declined payment the payments module's refusal.
func (s *Service) ConfirmPayment(ctx context.Context, caller auth.Principal, id, token string) (Batch, error) {
	b, err := s.own(ctx, viewerOf(caller), id)
	if err != nil {
		return Batch{}, err
	}
	if b.Payment == nil {
		return Batch{}, ErrNothingToPay
	}
	if b.Payment.Status != QuotePaid {
		var changed refusalAfterCommit
		err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
			b, err := s.d.Store.Batch(ctx, id)
			if err != nil || b.Payment == nil || b.Payment.Status != QuoteOpen || b.Counts().AwaitingPayment == 0 {
				return err
			}
			changed, err = s.recheck(ctx, caller, b)
			return err
		})
		if err == nil {
			err = changed.err
		}
		if err != nil {
			return Batch{}, err
		}
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
		return s.d.Store.SetPayment(ctx, id, quoteID, &pay)
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
// one transaction (the batch read in it) the row becomes REMOVED, the open quote is cancelled
// and a new one issued for the new total (removing the last unpaid row cancels the quote). Once
// the quote is paid: ErrAlreadyPaid; once its 30 days are over (the sweep not yet run): it is
// expired here and ErrQuoteExpired, never a fresh 30-day quote.
func (s *Service) RemoveRow(ctx context.Context, caller auth.Principal, id string, index int) (Batch, error) {
	if _, err := s.own(ctx, viewerOf(caller), id); err != nil {
		return Batch{}, err
	}
	expired := false
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		b, err := s.d.Store.Batch(ctx, id)
		if err != nil {
			return err
		}
		switch {
		case index < 0 || index >= len(b.Rows):
			return ErrRowNotFound
		case b.Payment != nil && b.Payment.Status == QuotePaid:
			return ErrAlreadyPaid
		case b.Rows[index].Status != RowAwaitingPayment:
			return ErrRowNotRemovable
		case b.Payment != nil && b.Payment.Status == QuoteOpen && !s.now().Before(b.Payment.ExpiresAt):
			expired = true
			return nil
		}
		_, err = s.requote(ctx, b, map[int][]Reason{index: nil}, RowRemoved)
		return err
	})
	if expired {
		return Batch{}, s.expireNow(ctx, id)
	}
	if errors.Is(err, ErrChanged) {
		// Paid or removed meanwhile: answer for what it became.
		return s.RemoveRow(ctx, caller, id, index)
	}
	if err != nil {
		return Batch{}, err
	}
	s.d.Log.InfoContext(ctx, "batch row removed", "batch", id, "row", index)
	s.notify()
	return s.Get(ctx, viewerOf(caller), id)
}
