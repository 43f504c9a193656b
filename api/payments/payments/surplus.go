package payments

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/retry"
)

// refundLease hides a refund from the retrier while one process calls the provider for it; a
// process that dies meanwhile leaves it due again after that.
const refundLease = 5 * time.Minute

// refundBackoff spaces the attempts of a refund the provider refused or did not answer: a
// minute after the first failure, doubling up to an hour, for as long as it takes.
var refundBackoff = retry.Backoff{Base: time.Minute, Max: time.Hour}

// refundAlarmAttempts is the attempt from which a failing refund is logged as an error, for
// staff to look at the provider's side.
const refundAlarmAttempts = 10

// maxRefundError bounds the failure text kept on a refund.
const maxRefundError = 500

// surplusReason says why money p took does not pay q as it is stored: "" when it does, or may
// (q is open: the caller pays it) or already did (q is paid by p itself, a repeat).
func surplusReason(q Quote, p Payment, now time.Time) RefundReason {
	switch q.StatusAt(now) {
	case StatusPaid:
		if samePayment(q, p) {
			return ""
		}
		return RefundQuotePaid
	case StatusCancelled:
		return RefundQuoteCancelled
	case StatusExpired:
		return RefundQuoteExpired
	}
	return ""
}

// samePayment reports whether paid quote q was paid by p: the same PayPal capture (or order,
// which is captured once), or the same Authorize.net transaction.
func samePayment(q Quote, p Payment) bool {
	if q.Method != p.Method {
		return false
	}
	switch p.Method {
	case MethodPayPal:
		if q.CaptureID != "" && p.CaptureID != "" {
			return q.CaptureID == p.CaptureID
		}
		return q.ProviderRef == p.ProviderRef
	case MethodAuthNet:
		return q.ProviderRef == p.ProviderRef
	}
	return false
}

// refundTarget is what giving p's money back names: the provider and PayPal's capture id or
// Authorize.net's transaction id; "" for a purchase order, which took no money.
func refundTarget(p Payment) (provider, ref string) {
	switch p.Method {
	case MethodPayPal:
		return ProviderPayPal, p.CaptureID
	case MethodAuthNet:
		return ProviderAuthNet, p.ProviderRef
	}
	return "", ""
}

// recordSurplus records p's money as a pending refund for q when it does not pay q as stored,
// joining the transaction ctx carries, and returns it for refundNow once that commits; nil when
// the money pays q, took nothing to give back, or was recorded already by another path (a
// webhook and a return reporting the same capture).
func (c *Checkout) recordSurplus(ctx context.Context, q Quote, p Payment) (*Refund, error) {
	now := c.now()
	reason := surplusReason(q, p, now)
	provider, ref := refundTarget(p)
	if reason == "" || ref == "" {
		return nil, nil
	}
	r := Refund{
		ID: NewRefundID(), QuoteID: q.ID, Provider: provider, ProviderRef: ref, Amount: p.Amount,
		Reason: reason, Status: RefundPending, Attempts: 1,
		// The caller tries at once after its commit: the retrier leaves it alone until then.
		NextAttemptAt: now.Add(refundLease), CreatedAt: now,
	}
	created, err := c.d.Store.RecordRefund(ctx, r)
	if err != nil || !created {
		return nil, err
	}
	c.d.Log.WarnContext(ctx, "money arrived for a quote that does not take it; refunding it",
		"quote", q.ID, "status", string(q.StatusAt(now)), "provider", provider, "ref", ref,
		"amount", r.Amount.String(), "reason", string(reason), "refund", r.ID)
	return &r, nil
}

// refundNow makes the refunds just recorded; what fails stays pending for the retrier.
func (c *Checkout) refundNow(ctx context.Context, refunds ...*Refund) {
	for _, r := range refunds {
		if r == nil {
			continue
		}
		// A provider's failure is recorded on the refund; the database's leaves it pending, and
		// the retrier asks the provider again once the lease ends (a void or refund already made
		// is then answered as given back).
		if err := c.attemptRefund(ctx, *r); err != nil {
			c.d.Log.ErrorContext(ctx, "refund attempt not recorded; the retrier takes it up", "refund", r.ID, "quote", r.QuoteID, "err", err)
		}
	}
}

