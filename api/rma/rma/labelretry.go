package rma

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/retry"
)

// LabelRetry is an RMA whose label is asked for again, and which retry this is (from 1).
type LabelRetry struct {
	RMA     RMA
	Attempt int
}

// LabelRetryStore is what retrying missing labels needs from persistence. Every method joins
// the transaction its ctx carries. RMAStore.SetShipping makes a retry due at once when it
// records a shipping error.
type LabelRetryStore interface {
	// ClaimLabelRetries takes up to limit RMAs whose retry is due at now and that still need a
	// label (awaiting the unit, a label or QR method, no label): each one's attempt is counted
	// and its retry moved to until, so no other retrier takes it meanwhile, in any process.
	ClaimLabelRetries(ctx context.Context, now, until time.Time, limit int) ([]LabelRetry, error)
	// IssueLabel records docs on an RMA that still awaits its unit without a label, clearing
	// its shipping error and ending its retries; false when the RMA no longer needs one.
	IssueLabel(ctx context.Context, number string, docs ShipmentDocuments) (bool, error)
	// RetryLabelAt makes number's next retry due at at; nil ends its retries.
	RetryLabelAt(ctx context.Context, number string, at *time.Time) error
	UnitBySerial(ctx context.Context, serial string) (Unit, error)
	AddEvent(ctx context.Context, e Event) error
}

// LabelRetryOptions tunes a LabelRetrier; zero values take the defaults in brackets.
type LabelRetryOptions struct {
	PollInterval time.Duration // between polls when nothing is due [1m]
	BatchSize    int           // RMAs claimed per poll [10]
	// MaxAttempts is the retries before support takes over [24]: with the default backoff
	// about 19 hours, inside the 24 hours spec §8 tells the customer to wait for the label.
	MaxAttempts int
	BaseBackoff time.Duration // wait after the first failed retry, doubled after each further one [1m]
	MaxBackoff  time.Duration // ceiling of that wait [1h]
	// Lease hides a claimed RMA from other retriers while its carrier call runs; a process
	// that dies meanwhile leaves it due again after that [5m].
	Lease time.Duration
}

func (o LabelRetryOptions) withDefaults() LabelRetryOptions {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.PollInterval, time.Minute)
	def(&o.BaseBackoff, time.Minute)
	def(&o.MaxBackoff, time.Hour)
	def(&o.Lease, 5*time.Minute)
	if o.BatchSize <= 0 {
		o.BatchSize = 10
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 24
	}
	return o
}

// LabelRetrier asks the carrier again for the labels it could not issue when their RMAs were
// created (spec §8: the RMA is kept and the customer is promised the label by e-mail). Several
// may run at once, in one process or many.
type LabelRetrier struct {
	// creator lends its carrier, outbox, transactions, clock and e-mail wording.
	creator *Creator
	store   LabelRetryStore
	opts    LabelRetryOptions
	backoff retry.Backoff
}

// NewLabelRetrier retries the labels of the RMAs c creates, over store.
func NewLabelRetrier(c *Creator, store LabelRetryStore, opts LabelRetryOptions) *LabelRetrier {
	opts = opts.withDefaults()
	return &LabelRetrier{creator: c, store: store, opts: opts, backoff: retry.Backoff{Base: opts.BaseBackoff, Max: opts.MaxBackoff}}
}

// Run retries due labels until ctx is done: at once again after a full batch, otherwise after
// PollInterval. Errors are logged and the next poll tries again.
func (l *LabelRetrier) Run(ctx context.Context) {
	retry.Poll(ctx, l.opts.PollInterval, l.opts.BatchSize, func(ctx context.Context) (int, error) {
		claimed, _, err := l.retryDue(ctx)
		return claimed, err
	}, func(err error) { l.creator.Log.ErrorContext(ctx, "label retry failed", "err", err) })
}

// RetryDue claims up to BatchSize RMAs whose retry is due and asks the carrier for each one's
// label; issued counts the labels now recorded and mailed. A carrier that fails again is not an
// error here (it is recorded and retried later); err reports a database failure.
func (l *LabelRetrier) RetryDue(ctx context.Context) (issued int, err error) {
	_, issued, err = l.retryDue(ctx)
	return issued, err
}

func (l *LabelRetrier) retryDue(ctx context.Context) (claimed, issued int, err error) {
	now := l.creator.Now().UTC()
	due, err := l.store.ClaimLabelRetries(ctx, now, now.Add(l.opts.Lease), l.opts.BatchSize)
	if err != nil {
		return 0, 0, err
	}
	var errs []error
	for _, r := range due {
		ok, err := l.retry(ctx, r)
		if ok {
			issued++
		}
		errs = append(errs, err)
	}
	return len(due), issued, errors.Join(errs...)
}

