package mail

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/retry"
)

// Sender delivers one message; SMTPSender is the production one. An error wrapping ErrPermanent
// tells the dispatcher that retrying cannot help.
type Sender interface {
	Send(ctx context.Context, msg Message) error
}

// ErrPermanent marks a send error that no retry can fix (the server rejected a recipient or the
// message for good); the dispatcher gives up on the message at once.
var ErrPermanent = errors.New("mail: permanent failure")

// DispatcherOptions tunes a Dispatcher; zero values take the defaults in brackets.
type DispatcherOptions struct {
	PollInterval time.Duration // between polls when nothing is due [5s]
	BatchSize    int           // rows claimed per poll [20]
	// MaxAttempts is the attempts before giving up [80]: with the default backoff, about three
	// days. An RMA's e-mail carries its shipping label, so an SMTP outage over a weekend must
	// delay it, not lose it; a message the server refuses for good (ErrPermanent) is given up at
	// once anyway.
	MaxAttempts int
	BaseBackoff time.Duration // wait after the first failure, doubled after each further one [30s]
	MaxBackoff  time.Duration // ceiling of that wait [1h]
	// Lease is how long a claimed row stays hidden from other dispatchers while it is being
	// sent; a process that dies mid-send leaves it due again after that. Keep it well above
	// SendTimeout [5m].
	Lease       time.Duration
	SendTimeout time.Duration    // per message [1m]
	Now         func() time.Time // the clock, for tests [time.Now]
}

func (o DispatcherOptions) withDefaults() DispatcherOptions {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.PollInterval, 5*time.Second)
	def(&o.BaseBackoff, 30*time.Second)
	def(&o.MaxBackoff, time.Hour)
	def(&o.Lease, 5*time.Minute)
	def(&o.SendTimeout, time.Minute)
	if o.BatchSize <= 0 {
		o.BatchSize = 20
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 80
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Dispatcher moves due outbox rows to a Sender. Several may run at once, in one process or many.
type Dispatcher struct {
	gdb    *gorm.DB
	sender Sender
	log    *slog.Logger
	opts   DispatcherOptions
}

// NewDispatcher returns a dispatcher over a handle whose schema Migrate has created.
func NewDispatcher(gdb *gorm.DB, sender Sender, log *slog.Logger, opts DispatcherOptions) *Dispatcher {
	return &Dispatcher{gdb: gdb, sender: sender, log: log, opts: opts.withDefaults()}
}

// Run dispatches until ctx is done: at once again after a full batch, otherwise after
// PollInterval. Errors are logged and the next poll tries again.
func (d *Dispatcher) Run(ctx context.Context) {
	d.log.InfoContext(ctx, "mail: dispatcher started", "poll", d.opts.PollInterval.String())
	defer d.log.InfoContext(ctx, "mail: dispatcher stopped")
	retry.Poll(ctx, d.opts.PollInterval, d.opts.BatchSize, func(ctx context.Context) (int, error) {
		claimed, _, err := d.dispatch(ctx)
		return claimed, err
	}, func(err error) { d.log.ErrorContext(ctx, "mail: dispatch failed", "err", err) })
}

// DispatchOnce claims up to BatchSize due messages, sends them and records each outcome. sent
// counts the messages the server accepted; a failed send is not an error here (it is recorded
// on its row and retried), err reports a database failure.
func (d *Dispatcher) DispatchOnce(ctx context.Context) (sent int, err error) {
	_, sent, err = d.dispatch(ctx)
	return sent, err
}

func (d *Dispatcher) dispatch(ctx context.Context) (claimed, sent int, err error) {
	rows, err := d.claim(ctx)
	if err != nil {
		return 0, 0, err
	}
	// Outcomes are recorded even when ctx ends mid-batch: a message the server accepted must be
	// marked sent, and the rest are handed back instead of waiting out their lease.
	record, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	var errs []error
	for i, row := range rows {
		if ctx.Err() != nil {
			errs = append(errs, d.release(record, rows[i:]))
			break
		}
		entry := toEntry(row)
		sendErr := entry.Message.Validate()
		if sendErr == nil {
			sendCtx, cancelSend := context.WithTimeout(ctx, d.opts.SendTimeout)
			sendErr = d.sender.Send(sendCtx, entry.Message)
			cancelSend()
		} else {
			sendErr = fmt.Errorf("%w: %w", ErrPermanent, sendErr)
		}
		if sendErr == nil {
			sent++
			errs = append(errs, d.markSent(record, row))
			continue
		}
		errs = append(errs, d.markFailed(record, row, sendErr))
	}
	return len(rows), sent, errors.Join(errs...)
}

// claim takes due rows in one statement: attempts+1 and next_attempt_at moved to the end of the
// lease, so no other dispatcher sees them until then. On PostgreSQL the subquery skips rows
// another dispatcher has locked; SQLite has one writer, so its UPDATE is claim enough.
func (d *Dispatcher) claim(ctx context.Context) ([]outboxRow, error) {
	now := utcNow(d.opts.Now)
	lock := ""
	if db.DialectOf(d.gdb) == db.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	q := `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ?
WHERE sent_at IS NULL AND next_attempt_at <= ? AND id IN (
  SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= ?
  ORDER BY next_attempt_at, id LIMIT ?` + lock + `)
RETURNING id, "to", reply_to, subject, text, html, created_at, attempts, next_attempt_at, sent_at, last_error`
	var rows []outboxRow
	err := d.gdb.WithContext(ctx).Raw(q, now.Add(d.opts.Lease), now, now, d.opts.BatchSize).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("mail: claim: %w", err)
	}
	slices.SortFunc(rows, func(a, b outboxRow) int { return cmp.Compare(a.ID, b.ID) })
	return rows, nil
}

