package identity

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"golang.org/x/crypto/bcrypt"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitylogin"
	"rugged.example/portal/api/identity/identitythrottle"
	"rugged.example/portal/api/pkg/mail"
)

// SignInLimits configure the sign-in page's throttle (IDP_SIGNIN_*); the zero value is
// identitythrottle.DefaultSettings.
type SignInLimits = identitythrottle.Settings

// ErrTooManyAttempts: a sign-in refused during a delay or lockout (see identitythrottle).
var ErrTooManyAttempts = identitycore.ErrTooManyAttempts

// Mailer queues e-mail; the portal's outbox (mail.Outbox) is one. Enqueue joins the
// transaction ctx carries.
type Mailer interface {
	Enqueue(ctx context.Context, msg mail.Message) error
}

// SignInMetrics counts what the sign-in throttle does; the portal's telemetry implements it.
type SignInMetrics interface {
	// SignInFailed: a wrong e-mail or password.
	SignInFailed()
	// SignInRefused: an attempt refused unread, during a delay or a lockout.
	SignInRefused()
	// SignInLockedOut: a lockout started; scope is "account" (an e-mail) or "client" (an address).
	SignInLockedOut(scope string)
}

// Scopes of SignInMetrics.SignInLockedOut.
const (
	LockoutScopeAccount = "account"
	LockoutScopeClient  = "client"
)

type noSignInMetrics struct{}

func (noSignInMetrics) SignInFailed()          {}
func (noSignInMetrics) SignInRefused()         {}
func (noSignInMetrics) SignInLockedOut(string) {}

type clientAddressKey struct{}

// WithClientAddress tells the provider the address of the client behind a request, as the
// portal derives it (Gin's ClientIP, which believes X-Forwarded-For from PORTAL_TRUSTED_PROXIES
// only). The sign-in throttle counts attempts per address; without it the provider takes the
// connection's remote address, which behind an ingress is the ingress's.
func WithClientAddress(ctx context.Context, address string) context.Context {
	return context.WithValue(ctx, clientAddressKey{}, address)
}

// clientAddress is the address of the request's client: the one the portal set, else the
// connection's.
func clientAddress(r *http.Request) string {
	if a, ok := r.Context().Value(clientAddressKey{}).(string); ok && a != "" {
		return a
	}
	return identitylogin.RemoteHost(r)
}

// checkPassword is the sign-in page's password check behind the throttle. The throttle admits
// the attempt first (a refused one is answered before any user is looked up or any hash
// compared, the right password included); then a known and an unknown e-mail take the same
// steps: one lookup, one bcrypt comparison, one throttle transaction. Only the lockout notice,
// which needs an account to write to, tells them apart, and only in the outbox.
func (p *Provider) checkPassword(ctx context.Context, client, email, password string) (string, error) {
	attempt, err := p.throttle.Admit(ctx, email, client)
	if errors.Is(err, identitycore.ErrTooManyAttempts) {
		p.metrics.SignInRefused()
		return "", err
	}
	if err != nil {
		return "", err
	}
	u, err := p.store.UserByEmail(ctx, email)
	known := err == nil
	if err != nil && !errors.Is(err, identitycore.ErrUnknownUser) {
		return "", err
	}
	hash := p.dummyPasswordHash()
	if known {
		hash = []byte(u.PasswordHash)
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(password)) != nil || !known {
		return "", p.failedSignIn(ctx, attempt, u, known)
	}
	if err := p.throttle.Succeeded(ctx, attempt); err != nil {
		return "", err
	}
	return u.ID, nil
}

// failedSignIn records a wrong password. The answer is ErrInvalidCredentials, or
// *TooManyAttempts when this attempt locked the e-mail or the address: the page then says at
// once when to come back. The account holder is e-mailed once per lockout of the e-mail.
func (p *Provider) failedSignIn(ctx context.Context, a identitythrottle.Attempt, u identitycore.User, known bool) error {
	p.metrics.SignInFailed()
	notify := func(context.Context, time.Time) error { return nil }
	if known && p.cfg.Mail != nil {
		notify = func(ctx context.Context, until time.Time) error {
			return p.cfg.Mail.Enqueue(ctx, lockoutNotice(u.Email, p.throttle.Settings().AccountFailures, until))
		}
	}
	f, err := p.throttle.Failed(ctx, a, notify)
	if err != nil {
		// The lockout stands; only its notice is missing.
		p.logger.ErrorContext(ctx, "idp sign-in lockout notice", slog.String("error", err.Error()))
	}
	if f.AccountLocked {
		p.metrics.SignInLockedOut(LockoutScopeAccount)
		attrs := []any{slog.String("scope", LockoutScopeAccount), slog.Time("until", f.LockedUntil)}
		if known {
			attrs = append(attrs, slog.String("user_id", u.ID))
		}
		p.logger.WarnContext(ctx, "idp sign-in locked out", attrs...)
	}
	if f.ClientLocked {
		p.metrics.SignInLockedOut(LockoutScopeClient)
		p.logger.WarnContext(ctx, "idp sign-in locked out", slog.String("scope", LockoutScopeClient), slog.Time("until", f.LockedUntil))
	}
	if !f.LockedUntil.IsZero() {
		return &identitycore.TooManyAttempts{RetryAt: f.LockedUntil}
	}
	return identitycore.ErrInvalidCredentials
}

// dummyPasswordHash is compared against when the e-mail is unknown.
func (p *Provider) dummyPasswordHash() []byte {
	p.dummyOnce.Do(func() {
		p.dummyHash, _ = bcrypt.GenerateFromPassword([]byte(newSecret()), bcrypt.DefaultCost)
	})
	return p.dummyHash
}
