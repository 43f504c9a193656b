package rmadb_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

var (
	casey  = rma.Viewer{Subject: "usr_casey"}
	olivia = rma.Viewer{Subject: "usr_olivia", Org: "FleetCo Utilities"}
	diego  = rma.Viewer{Subject: "usr_diego", Org: "FleetCo Utilities"}
)

func registrations(t *testing.T, gdb *gorm.DB, now time.Time) (*rma.Registrations, *rmadb.Store) {
	t.Helper()
	s := migrated(t, gdb)
	require.NoError(t, s.UpsertUnits(t.Context(), rmadb.DemoUnits()))
	return rma.NewRegistrations(s, db.NewTransactor(gdb), func() time.Time { return now }), s
}

func TestIntegrationRegistrations_OwnerAndOrganizationSeeThemWithTheirUnits(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		now := time.Date(2026, 11, 23, 15, 4, 5, 0, time.UTC)
		r, _ := registrations(t, gdb, now)
		ctx := t.Context()
		bought := time.Date(2025, 2, 14, 0, 0, 0, 0, time.UTC)

		_, err := r.Register(ctx, olivia, "rt10000001", bought, "po/olivia.pdf")
		require.NoError(t, err)
		r2 := rma.NewRegistrations(rmadb.NewStore(gdb), db.NewTransactor(gdb), func() time.Time { return now.Add(time.Hour) })
		_, err = r2.Register(ctx, diego, "VT10000007", bought, "po/diego.pdf")
		require.NoError(t, err)
		_, err = r2.Register(ctx, casey, "RT10000004", bought, "po/casey.pdf")
		require.NoError(t, err)

		units := map[string]rma.Unit{}
		for _, u := range rmadb.DemoUnits() {
			units[u.Serial] = u
		}
		got, err := r.List(ctx, olivia)
		require.NoError(t, err)
		require.Equal(t, []rma.Registration{
			{Serial: "VT10000007", Owner: "usr_diego", Org: "FleetCo Utilities", PurchaseDate: bought, ProofFileID: "po/diego.pdf", RegisteredAt: now.Add(time.Hour), Unit: units["VT10000007"]},
			{Serial: "RT10000001", Owner: "usr_olivia", Org: "FleetCo Utilities", PurchaseDate: bought, ProofFileID: "po/olivia.pdf", RegisteredAt: now, Unit: units["RT10000001"]},
		}, got, "newest first, the member's too")
		require.False(t, got[0].Mine(olivia))
		require.True(t, got[1].Mine(olivia))

		got, err = r.List(ctx, casey)
		require.NoError(t, err)
		require.Len(t, got, 1)
		require.Equal(t, "RT10000004", got[0].Serial)
		require.True(t, got[0].Unit.EndOfService)

		got, err = r.List(ctx, rma.Viewer{Subject: "usr_olivia"})
		require.NoError(t, err)
		require.Len(t, got, 1, "outside the organization, only her own")

		got, err = r.List(ctx, rma.Viewer{Subject: "usr_nobody"})
		require.NoError(t, err)
		require.Empty(t, got)
	})
}

func TestIntegrationRegistrations_AUnitIsRegisteredOnceAndUnknownOnesNever(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		r, _ := registrations(t, gdb, time.Now())
		ctx := t.Context()
		today := time.Now().UTC()
		_, err := r.Register(ctx, casey, "RT10000002", today, "po/1.pdf")
		require.NoError(t, err)
		_, err = r.Register(ctx, diego, "RT10000002", today, "po/2.pdf")
		require.ErrorIs(t, err, rma.ErrAlreadyRegistered)
		_, err = r.Register(ctx, casey, "RT10000002", today, "po/3.pdf")
		require.ErrorIs(t, err, rma.ErrAlreadyRegistered, "not twice by its owner either")
		_, err = r.Register(ctx, casey, "RT19999999", today, "po/4.pdf")
		require.ErrorIs(t, err, rma.ErrUnitNotFound)

		got, err := r.List(ctx, casey)
		require.NoError(t, err)
		require.Len(t, got, 1)
		require.Equal(t, "po/1.pdf", got[0].ProofFileID)
	})
}

// The account service claims the proof file in the registration's transaction: Register joins
// it, a refusal leaves it usable (PostgreSQL aborts a transaction on a failed statement), and a
// failure after Register rolls the registration back.
func TestIntegrationRegister_JoinsTheCallersTransaction(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		r, _ := registrations(t, gdb, time.Now())
		ctx := t.Context()
		tx := db.NewTransactor(gdb)
		today := time.Now().UTC()
		_, err := r.Register(ctx, casey, "RT10000003", today, "po/1.pdf")
		require.NoError(t, err)

		claimFailed := errors.New("proof file not found")
		err = tx.InTx(ctx, func(ctx context.Context) error {
			_, err := r.Register(ctx, olivia, "RT10000003", today, "po/2.pdf")
			require.ErrorIs(t, err, rma.ErrAlreadyRegistered)
			_, err = r.Register(ctx, olivia, "RT10000005", today, "po/2.pdf")
			require.NoError(t, err, "the transaction still works after a refusal")
			return claimFailed
		})
		require.ErrorIs(t, err, claimFailed)

		got, err := r.List(ctx, olivia)
		require.NoError(t, err)
		require.Empty(t, got, "rolled back with the caller's transaction")
		_, err = r.Register(ctx, olivia, "RT10000005", today, "po/2.pdf")
		require.NoError(t, err)
	})
}