// errLabelNotNeeded rolls back a label issued for an RMA that meanwhile got one or moved on;
// the shipping module's janitor removes the unused documents.
var errLabelNotNeeded = errors.New("rma: label no longer needed")

// retry issues r's label, records it with its event and queues the customer's e-mail in one
// transaction, as creating does; a failure schedules the next retry or hands over to support.
func (l *LabelRetrier) retry(ctx context.Context, r LabelRetry) (bool, error) {
	c, rec := l.creator, r.RMA
	// Read before the transaction, whose first statement then writes: SQLite cannot turn a
	// reading transaction into a writing one while another writer has committed meanwhile.
	unit, err := l.store.UnitBySerial(ctx, rec.Serial)
	if err != nil {
		return false, fmt.Errorf("rma: label retry of %s: %w", rec.Number, err)
	}
	var carrierErr error
	err = c.Tx.InTx(ctx, func(ctx context.Context) error {
		docs, err := c.Shipping.IssueDocuments(ctx, ShipmentRequest{
			Owner: rec.Owner, RMANumber: rec.Number, Method: rec.Method, From: rec.Address, Contact: rec.Contact, Unit: unit,
		})
		if err != nil {
			carrierErr = err
			return err
		}
		ok, err := l.store.IssueLabel(ctx, rec.Number, docs)
		switch {
		case err != nil:
			return err
		case !ok:
			return errLabelNotNeeded
		}
		rec.LabelID, rec.InvoiceID, rec.TrackingNumber, rec.ShippingError = docs.LabelID, docs.InvoiceID, docs.TrackingNumber, ""
		detail := fmt.Sprintf("Label issued after retry %d; tracking %s", r.Attempt, docs.TrackingNumber)
		if err := l.store.AddEvent(ctx, c.event(rec.Number, EventLabelIssued, "", ActorSystem, detail)); err != nil {
			return err
		}
		return c.Mail.Enqueue(ctx, rec.Contact.Email, "RMA "+rec.Number+": your shipping label", c.labelText(rec))
	})
	switch {
	case err == nil:
		c.Log.InfoContext(ctx, "label issued after retry", "rma", rec.Number, "attempt", r.Attempt)
		return true, nil
	case errors.Is(err, errLabelNotNeeded):
		return false, l.store.RetryLabelAt(ctx, rec.Number, nil)
	case carrierErr != nil:
		return false, l.failed(ctx, r, carrierErr)
	default:
		// The database failed: the claim's lease makes the RMA due again.
		return false, fmt.Errorf("rma: label retry of %s: %w", rec.Number, err)
	}
}

// failed schedules the next retry after the carrier failed again, or, after MaxAttempts, ends
// the retries with an event that leaves the label to support.
func (l *LabelRetrier) failed(ctx context.Context, r LabelRetry, carrierErr error) error {
	c, number := l.creator, r.RMA.Number
	if r.Attempt < l.opts.MaxAttempts {
		next := c.Now().UTC().Add(l.backoff.After(r.Attempt))
		c.Log.WarnContext(ctx, "label retry failed, will retry", "rma", number, "attempt", r.Attempt,
			"retry_at", next.Format(time.RFC3339), "err", carrierErr)
		return l.store.RetryLabelAt(ctx, number, &next)
	}
	c.Log.ErrorContext(ctx, "label retries exhausted; support must send the label", "rma", number, "attempts", r.Attempt, "err", carrierErr)
	return c.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := l.store.RetryLabelAt(ctx, number, nil); err != nil {
			return err
		}
		detail := fmt.Sprintf("Label still failing after %d retries; support will send one", r.Attempt)
		return l.store.AddEvent(ctx, c.event(number, EventLabelRetriesExhausted, "", ActorSystem, detail))
	})
}

// labelText is the e-mail of a label issued by a retry: the RMA's first, as creating it queues
// no e-mail when the label fails.
func (c *Creator) labelText(rec RMA) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello %s,\n\nyour %s %s for unit %s (%s) was created, and its shipping label is now ready.\n\n", rec.Contact.FirstName, requestKind(rec.Type), rec.Number, rec.Serial, rec.Model)
	c.writeDocuments(&b, rec)
	b.WriteString("\nThank you,\nRugged Devices Service\n")
	return b.String()
}
