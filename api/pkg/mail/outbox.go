package mail

import (
	"context"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
)

// outboxRow is one message of table mail_outbox. It never leaves this package: toEntry and
// toOutboxRow convert it. Its state follows from two columns: pending = sent_at IS NULL AND
// next_attempt_at IS NOT NULL; sent = sent_at IS NOT NULL; failed (given up) = both NULL; a
// claimed row is pending with next_attempt_at at the end of its lease. Times are UTC, truncated to
// microseconds, so SQLite's text timestamps compare in time order and round-trip like
// PostgreSQL's.
type outboxRow struct {
	ID int64 `gorm:"column:id;primaryKey;autoIncrement"`
	// To holds the recipients as an RFC 5322 address list, each address in angle brackets, so
	// Recent can find one recipient by "<address>".
	To            string     `gorm:"column:to;type:text;not null"`
	ReplyTo       string     `gorm:"column:reply_to;size:400;not null;default:''"`
	Subject       string     `gorm:"column:subject;size:1000;not null"`
	Text          string     `gorm:"column:text;type:text;not null;default:''"`
	HTML          string     `gorm:"column:html;type:text;not null;default:''"`
	CreatedAt     time.Time  `gorm:"column:created_at;not null"`
	Attempts      int        `gorm:"column:attempts;not null;default:0"`
	NextAttemptAt *time.Time `gorm:"column:next_attempt_at;index:idx_mail_outbox_next_attempt"`
	SentAt        *time.Time `gorm:"column:sent_at"`
	LastError     string     `gorm:"column:last_error;size:1000;not null;default:''"`
}

func (outboxRow) TableName() string { return "mail_outbox" }

// Status is where an outbox entry stands.
type Status string

const (
	StatusPending Status = "pending" // waiting for its first or next attempt
	StatusSent    Status = "sent"
	StatusFailed  Status = "failed" // given up: attempts exhausted or rejected for good
)

// Entry is one outbox row as readers see it.
type Entry struct {
	ID            int64
	Message       Message
	CreatedAt     time.Time
	Attempts      int
	NextAttemptAt *time.Time
	SentAt        *time.Time
	LastError     string
}

// Status derives the entry's state from its timestamps.
func (e Entry) Status() Status {
	switch {
	case e.SentAt != nil:
		return StatusSent
	case e.NextAttemptAt != nil:
		return StatusPending
	default:
		return StatusFailed
	}
}

const (
	defaultListLimit = 50
	maxListLimit     = 500
)

// Enqueue validates msg and writes it to the outbox through db.Conn: inside a transaction ctx
// carries (db.Transactor.InTx) the message commits or rolls back with the caller's change of
// state. It is due at once.
func Enqueue(ctx context.Context, gdb *gorm.DB, msg Message) error {
	row, err := toOutboxRow(msg, utcNow(time.Now))
	if err != nil {
		return err
	}
	if err := db.Conn(ctx, gdb).Create(&row).Error; err != nil {
		return fmt.Errorf("mail: enqueue: %w", err)
	}
	return nil
}

// Pending lists the messages not sent yet and not given up, oldest first: with no dispatcher
// (the embedded default) that is every message the portal sent. limit ≤ 0 means 50; at most 500.
func Pending(ctx context.Context, gdb *gorm.DB, limit int) ([]Entry, error) {
	var rows []outboxRow
	err := db.Conn(ctx, gdb).
		Where("sent_at IS NULL AND next_attempt_at IS NOT NULL").
		Order("id").Limit(clampLimit(limit)).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("mail: pending: %w", err)
	}
	return toEntries(rows), nil
}

// Recent lists the newest messages addressed to to (one address, compared without regard to
// case), newest first and whatever their status; an empty to lists everyone's. limit ≤ 0 means
// 50; at most 500.
func Recent(ctx context.Context, gdb *gorm.DB, to string, limit int) ([]Entry, error) {
	q := db.Conn(ctx, gdb).Order("id DESC").Limit(clampLimit(limit))
	var want string
	if to != "" {
		a, err := parseAddress(to)
		if err != nil {
			return nil, invalid("to: " + err.Error())
		}
		want = a.Address
		q = q.Where(`LOWER("to") LIKE ? ESCAPE '\'`, "%"+escapeLike(strings.ToLower(angle(want)))+"%")
	}
	var rows []outboxRow
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("mail: recent: %w", err)
	}
	entries := toEntries(rows)
	if want == "" {
		return entries, nil
	}
	// The LIKE narrows; this makes it exact (a display name could quote another address).
	out := entries[:0]
	for _, e := range entries {
		if addressedTo(e.Message.To, want) {
			out = append(out, e)
		}
	}
	return out, nil
}

