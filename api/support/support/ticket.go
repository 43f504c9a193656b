package support

import (
	"context"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	pmail "rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/validate"
)

// Limits and messages of the support-ticket form (spec §5 "Support ticket", §9).
const (
	TicketNameMax    = 100
	TicketEmailMax   = 50
	TicketPhoneMax   = 25
	TicketSubjectMax = 80
	TicketModelMax   = 30
	TicketSerialMax  = 50
	// TicketDescriptionMax is not in the spec (it sets no limit); it keeps one ticket and its
	// e-mail to a sane size and answers with the form's max-length message.
	TicketDescriptionMax = 5000

	// MsgTicketTooLong is the max-length message of the ticket form.
	MsgTicketTooLong = "Input length too long"
	// MsgInvalidPhone is the phone message of spec §8; the ticket form uses it for the mask.
	MsgInvalidPhone = "Invalid Format or Number"
	// MsgInvalidCaseType is for a case type outside CaseTypes (the spec has no wording for it:
	// the browser offers a fixed list).
	MsgInvalidCaseType = "Must be one of Hardware, Software, Quote, Question"
)

// CaseTypes are the ticket case types of spec §9, as stored and shown.
var CaseTypes = []string{"Hardware", "Software", "Quote", "Question"}

// TicketStatusOpen is the status of a new ticket.
const TicketStatusOpen = "open"

// phoneMask is the form's mask (###)###-####. Exactly that shape is accepted: no spaces, no
// country code, no other punctuation.
var phoneMask = regexp.MustCompile(`^\([0-9]{3}\)[0-9]{3}-[0-9]{4}$`)

// TicketInput is what the support-ticket form sends. Field keys of validation errors are the
// JSON names: firstName, lastName, emailAddress, phone, subject, description, caseType, model,
// serial.
type TicketInput struct {
	FirstName    string
	LastName     string
	EmailAddress string
	Phone        string
	Subject      string
	Description  string
	CaseType     string
	Model        string
	Serial       string
}

// NamedTicketInput is spec §3's "Support ticket input" as the GraphQL mutation sends it: one
// name (first plus last) instead of two.
type NamedTicketInput struct {
	Name         string
	EmailAddress string
	Phone        string
	Subject      string
	Description  string
	CaseType     string
	Model        string
	Serial       string
}

// TicketInput splits Name with SplitName: the first word is the first name, the rest the last
// name. A one-word name leaves the last name empty, which fails as lastName 'Required'.
func (n NamedTicketInput) TicketInput() TicketInput {
	first, last := SplitName(n.Name)
	return TicketInput{
		FirstName: first, LastName: last, EmailAddress: n.EmailAddress, Phone: n.Phone,
		Subject: n.Subject, Description: n.Description, CaseType: n.CaseType, Model: n.Model, Serial: n.Serial,
	}
}

// SplitName splits a full name at its first run of white space: "Jane van Doe" is "Jane" and
// "van Doe".
func SplitName(name string) (first, last string) {
	name = strings.TrimSpace(name)
	i := strings.IndexFunc(name, unicode.IsSpace)
	if i < 0 {
		return name, ""
	}
	return name[:i], strings.TrimSpace(name[i:])
}

// Ticket is a stored support ticket.
type Ticket struct {
	UID          string
	Owner        string
	FirstName    string
	LastName     string
	EmailAddress string
	Phone        string
	Subject      string
	Description  string
	CaseType     string
	Model        string
	Serial       string
	Status       string
	CreatedAt    time.Time
}

func (in TicketInput) trimmed() TicketInput {
	t := strings.TrimSpace
	return TicketInput{
		FirstName: t(in.FirstName), LastName: t(in.LastName), EmailAddress: t(in.EmailAddress),
		Phone: t(in.Phone), Subject: t(in.Subject), Description: t(in.Description),
		CaseType: t(in.CaseType), Model: t(in.Model), Serial: t(in.Serial),
	}
}