func (d *Dispatcher) markSent(ctx context.Context, row outboxRow) error {
	now := utcNow(d.opts.Now)
	err := d.gdb.WithContext(ctx).Model(&outboxRow{}).Where("id = ?", row.ID).
		Updates(map[string]any{"sent_at": now, "next_attempt_at": nil}).Error
	if err != nil {
		// The server has the message; the row becomes due again when its lease ends.
		return fmt.Errorf("mail: mark %d sent: %w", row.ID, err)
	}
	d.log.InfoContext(ctx, "mail: sent", "outbox_id", row.ID, "attempt", row.Attempts)
	return nil
}

func (d *Dispatcher) markFailed(ctx context.Context, row outboxRow, sendErr error) error {
	now := utcNow(d.opts.Now)
	lastErr := errorText(sendErr)
	var next *time.Time
	if !errors.Is(sendErr, ErrPermanent) && row.Attempts < d.opts.MaxAttempts {
		t := now.Add(d.backoff(row.Attempts))
		next = &t
	}
	err := d.gdb.WithContext(ctx).Model(&outboxRow{}).Where("id = ?", row.ID).
		Updates(map[string]any{"next_attempt_at": next, "last_error": lastErr}).Error
	if err != nil {
		return fmt.Errorf("mail: record failure of %d: %w", row.ID, err)
	}
	if next == nil {
		d.log.ErrorContext(ctx, "mail: gave up", "outbox_id", row.ID, "attempts", row.Attempts, "err", lastErr)
	} else {
		d.log.WarnContext(ctx, "mail: send failed, will retry", "outbox_id", row.ID,
			"attempt", row.Attempts, "retry_at", next.Format(time.RFC3339), "err", lastErr)
	}
	return nil
}

// release hands claimed rows back untried: due now, their attempt not counted.
func (d *Dispatcher) release(ctx context.Context, rows []outboxRow) error {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	err := d.gdb.WithContext(ctx).Model(&outboxRow{}).Where("id IN ? AND sent_at IS NULL", ids).
		Updates(map[string]any{"next_attempt_at": utcNow(d.opts.Now), "attempts": gorm.Expr("attempts - 1")}).Error
	if err != nil {
		return fmt.Errorf("mail: release: %w", err)
	}
	return nil
}

// backoff is the wait after the attempt-th failure: BaseBackoff·2^(attempt-1), at most
// MaxBackoff.
func (d *Dispatcher) backoff(attempt int) time.Duration {
	return retry.Backoff{Base: d.opts.BaseBackoff, Max: d.opts.MaxBackoff}.After(attempt)
}

// errorText is what last_error keeps: one line, at most 1000 characters.
func errorText(err error) string {
	s := strings.Join(strings.Fields(strings.ToValidUTF8(err.Error(), "?")), " ")
	if utf8.RuneCountInString(s) > 1000 {
		s = string([]rune(s)[:1000])
	}
	return s
}