// attemptRefund asks the provider to give r back. Success marks it refunded and queues the
// customer's e-mail in one transaction; a failure is noted with the next attempt's time. It
// answers only what the database failed to write.
func (c *Checkout) attemptRefund(ctx context.Context, r Refund) error {
	log := c.d.Log.With("refund", r.ID, "quote", r.QuoteID, "provider", r.Provider, "ref", r.ProviderRef,
		"amount", r.Amount.String(), "reason", string(r.Reason), "attempt", r.Attempts)
	back, err := c.reverse(ctx, r)
	if err != nil {
		c.count(r, RefundOutcomeFailed)
		next := c.now().Add(refundBackoff.After(r.Attempts))
		level := slog.LevelWarn
		if r.Attempts >= refundAlarmAttempts {
			level = slog.LevelError
		}
		log.Log(ctx, level, "refund failed at the provider; it is tried again", "next", next, "err", err)
		return c.d.Store.DeferRefund(ctx, r.ID, errorText(err), next)
	}
	at := c.now()
	var finished bool
	err = c.d.Tx.InTx(ctx, func(ctx context.Context) error {
		// The conditional write comes first: on SQLite a transaction that has only read cannot
		// take the write lock once another writer (the refund's own webhook) committed.
		var err error
		if finished, err = c.d.Store.FinishRefund(ctx, r.ID, back, at); err != nil || !finished {
			return err
		}
		q, err := c.d.Store.QuoteByID(ctx, r.QuoteID)
		if err != nil {
			return err
		}
		r.Status, r.Reversal, r.RefundRef, r.RefundedAt = RefundDone, back.Reversal, back.Ref, &at
		if back.Amount.Cents > 0 {
			r.Amount = back.Amount
		}
		return c.queueRefundMail(ctx, q, r)
	})
	if err != nil {
		return fmt.Errorf("payments: refund %s given back by %s but not recorded: %w", r.ID, r.Provider, err)
	}
	if finished {
		c.count(r, RefundOutcomeRefunded)
		log.WarnContext(ctx, "payment given back: it did not pay the quote", "reversal", string(back.Reversal), "refundRef", back.Ref)
	}
	return nil
}

// reverse asks r's provider for the refund or void.
func (c *Checkout) reverse(ctx context.Context, r Refund) (Reversed, error) {
	switch r.Provider {
	case ProviderPayPal:
		return c.d.PayPal.Refund(ctx, r.ProviderRef, r.QuoteID)
	case ProviderAuthNet:
		return c.d.AuthNet.Reverse(ctx, r.ProviderRef, r.QuoteID)
	}
	return Reversed{}, fmt.Errorf("payments: refund %s names an unknown provider %q", r.ID, r.Provider)
}

func (c *Checkout) count(r Refund, outcome string) {
	if c.d.Refunds != nil {
		c.d.Refunds.PaymentRefund(r.Provider, string(r.Reason), outcome)
	}
}

// errorText is a provider failure as kept on the refund: its message, bounded.
func errorText(err error) string {
	s := err.Error()
	if len(s) > maxRefundError {
		s = s[:maxRefundError]
	}
	return strings.ToValidUTF8(s, "")
}

// queueRefundMail queues "Refund of your payment for quote QT-…" to the quote's contact.
func (c *Checkout) queueRefundMail(ctx context.Context, q Quote, r Refund) error {
	to := strings.TrimSpace(q.Saved.Shipping.Contact.EmailAddress)
	if to == "" {
		c.d.Log.WarnContext(ctx, "refunded quote has no e-mail address to tell", "quote", q.ID, "refund", r.ID)
		return nil
	}
	return c.d.Mail.Enqueue(ctx, refundMail(q, r, to))
}

func refundMail(q Quote, r Refund, to string) mail.Message {
	var b strings.Builder
	b.WriteString(mail.Greeting(q.Saved.Shipping.Contact.FirstName))
	payable := "quote " + q.ID
	if q.Kind == KindParts {
		payable = "parts order " + q.OrderID + " (quote " + q.ID + ")"
	} else if q.Kind == KindBatch {
		payable = "RMA batch " + q.BatchID + " (quote " + q.ID + ")"
	} else if q.RMANumber != "" {
		payable = "RMA " + q.RMANumber + " (quote " + q.ID + ")"
	}
	what := "A card payment of " + r.Amount.String() + " (Authorize.net transaction " + r.ProviderRef + ")"
	if r.Provider == ProviderPayPal {
		what = "A PayPal payment of " + r.Amount.String() + " (capture " + r.ProviderRef + ")"
	}
	why := map[RefundReason]string{
		RefundQuotePaid:      "after it had already been paid",
		RefundQuoteCancelled: "after it was cancelled",
		RefundQuoteExpired:   "after it had expired",
	}[r.Reason]
	fmt.Fprintf(&b, "%s reached us for %s %s, so it does not pay anything.\n", what, payable, why)
	if r.Reversal == ReversalVoid {
		fmt.Fprintf(&b, "We voided it at once (reference %s): your card is not charged, and your bank releases the amount, usually within a few days.\n", r.RefundRef)
	} else {
		fmt.Fprintf(&b, "We refunded it in full at once (refund %s): the amount goes back to where you paid from, usually within a few business days.\n", r.RefundRef)
	}
	b.WriteString("\nThere is nothing you need to do.\n")
	return mail.Message{To: []string{to}, Subject: "Refund of your payment for quote " + q.ID, Text: b.String()}
}
