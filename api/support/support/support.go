// Package support is the core of the support service (spec §2 "Contact form", "Support-ticket
// form", "Info banner"): support tickets raised by signed-in customers, the public contact form
// with its flood limits, and the report rows behind the info banner. It holds the types, the
// rules of spec §5 with their exact messages, the Store interface it needs and its sentinel
// errors; supportdb keeps the tables and supportapi the HTTP surface.
package support

import (
	"context"
	"log/slog"
	"time"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
)

// Store is what the core needs from persistence; supportdb implements it. Every method joins the
// transaction ctx carries (db.Conn).
type Store interface {
	// NextTicketUID hands out the next human-friendly ticket uid (TCK-100001, …), unique under
	// concurrent creates.
	NextTicketUID(ctx context.Context) (string, error)
	CreateTicket(ctx context.Context, t Ticket) error
	// TicketsOf lists owner's tickets, newest first.
	TicketsOf(ctx context.Context, owner string) ([]Ticket, error)
	CreateContact(ctx context.Context, m ContactMessage) error
	// Report returns a report's rows by position; an unknown report has none.
	Report(ctx context.Context, reportID string) ([]ReportRow, error)
	// ReplaceReport deletes the report's rows and writes rows in their place.
	ReplaceReport(ctx context.Context, reportID string, rows []ReportRow) error
}

// Mailer queues an e-mail inside the caller's transaction; *mail.Outbox implements it.
type Mailer interface {
	Enqueue(ctx context.Context, msg mail.Message) error
}

// Settings is the support part of a binary's configuration, with `env` tags for the binary's
// config struct to embed. Every field has a working default; zero values also get them.
type Settings struct {
	// Inbox receives every ticket and contact-form message.
	Inbox string `env:"SUPPORT_INBOX" envDefault:"support@rugged.example"`
	// ContactPerClient messages are accepted from one client (IP) per ContactClientWindow.
	ContactPerClient    int           `env:"SUPPORT_CONTACT_PER_CLIENT" envDefault:"5"`
	ContactClientWindow time.Duration `env:"SUPPORT_CONTACT_CLIENT_WINDOW" envDefault:"10m"`
	// ContactGlobal messages are accepted from everyone together per ContactGlobalWindow.
	ContactGlobal       int           `env:"SUPPORT_CONTACT_GLOBAL" envDefault:"200"`
	ContactGlobalWindow time.Duration `env:"SUPPORT_CONTACT_GLOBAL_WINDOW" envDefault:"1h"`
}

// DefaultInbox is the support inbox when none is configured.
const DefaultInbox = "support@rugged.example"

func (s Settings) withDefaults() Settings {
	if s.Inbox == "" {
		s.Inbox = DefaultInbox
	}
	if s.ContactPerClient <= 0 {
		s.ContactPerClient = 5
	}
	if s.ContactClientWindow <= 0 {
		s.ContactClientWindow = 10 * time.Minute
	}
	if s.ContactGlobal <= 0 {
		s.ContactGlobal = 200
	}
	if s.ContactGlobalWindow <= 0 {
		s.ContactGlobalWindow = time.Hour
	}
	return s
}

// Deps are the service's collaborators. Now may be nil (time.Now).
type Deps struct {
	Store    Store
	Tx       db.Transactor
	Mail     Mailer
	Cache    cache.Cache
	Settings Settings
	Log      *slog.Logger
	Now      func() time.Time
}

// Service is the support service.
type Service struct {
	store Store
	tx    db.Transactor
	mail  Mailer
	cache cache.Cache
	cfg   Settings
	log   *slog.Logger
	now   func() time.Time
}

// NewService wires the service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	return &Service{
		store: d.Store, tx: d.Tx, mail: d.Mail, cache: d.Cache,
		cfg: d.Settings.withDefaults(), log: d.Log, now: d.Now,
	}
}

// Sentinel errors.
var (
	// ErrTooManyFromClient answers a client that sent more contact messages than its window allows.
	ErrTooManyFromClient = fault.New(fault.KindTooMany, "support.tooManyMessages",
		"You have sent too many messages. Please wait a few minutes and try again.")
	// ErrTooManyOverall answers everyone once the global ceiling of the window is reached.
	ErrTooManyOverall = fault.New(fault.KindTooMany, "support.contactBusy",
		"We are receiving an unusual number of messages. Please try again later.")
	// ErrLimiterUnavailable is returned when the rate-limit counters cannot be read: the public
	// form fails closed rather than letting a flood through to the support inbox.
	ErrLimiterUnavailable = fault.New(fault.KindUnavailable, "support.contactUnavailable",
		"The contact form is unavailable right now. Please try again later.")
	// ErrTooManyRows is for a report of more than ReportRowsMax rows.
	ErrTooManyRows = fault.New(fault.KindInvalid, "support.tooManyRows", "A report has at most 50 rows.")
	// ErrInvalidReportID is for a report id that is empty or not of [A-Za-z0-9_.-]{1,64}.
	ErrInvalidReportID = fault.New(fault.KindNotFound, "support.reportNotFound", "This report does not exist.")
)
