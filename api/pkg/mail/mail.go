// Package mail sends the portal's e-mail through a transactional outbox.
//
// A module that changes state and owes someone an e-mail ("RMA {number} created — your shipping
// label", a contact-form message for the support inbox) calls Enqueue with the same context as
// its change of state: the message is a row in table mail_outbox, written through db.Conn, so it
// is committed with that change or not at all. Nothing talks to a mail server inside a request.
//
// Two ways the rows leave the table, chosen by configuration only:
//
//   - Production (SMTP configured, SMTPConfig.Enabled): every process that wants to may run a
//     Dispatcher with an SMTPSender. It claims due rows (FOR UPDATE SKIP LOCKED on PostgreSQL, so
//     several replicas never claim the same row; one UPDATE … RETURNING on SQLite, whose single
//     writer serializes claims), sends them, and marks each one sent or schedules a retry with
//     exponential backoff. After MaxAttempts, or at once on a permanent rejection (ErrPermanent,
//     e.g. an unknown recipient), it gives up and keeps the row with its last_error. Delivery is
//     at least once: a process that dies between the server's 250 and marking the row sent sends
//     that message again after the claim's lease runs out.
//   - Embedded default (no SMTP host): there is no dispatcher. The outbox table is the
//     destination: messages stay pending, and a person (admin tooling) or a test reads them with
//     Pending and Recent, e.g. the shipping-label link a customer was sent.
//
// The SMTP password is a config.Secret: it is never logged and never written to last_error.
package mail

import (
	"fmt"
	"net/mail"
	"strings"
	"unicode/utf8"

	"rugged.example/portal/api/pkg/fault"
)

// Limits of a message; they keep one row and one SMTP transaction to a sane size.
const (
	MaxRecipients = 50
	MaxSubject    = 250     // characters
	MaxBody       = 1 << 20 // bytes, each of Text and HTML
	maxAddress    = 320     // bytes, RFC 3696 limit of an address
)

// ErrInvalid is returned for a message that must not be sent: no or malformed recipients, a
// subject or address carrying a line break (header injection), no body, or a limit exceeded.
// The wrapped detail names the offending field, never its value.
var ErrInvalid = fault.New(fault.KindInvalid, "mail.invalid",
	"The e-mail could not be sent: an address or the subject is not valid.")

// Message is one e-mail. To holds RFC 5322 addresses ("jane@example.com" or
// "Jane Doe <jane@example.com>"), one per element; ReplyTo is optional. Text is the plain-text
// body and HTML the optional rich one: with both, the mail is multipart/alternative.
type Message struct {
	To      []string
	ReplyTo string
	Subject string
	Text    string
	HTML    string
}

// Validate checks a message before it is stored or sent: every address parses with net/mail,
// nothing a header is built from carries CR, LF or NUL, and there is a subject and a body.
func (m Message) Validate() error {
	switch {
	case len(m.To) == 0:
		return invalid("to: no recipient")
	case len(m.To) > MaxRecipients:
		return invalid(fmt.Sprintf("to: more than %d recipients", MaxRecipients))
	}
	for i, to := range m.To {
		if _, err := parseAddress(to); err != nil {
			return invalid(fmt.Sprintf("to[%d]: %v", i, err))
		}
	}
	if m.ReplyTo != "" {
		if _, err := parseAddress(m.ReplyTo); err != nil {
			return invalid(fmt.Sprintf("replyTo: %v", err))
		}
	}
	switch {
	case strings.TrimSpace(m.Subject) == "":
		return invalid("subject: empty")
	case hasLineBreak(m.Subject):
		return invalid("subject: line break or NUL")
	case !utf8.ValidString(m.Subject):
		return invalid("subject: not UTF-8")
	case utf8.RuneCountInString(m.Subject) > MaxSubject:
		return invalid(fmt.Sprintf("subject: longer than %d characters", MaxSubject))
	case strings.TrimSpace(m.Text) == "" && strings.TrimSpace(m.HTML) == "":
		return invalid("body: neither text nor html")
	case len(m.Text) > MaxBody || len(m.HTML) > MaxBody:
		return invalid(fmt.Sprintf("body: larger than %d bytes", MaxBody))
	case !utf8.ValidString(m.Text) || !utf8.ValidString(m.HTML):
		return invalid("body: not UTF-8")
	}
	return nil
}

func invalid(detail string) error { return fmt.Errorf("%w (%s)", ErrInvalid, detail) }

// parseAddress parses exactly one address. net/mail accepts folding whitespace (CRLF followed
// by a space) inside an address, so line breaks are refused before parsing.
func parseAddress(s string) (*mail.Address, error) {
	switch {
	case hasLineBreak(s):
		return nil, fmt.Errorf("line break or NUL in address")
	case len(s) > maxAddress:
		return nil, fmt.Errorf("address longer than %d bytes", maxAddress)
	}
	a, err := mail.ParseAddress(s)
	if err != nil {
		return nil, fmt.Errorf("not an e-mail address")
	}
	return a, nil
}

func hasLineBreak(s string) bool { return strings.ContainsAny(s, "\r\n\x00") }
