package identitythrottle_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/identity/identitythrottle"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

func newClock() *testkit.Clock { return testkit.NewClock(time.Date(2026, 3, 3, 14, 0, 0, 0, time.UTC)) }

// newThrottle is a throttle on a migrated database with settings (zero: the defaults).
func newThrottle(t *testing.T, gdb *gorm.DB, settings identitythrottle.Settings, c *testkit.Clock) *identitythrottle.Throttle {
	t.Helper()
	require.NoError(t, identitydb.Migrate(t.Context(), gdb))
	th, err := identitythrottle.New(identitydb.NewStore(gdb), db.NewTransactor(gdb), settings, c.Now)
	require.NoError(t, err)
	return th
}

// fail admits an attempt and records it as failed; it returns the refusal, if any.
func fail(t *testing.T, th *identitythrottle.Throttle, email, client string) (identitythrottle.Failure, error) {
	t.Helper()
	a, err := th.Admit(t.Context(), email, client)
	if err != nil {
		return identitythrottle.Failure{}, err
	}
	f, err := th.Failed(t.Context(), a, nil)
	require.NoError(t, err)
	return f, nil
}

// failTimes fails n attempts in a row, the clock moved past each one's delay; it returns the
// last attempt's Failure.
func failTimes(t *testing.T, th *identitythrottle.Throttle, c *testkit.Clock, n int, email, client string) identitythrottle.Failure {
	t.Helper()
	var f identitythrottle.Failure
	for i := range n {
		var err error
		f, err = fail(t, th, email, client)
		require.NoError(t, err, "failure %d", i+1)
		c.Advance(10 * time.Second)
	}
	return f
}

func retryAt(t *testing.T, err error) time.Time {
	t.Helper()
	var tooMany *identitycore.TooManyAttempts
	require.ErrorAs(t, err, &tooMany)
	require.ErrorIs(t, err, identitycore.ErrTooManyAttempts)
	return tooMany.RetryAt
}

func TestIntegrationThrottle_FifthFailureLocksTheEmailAndTheRightPasswordWaits(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		c := newClock()
		th := newThrottle(t, gdb, identitythrottle.Settings{}, c)
		require.Zero(t, failTimes(t, th, c, 4, "casey@example.com", "192.0.2.1").LockedUntil)
		f, err := fail(t, th, "casey@example.com", "192.0.2.1")
		require.NoError(t, err)
		require.True(t, f.AccountLocked)
		require.Equal(t, c.Now().Add(time.Minute), f.LockedUntil)

		// The lockout holds from any address, and refuses before a password is read.
		c.Advance(59 * time.Second)
		_, err = th.Admit(t.Context(), "CASEY@example.com", "198.51.100.9")
		require.Equal(t, f.LockedUntil, retryAt(t, err))

		c.Advance(time.Second)
		a, err := th.Admit(t.Context(), "casey@example.com", "198.51.100.9")
		require.NoError(t, err, "admitted once the lockout is over")
		require.NoError(t, th.Succeeded(t.Context(), a))
	})
}

func TestIntegrationThrottle_ParallelGuessesGetNoMoreThanTheLimit(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		c := newClock()
		settings := identitythrottle.DefaultSettings()
		settings.Delay = 0 // only the lockout limits a burst
		th := newThrottle(t, gdb, settings, c)
		var admitted, refused atomic.Int32
		var wg sync.WaitGroup
		for range 30 {
			wg.Go(func() {
				a, err := th.Admit(context.Background(), "casey@example.com", "192.0.2.1")
				switch {
				case errors.Is(err, identitycore.ErrTooManyAttempts):
					refused.Add(1)
				case err != nil:
					t.Errorf("admit: %v", err)
				default:
					admitted.Add(1)
					_, err := th.Failed(context.Background(), a, nil)
					if err != nil {
						t.Errorf("failed: %v", err)
					}
				}
			})
		}
		wg.Wait()
		require.EqualValues(t, 5, admitted.Load(), "30 simultaneous guesses: 5 read, the rest refused")
		require.EqualValues(t, 25, refused.Load())
	})
}