// Outbox binds the outbox functions to one handle, for core packages that declare a small
// interface (Enqueue(ctx, Message) error) instead of depending on gorm.
type Outbox struct{ gdb *gorm.DB }

// NewOutbox wraps a handle whose schema Migrate has created.
func NewOutbox(gdb *gorm.DB) *Outbox { return &Outbox{gdb: gdb} }

// Enqueue is Enqueue on the bound handle.
func (o *Outbox) Enqueue(ctx context.Context, msg Message) error { return Enqueue(ctx, o.gdb, msg) }

// Pending is Pending on the bound handle.
func (o *Outbox) Pending(ctx context.Context, limit int) ([]Entry, error) {
	return Pending(ctx, o.gdb, limit)
}

// Recent is Recent on the bound handle.
func (o *Outbox) Recent(ctx context.Context, to string, limit int) ([]Entry, error) {
	return Recent(ctx, o.gdb, to, limit)
}

func toOutboxRow(m Message, now time.Time) (outboxRow, error) {
	if err := m.Validate(); err != nil {
		return outboxRow{}, err
	}
	to := make([]string, len(m.To))
	for i, s := range m.To {
		a, _ := parseAddress(s) // Validate parsed it already
		to[i] = a.String()
	}
	replyTo := ""
	if m.ReplyTo != "" {
		a, _ := parseAddress(m.ReplyTo)
		replyTo = a.String()
	}
	return outboxRow{
		To: strings.Join(to, ", "), ReplyTo: replyTo, Subject: m.Subject, Text: m.Text, HTML: m.HTML,
		CreatedAt: now, NextAttemptAt: &now,
	}, nil
}

func toEntry(r outboxRow) Entry {
	return Entry{
		ID: r.ID,
		Message: Message{
			To: splitAddresses(r.To), ReplyTo: displayAddress(r.ReplyTo),
			Subject: r.Subject, Text: r.Text, HTML: r.HTML,
		},
		CreatedAt: r.CreatedAt.UTC(), Attempts: r.Attempts,
		NextAttemptAt: utcPtr(r.NextAttemptAt), SentAt: utcPtr(r.SentAt), LastError: r.LastError,
	}
}

func toEntries(rows []outboxRow) []Entry {
	out := make([]Entry, len(rows))
	for i, r := range rows {
		out[i] = toEntry(r)
	}
	return out
}

// splitAddresses turns the stored list back into one string per recipient: a bare address when
// it has no display name, so "jane@example.com" reads back as written.
func splitAddresses(list string) []string {
	addrs, err := mail.ParseAddressList(list)
	if err != nil {
		return []string{list} // written by this package, so not expected; show what is stored
	}
	out := make([]string, len(addrs))
	for i, a := range addrs {
		out[i] = plain(a)
	}
	return out
}

func displayAddress(s string) string {
	if s == "" {
		return ""
	}
	a, err := mail.ParseAddress(s)
	if err != nil {
		return s
	}
	return plain(a)
}

func plain(a *mail.Address) string {
	if a.Name == "" {
		return a.Address
	}
	return a.String()
}

func addressedTo(to []string, want string) bool {
	for _, s := range to {
		if a, err := mail.ParseAddress(s); err == nil && strings.EqualFold(a.Address, want) {
			return true
		}
	}
	return false
}

// angle is an address as net/mail formats it inside a list: "<local@domain>".
func angle(addr string) string { return (&mail.Address{Address: addr}).String() }

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

func clampLimit(n int) int {
	switch {
	case n <= 0:
		return defaultListLimit
	case n > maxListLimit:
		return maxListLimit
	}
	return n
}

// utcNow reads a clock the way rows store time: UTC, microsecond precision.
func utcNow(clock func() time.Time) time.Time { return clock().UTC().Truncate(time.Microsecond) }

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
