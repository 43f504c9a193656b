package support

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	pmail "rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/validate"
)

// Limits of the contact form. Names, company and phone are spec §9's contact limits; the spec
// sets none for subject and description, so these two are ours: the subject is as long as a
// ticket's, the description long enough for a fault report.
const (
	ContactNameMax    = 35
	ContactCompanyMax = 35
	ContactPhoneMax   = 25
	ContactSubjectMax = 80
	ContactDescMax    = 2000

	// MsgInvalidPrimaryFault is for a primary fault other than broken or software.
	MsgInvalidPrimaryFault = "Must be broken or software"
)

// PrimaryFaults are the contact-form reasons of spec §9.
var PrimaryFaults = []string{"broken", "software"}

// ContactInput is what the contact form sends. Field keys of validation errors are the JSON
// names: firstName, lastName, email, phone, company, subject, primaryFault, desc.
type ContactInput struct {
	FirstName    string
	LastName     string
	Email        string
	Phone        string
	Company      string
	Subject      string
	PrimaryFault string
	Desc         string
}

// ContactMessage is a stored contact-form message. The client key (IP) is not stored.
type ContactMessage struct {
	ContactInput
	CreatedAt time.Time
}

func (in ContactInput) trimmed() ContactInput {
	t := strings.TrimSpace
	return ContactInput{
		FirstName: t(in.FirstName), LastName: t(in.LastName), Email: t(in.Email), Phone: t(in.Phone),
		Company: t(in.Company), Subject: t(in.Subject), PrimaryFault: t(in.PrimaryFault), Desc: t(in.Desc),
	}
}

// ValidateContact applies the contact form's rules to trimmed input.
func ValidateContact(in ContactInput) error {
	var v validate.Errors
	v.Required("firstName", in.FirstName)
	v.MaxLen("firstName", in.FirstName, ContactNameMax)
	v.Required("lastName", in.LastName)
	v.MaxLen("lastName", in.LastName, ContactNameMax)
	v.Required("email", in.Email)
	if in.Email != "" && !validEmail(in.Email) {
		v.Add("email", validate.MsgEmail)
	}
	v.MaxLen("phone", in.Phone, ContactPhoneMax)
	v.MaxLen("company", in.Company, ContactCompanyMax)
	v.Required("subject", in.Subject)
	v.MaxLen("subject", in.Subject, ContactSubjectMax)
	v.Required("primaryFault", in.PrimaryFault)
	if in.PrimaryFault != "" && in.PrimaryFault != "broken" && in.PrimaryFault != "software" {
		v.Add("primaryFault", MsgInvalidPrimaryFault)
	}
	v.Required("desc", in.Desc)
	v.MaxLen("desc", in.Desc, ContactDescMax)
	return v.Err()
}

// RateLimited is the error of a refused contact message: it unwraps to ErrTooManyFromClient or
// ErrTooManyOverall and says when the window that refused it ends.
type RateLimited struct {
	Cause      error
	RetryAfter time.Duration
}

func (e *RateLimited) Error() string { return e.Cause.Error() }
func (e *RateLimited) Unwrap() error { return e.Cause }

// RetryAfter returns how long a refused caller should wait, when err is a rate-limit refusal.
func RetryAfter(err error) (time.Duration, bool) {
	var rl *RateLimited
	if errors.As(err, &rl) {
		return rl.RetryAfter, true
	}
	return 0, false
}

// SubmitContact trims and checks in, counts it against client's window and the global ceiling,
// then stores it and queues the support inbox's e-mail in one transaction. client is the
// caller's key for the limit (the client IP). Only valid messages count, so a customer who fixes
// a typo is not punished for it; invalid ones cost no write.
func (s *Service) SubmitContact(ctx context.Context, client string, in ContactInput) error {
	in = in.trimmed()
	if err := ValidateContact(in); err != nil {
		return err
	}
	if err := s.admitContact(ctx, client); err != nil {
		return err
	}
	m := ContactMessage{ContactInput: in, CreatedAt: s.now().UTC().Truncate(time.Microsecond)}
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.CreateContact(ctx, m); err != nil {
			return err
		}
		return s.mail.Enqueue(ctx, s.contactMail(m))
	})
	if err != nil {
		return fmt.Errorf("support: contact: %w", err)
	}
	return nil
}

// admitContact counts one message in fixed windows keyed by the window's start on the service's
// clock, so a window ends when the clock says so on memory and Redis alike. The client is
// counted first; a client already over its limit does not use up the global ceiling.
func (s *Service) admitContact(ctx context.Context, client string) error {
	now := s.now()
	if client == "" {
		client = "unknown"
	}
	if len(client) > 64 {
		client = client[:64]
	}
	if err := s.countIn(ctx, "client:"+client, now, s.cfg.ContactClientWindow, s.cfg.ContactPerClient, ErrTooManyFromClient); err != nil {
		return err
	}
	return s.countIn(ctx, "all", now, s.cfg.ContactGlobalWindow, s.cfg.ContactGlobal, ErrTooManyOverall)
}

func (s *Service) countIn(ctx context.Context, scope string, now time.Time, window time.Duration, limit int, refusal error) error {
	slot := now.UnixNano() / int64(window)
	key := fmt.Sprintf("support:contact:%s:%d", scope, slot)
	// The portal's Redis sits behind cache.Resilient, whose Incr counts in this process while
	// Redis is down: the limits then hold per process. An error here is what remains (the
	// request's own context ended, or a cache without that fallback).
	n, err := s.cache.Incr(ctx, key, window)
	if err != nil {
		s.log.ErrorContext(ctx, "contact rate limit unavailable", "err", err)
		return fmt.Errorf("%w: %v", ErrLimiterUnavailable, err)
	}
	if n <= int64(limit) {
		return nil
	}
	end := time.Unix(0, (slot+1)*int64(window))
	wait := end.Sub(now)
	if wait < time.Second {
		wait = time.Second
	}
	if scope != "all" {
		s.log.InfoContext(ctx, "contact form limit reached", "scope", "client")
	} else {
		s.log.WarnContext(ctx, "contact form global ceiling reached")
	}
	return &RateLimited{Cause: refusal, RetryAfter: wait}
}

func (s *Service) contactMail(m ContactMessage) pmail.Message {
	var b strings.Builder
	fmt.Fprintf(&b, "A contact-form message was sent.\n\n")
	fmt.Fprintf(&b, "Name: %s %s\nE-mail: %s\nPhone: %s\nCompany: %s\nPrimary fault: %s\n\n", m.FirstName, m.LastName, m.Email, m.Phone, m.Company, m.PrimaryFault)
	fmt.Fprintf(&b, "Subject: %s\n\n%s\n", m.Subject, m.Desc)
	return pmail.Message{
		To: []string{s.cfg.Inbox}, ReplyTo: m.Email,
		Subject: fmt.Sprintf("Contact form (%s): %s", m.PrimaryFault, oneLine(m.Subject)),
		Text:    b.String(),
	}
}
