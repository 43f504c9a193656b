package identitydb_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/identity/identitythrottle"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

// lockThrottle reads a key the way the throttle does: in a transaction, which it then rolls
// back, so the empty row LockThrottle inserts for an absent key is not kept.
func lockThrottle(t *testing.T, gdb *gorm.DB, s *identitydb.Store, key string, now time.Time) identitythrottle.State {
	t.Helper()
	var st identitythrottle.State
	errRollback := context.Canceled
	err := db.NewTransactor(gdb).InTx(t.Context(), func(ctx context.Context) error {
		var err error
		st, err = s.LockThrottle(ctx, key, now)
		if err != nil {
			return err
		}
		return errRollback
	})
	require.ErrorIs(t, err, errRollback)
	return st
}

func TestIntegrationThrottleStore_KeepsStateExactlyAndPurgesExpiredKeys(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := newStore(t, gdb)
		ctx := t.Context()
		// Microseconds, another zone: read back equal, as the throttle compares NotBefore.
		now := time.Date(2026, 3, 3, 14, 0, 0, 123456000, time.FixedZone("UTC-5", -5*3600))

		require.Equal(t, identitythrottle.State{}, lockThrottle(t, gdb, s, "account:none", now), "an absent key is the zero state")

		locked := identitythrottle.State{Failures: 5, Lockouts: 2, NotBefore: now.Add(5 * time.Minute), LastFailure: now}
		require.NoError(t, s.SaveThrottle(ctx, "account:locked", locked, now.Add(24*time.Hour)))
		got := lockThrottle(t, gdb, s, "account:locked", now)
		require.True(t, got.NotBefore.Equal(locked.NotBefore))
		require.True(t, got.LastFailure.Equal(locked.LastFailure))
		require.Equal(t, locked.Failures, got.Failures)
		require.Equal(t, locked.Lockouts, got.Lockouts)

		noWait := identitythrottle.State{Failures: 1, LastFailure: now}
		require.NoError(t, s.SaveThrottle(ctx, "client:old", noWait, now.Add(-time.Second)))
		require.True(t, lockThrottle(t, gdb, s, "client:old", now).NotBefore.IsZero(), "no wait reads back as none")

		require.NoError(t, s.PurgeExpired(ctx, now, now.Add(-30*time.Minute)))
		require.Equal(t, identitythrottle.State{}, lockThrottle(t, gdb, s, "client:old", now), "expired key purged")
		require.Equal(t, 5, lockThrottle(t, gdb, s, "account:locked", now).Failures, "live key kept")

		require.NoError(t, s.DeleteThrottle(ctx, "account:locked"))
		require.Equal(t, identitythrottle.State{}, lockThrottle(t, gdb, s, "account:locked", now))
	})
}
