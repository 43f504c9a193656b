package identitythrottle

import (
	"errors"
	"fmt"
	"time"
)

// ErrInvalidSettings: a Settings value the throttle cannot work with.
var ErrInvalidSettings = errors.New("identitythrottle.invalidSettings")

// Settings is the throttle's part of a binary's configuration (IDP_SIGNIN_*), with env tags for
// the binary's config struct to embed. The zero Settings means DefaultSettings.
type Settings struct {
	// AccountFailures failed sign-ins in a row for one e-mail, known or not, lock it.
	AccountFailures int `env:"IDP_SIGNIN_ACCOUNT_FAILURES" envDefault:"5"`
	// ClientFailures failed sign-ins in a row from one client address (an IPv6 address's /64)
	// lock that address, whatever the e-mails. Higher than AccountFailures: one office or
	// carrier NAT is many people.
	ClientFailures int `env:"IDP_SIGNIN_CLIENT_FAILURES" envDefault:"20"`
	// Lockouts are how long a key's first, second, … lockout lasts; the last one repeats.
	Lockouts []time.Duration `env:"IDP_SIGNIN_LOCKOUTS" envSeparator:"," envDefault:"1m,5m,15m,1h"`
	// Delay is how long an e-mail waits after its second failure before the next attempt is
	// read, doubled after each further failure until the lockout (1 s, 2 s, 4 s by default).
	// 0 turns the delays off; client addresses have none.
	Delay time.Duration `env:"IDP_SIGNIN_DELAY" envDefault:"1s"`
	// ForgetAfter: a key with no failure for this long starts over, its count and its lockout
	// level back to zero. A successful sign-in starts its e-mail over at once.
	ForgetAfter time.Duration `env:"IDP_SIGNIN_FORGET_AFTER" envDefault:"24h"`
}

// DefaultSettings are the env defaults: 5 failures lock an e-mail, 20 a client address; lockouts
// of 1, 5 and 15 minutes, then 1 hour each; delays of 1, 2 and 4 s before an e-mail's lockout;
// everything forgotten after 24 h without a failure.
func DefaultSettings() Settings {
	return Settings{
		AccountFailures: 5,
		ClientFailures:  20,
		Lockouts:        []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour},
		Delay:           time.Second,
		ForgetAfter:     24 * time.Hour,
	}
}

// IsZero reports whether nothing is set (then DefaultSettings apply).
func (s Settings) IsZero() bool {
	return s.AccountFailures == 0 && s.ClientFailures == 0 && len(s.Lockouts) == 0 && s.Delay == 0 && s.ForgetAfter == 0
}

// Validate refuses settings that would turn the protection off or make no sense.
func (s Settings) Validate() error {
	invalid := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInvalidSettings}, args...)...)
	}
	switch {
	case s.AccountFailures < 1:
		return invalid("IDP_SIGNIN_ACCOUNT_FAILURES must be at least 1")
	case s.ClientFailures < 1:
		return invalid("IDP_SIGNIN_CLIENT_FAILURES must be at least 1")
	case len(s.Lockouts) == 0:
		return invalid("IDP_SIGNIN_LOCKOUTS needs at least one duration")
	case s.Delay < 0:
		return invalid("IDP_SIGNIN_DELAY must not be negative")
	case s.ForgetAfter <= 0:
		return invalid("IDP_SIGNIN_FORGET_AFTER must be positive")
	}
	for _, d := range s.Lockouts {
		if d <= 0 {
			return invalid("IDP_SIGNIN_LOCKOUTS must be positive durations")
		}
	}
	return nil
}

// accountLimits and clientLimits are the rules of each kind of key.
func (s Settings) accountLimits() limits {
	return limits{maxFailures: s.AccountFailures, lockouts: s.Lockouts, delay: s.Delay, forgetAfter: s.ForgetAfter}
}

func (s Settings) clientLimits() limits {
	return limits{maxFailures: s.ClientFailures, lockouts: s.Lockouts, forgetAfter: s.ForgetAfter}
}