// ValidateTicket applies every rule of spec §5 "Support ticket" to trimmed input and returns a
// fault.Validation naming each failing field, or nil.
func ValidateTicket(in TicketInput) error {
	var v validate.Errors
	maxLen := func(field, value string, n int) {
		if utf8.RuneCountInString(value) > n {
			v.Add(field, MsgTicketTooLong)
		}
	}
	v.Required("firstName", in.FirstName)
	maxLen("firstName", in.FirstName, TicketNameMax)
	v.Required("lastName", in.LastName)
	maxLen("lastName", in.LastName, TicketNameMax)
	v.Required("emailAddress", in.EmailAddress)
	maxLen("emailAddress", in.EmailAddress, TicketEmailMax)
	if in.EmailAddress != "" && !validEmail(in.EmailAddress) {
		v.Add("emailAddress", validate.MsgEmail)
	}
	v.Required("phone", in.Phone)
	maxLen("phone", in.Phone, TicketPhoneMax)
	if in.Phone != "" && !phoneMask.MatchString(in.Phone) {
		v.Add("phone", MsgInvalidPhone)
	}
	v.Required("subject", in.Subject)
	maxLen("subject", in.Subject, TicketSubjectMax)
	v.Required("description", in.Description)
	maxLen("description", in.Description, TicketDescriptionMax)
	v.Required("caseType", in.CaseType)
	if in.CaseType != "" && canonicalCaseType(in.CaseType) == "" {
		v.Add("caseType", MsgInvalidCaseType)
	}
	maxLen("model", in.Model, TicketModelMax)
	maxLen("serial", in.Serial, TicketSerialMax)
	return v.Err()
}

// canonicalCaseType returns the stored spelling of a case type, matched without regard to case,
// or "" when it is not one.
func canonicalCaseType(s string) string {
	for _, c := range CaseTypes {
		if strings.EqualFold(c, s) {
			return c
		}
	}
	return ""
}

// CreateTicket trims in, checks it, stores the ticket for owner (the token subject) with a new
// uid and status open, and queues the support inbox's e-mail in the same transaction.
func (s *Service) CreateTicket(ctx context.Context, owner string, in TicketInput) (Ticket, error) {
	in = in.trimmed()
	if err := ValidateTicket(in); err != nil {
		return Ticket{}, err
	}
	t := Ticket{
		Owner: owner, FirstName: in.FirstName, LastName: in.LastName, EmailAddress: in.EmailAddress,
		Phone: in.Phone, Subject: in.Subject, Description: in.Description,
		CaseType: canonicalCaseType(in.CaseType), Model: in.Model, Serial: in.Serial,
		Status: TicketStatusOpen, CreatedAt: s.now().UTC().Truncate(time.Microsecond),
	}
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		uid, err := s.store.NextTicketUID(ctx)
		if err != nil {
			return err
		}
		t.UID = uid
		if err := s.store.CreateTicket(ctx, t); err != nil {
			return err
		}
		return s.mail.Enqueue(ctx, s.ticketMail(t))
	})
	if err != nil {
		return Ticket{}, fmt.Errorf("support: create ticket: %w", err)
	}
	return t, nil
}

// TicketsOf lists owner's tickets, newest first.
func (s *Service) TicketsOf(ctx context.Context, owner string) ([]Ticket, error) {
	return s.store.TicketsOf(ctx, owner)
}

func (s *Service) ticketMail(t Ticket) pmail.Message {
	var b strings.Builder
	fmt.Fprintf(&b, "Support ticket %s was created.\n\n", t.UID)
	fmt.Fprintf(&b, "Name: %s %s\nE-mail: %s\nPhone: %s\nCase type: %s\n", t.FirstName, t.LastName, t.EmailAddress, t.Phone, t.CaseType)
	fmt.Fprintf(&b, "Model: %s\nSerial: %s\nAccount: %s\n\nSubject: %s\n\n%s\n", t.Model, t.Serial, t.Owner, t.Subject, t.Description)
	return pmail.Message{
		To: []string{s.cfg.Inbox}, ReplyTo: t.EmailAddress,
		Subject: fmt.Sprintf("Support ticket %s (%s): %s", t.UID, t.CaseType, oneLine(t.Subject)),
		Text:    b.String(),
	}
}

// oneLine turns control characters (line breaks among them) into spaces, so customer text can
// go into a mail header.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

// validEmail accepts a bare address (no display name) with a dotted domain.
func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	_, domain, _ := strings.Cut(s, "@")
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".") && !strings.HasPrefix(domain, ".")
}