func TestIntegrationThrottle_ClientAddressIsLockedAcrossEmails(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		c := newClock()
		th := newThrottle(t, gdb, identitythrottle.Settings{}, c)
		var last identitythrottle.Failure
		for i := range 20 {
			f, err := fail(t, th, fmt.Sprintf("user%d@example.com", i), "2001:db8:7:7::1")
			require.NoError(t, err, "failure %d", i+1)
			last = f
		}
		require.True(t, last.ClientLocked)
		require.False(t, last.AccountLocked)

		_, err := th.Admit(t.Context(), "someone-else@example.com", "2001:db8:7:7:ffff::2")
		require.Equal(t, last.LockedUntil, retryAt(t, err), "the same /64 is the same client")
		_, err = th.Admit(t.Context(), "someone-else@example.com", "2001:db8:7:8::1")
		require.NoError(t, err, "another network is not locked")
	})
}

func TestIntegrationThrottle_SuccessStartsTheEmailOverButTakesBackOnlyItsOwnCountFromTheClient(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		c := newClock()
		settings := identitythrottle.DefaultSettings()
		settings.ClientFailures = 6
		th := newThrottle(t, gdb, settings, c)
		failTimes(t, th, c, 4, "casey@example.com", "192.0.2.1")
		a, err := th.Admit(t.Context(), "casey@example.com", "192.0.2.1")
		require.NoError(t, err)
		require.NoError(t, th.Succeeded(t.Context(), a), "the fifth attempt is the right password")

		// The e-mail starts over: four more failures lock nothing.
		require.False(t, failTimes(t, th, c, 4, "casey@example.com", "198.51.100.1").AccountLocked)
		// The address kept its four failures: two more lock it (limit 6).
		_, err = fail(t, th, "other@example.com", "192.0.2.1")
		require.NoError(t, err)
		f, err := fail(t, th, "another@example.com", "192.0.2.1")
		require.NoError(t, err)
		require.True(t, f.ClientLocked)
	})
}

func TestIntegrationThrottle_LockoutNoticeRunsOncePerLockoutAndNotAfterASuccessLiftedIt(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		c := newClock()
		settings := identitythrottle.DefaultSettings()
		settings.Delay = 0
		th := newThrottle(t, gdb, settings, c)
		var notices []time.Time
		notify := func(_ context.Context, until time.Time) error {
			notices = append(notices, until)
			return nil
		}
		lockOut := func() {
			for {
				a, err := th.Admit(t.Context(), "casey@example.com", "192.0.2.1")
				require.NoError(t, err)
				f, err := th.Failed(t.Context(), a, notify)
				require.NoError(t, err)
				if f.AccountLocked {
					return
				}
			}
		}
		lockOut()
		require.Len(t, notices, 1)
		c.Advance(time.Minute)
		lockOut()
		require.Equal(t, []time.Time{notices[0], c.Now().Add(5 * time.Minute)}, notices, "second lockout, second notice, 5 minutes")

		// Four failures, then two attempts at once: the fifth locks, the sixth (the right
		// password, admitted just before) succeeds and lifts it: no notice.
		c.Advance(5 * time.Minute)
		failTimes(t, th, c, 3, "casey@example.com", "192.0.2.1")
		right, err := th.Admit(t.Context(), "casey@example.com", "192.0.2.1")
		require.NoError(t, err)
		wrong, err := th.Admit(t.Context(), "casey@example.com", "192.0.2.1")
		require.NoError(t, err)
		require.NoError(t, th.Succeeded(t.Context(), right))
		f, err := th.Failed(t.Context(), wrong, notify)
		require.NoError(t, err)
		require.True(t, f.AccountLocked)
		require.Len(t, notices, 2, "the lockout was lifted before its notice")
	})
}

func TestIntegrationThrottle_FailedNoticeIsRolledBackWithItsError(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		c := newClock()
		settings := identitythrottle.DefaultSettings()
		settings.AccountFailures = 1
		th := newThrottle(t, gdb, settings, c)
		a, err := th.Admit(t.Context(), "casey@example.com", "192.0.2.1")
		require.NoError(t, err)
		boom := errors.New("outbox refused")
		f, err := th.Failed(t.Context(), a, func(context.Context, time.Time) error { return boom })
		require.ErrorIs(t, err, boom)
		require.True(t, f.AccountLocked, "the lockout stands without its notice")
		_, err = th.Admit(t.Context(), "casey@example.com", "192.0.2.1")
		require.ErrorIs(t, err, identitycore.ErrTooManyAttempts)
	})
}
