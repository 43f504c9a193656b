// Package identitythrottle protects the embedded provider's sign-in against password guessing
// (ASVS 2.2.1). Every attempt is counted under two keys, the e-mail typed (whether or not an
// account has it, so the answers never tell) and the client's address; a key that fails too
// often in a row waits a growing delay before its next attempt is read, then is locked out for
// a growing time. A refused attempt is answered at once with the moment to come back: nothing
// sleeps, so guesses cannot pile up goroutines. The state lives in the provider's database, so
// every process sees one count, and the moment a lockout starts commits with its e-mail.
package identitythrottle

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/db"
)

// Store keeps the state of each key; identitydb implements it. Its methods join the
// transaction ctx carries (db.Conn).
type Store interface {
	// LockThrottle returns key's state (the zero State when it has none) and holds the key for
	// the rest of the transaction, so concurrent attempts on one key take turns.
	LockThrottle(ctx context.Context, key string, now time.Time) (State, error)
	// SaveThrottle stores key's state; the row may be forgotten after expiresAt.
	SaveThrottle(ctx context.Context, key string, s State, expiresAt time.Time) error
	// DeleteThrottle forgets key.
	DeleteThrottle(ctx context.Context, key string) error
}

// Throttle admits or refuses sign-in attempts.
type Throttle struct {
	store    Store
	tx       db.Transactor
	settings Settings
	account  limits
	client   limits
	now      func() time.Time
}

// New builds a throttle; zero settings take DefaultSettings, now nil takes time.Now.
func New(store Store, tx db.Transactor, settings Settings, now func() time.Time) (*Throttle, error) {
	if settings.IsZero() {
		settings = DefaultSettings()
	}
	if err := settings.Validate(); err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	return &Throttle{store: store, tx: tx, settings: settings,
		account: settings.accountLimits(), client: settings.clientLimits(), now: now}, nil
}

// Settings returns the settings in force.
func (t *Throttle) Settings() Settings { return t.settings }

// Attempt is an admitted attempt; its outcome goes to Failed or Succeeded.
type Attempt struct {
	accountKey, clientKey string
	account, client       admission
}

// Admit counts an attempt for email from clientAddress, or refuses it with
// *identitycore.TooManyAttempts (errors.Is identitycore.ErrTooManyAttempts) saying when to come
// back; a refused attempt is not counted, and its password must not be checked.
func (t *Throttle) Admit(ctx context.Context, email, clientAddress string) (Attempt, error) {
	now := t.clock()
	a := Attempt{accountKey: accountKey(email), clientKey: clientKey(clientAddress)}
	err := t.tx.InTx(ctx, func(ctx context.Context) error {
		// Always the e-mail first, then the address: attempts lock keys in one order, so two
		// of them never wait on each other.
		account, err := t.store.LockThrottle(ctx, a.accountKey, now)
		if err != nil {
			return err
		}
		client, err := t.store.LockThrottle(ctx, a.clientKey, now)
		if err != nil {
			return err
		}
		account, a.account = t.account.admit(account, now)
		client, a.client = t.client.admit(client, now)
		if !a.account.admitted || !a.client.admitted {
			// Rolled back: a refusal writes nothing.
			return &identitycore.TooManyAttempts{RetryAt: latest(a.account.retryAt, a.client.retryAt)}
		}
		if err := t.save(ctx, a.accountKey, account); err != nil {
			return err
		}
		return t.save(ctx, a.clientKey, client)
	})
	if err != nil {
		if errors.Is(err, identitycore.ErrTooManyAttempts) {
			return Attempt{}, err
		}
		return Attempt{}, fmt.Errorf("identitythrottle: admit: %w", err)
	}
	return a, nil
}

// Failure is what a failed attempt did to its keys.
type Failure struct {
	// AccountLocked and ClientLocked: this attempt started a lockout of its e-mail, of its
	// client address.
	AccountLocked, ClientLocked bool
	// LockedUntil is when the lockouts it started end (the later one); zero if none.
	LockedUntil time.Time
}

// Failed records that the attempt's password was wrong; its count stays. When the attempt
// locked its e-mail, notify runs in the transaction that confirms the lockout is still in
// force (no success took it back meanwhile), so an e-mail it queues goes out once per lockout.
// notify may be nil.
func (t *Throttle) Failed(ctx context.Context, a Attempt, notify func(ctx context.Context, until time.Time) error) (Failure, error) {
	f := Failure{AccountLocked: a.account.lockout, ClientLocked: a.client.lockout}
	if f.AccountLocked {
		f.LockedUntil = a.account.setNotBefore
	}
	if f.ClientLocked {
		f.LockedUntil = latest(f.LockedUntil, a.client.setNotBefore)
	}
	if !f.AccountLocked || notify == nil {
		return f, nil
	}
	err := t.tx.InTx(ctx, func(ctx context.Context) error {
		s, err := t.store.LockThrottle(ctx, a.accountKey, t.clock())
		if err != nil {
			return err
		}
		if !s.NotBefore.Equal(a.account.setNotBefore) {
			return nil // a success on this e-mail lifted the lockout meanwhile
		}
		return notify(ctx, a.account.setNotBefore)
	})
	if err != nil {
		return f, fmt.Errorf("identitythrottle: lockout notice: %w", err)
	}
	return f, nil
}

// Succeeded records that the attempt's password was right: its e-mail starts over, and its
// client address takes back this attempt's count (not the others': a guesser cannot clear its
// address by signing in to an account of its own between guesses).
func (t *Throttle) Succeeded(ctx context.Context, a Attempt) error {
	err := t.tx.InTx(ctx, func(ctx context.Context) error {
		if err := t.store.DeleteThrottle(ctx, a.accountKey); err != nil {
			return err
		}
		client, err := t.store.LockThrottle(ctx, a.clientKey, t.clock())
		if err != nil {
			return err
		}
		return t.save(ctx, a.clientKey, t.client.takeBack(client, a.client))
	})
	if err != nil {
		return fmt.Errorf("identitythrottle: success: %w", err)
	}
	return nil
}

func (t *Throttle) save(ctx context.Context, key string, s State) error {
	return t.store.SaveThrottle(ctx, key, s, s.ExpiresAt(t.settings.ForgetAfter))
}

// clock is now in UTC at the database's precision (microseconds), so a time read back
// compares equal to the one written.
func (t *Throttle) clock() time.Time { return t.now().UTC().Truncate(time.Microsecond) }

func latest(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
