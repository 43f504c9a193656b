package rmadb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// An RMA whose shipping step never ran after its commit (the client went away, the database
// stopped between the two transactions, the process died) still gets its label: it is born with
// its retry due a minute after creation. Found by the fault suite (api/portal/faultsuite).
func TestIntegrationCreateRMA_ALabelNobodyIssuedIsRetriedAfterTheGrace(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		number, err := f.store.NextRMANumber(ctx)
		require.NoError(t, err)
		uid, err := rma.NewUID()
		require.NoError(t, err)
		now := time.Now()
		require.NoError(t, f.store.CreateRMA(ctx, rma.RMA{
			Number: number, UID: uid, Owner: "usr_casey", Serial: "RT10000001", Model: "RL14", Type: "REPAIR",
			Status: rma.StatusAwaitingUnit, Method: rma.ShipLabel, CreatedAt: now,
		}, "key-1"))

		claimed, err := f.store.ClaimLabelRetries(ctx, now.Add(30*time.Second), now.Add(5*time.Minute), 10)
		require.NoError(t, err)
		require.Empty(t, claimed, "the create's own shipping step has a minute")

		claimed, err = f.store.ClaimLabelRetries(ctx, now.Add(2*time.Minute), now.Add(5*time.Minute), 10)
		require.NoError(t, err)
		require.Len(t, claimed, 1)
		require.Equal(t, number, claimed[0].RMA.Number)
	})
}

// A create whose shipping step issued the label leaves nothing for the retrier.
func TestIntegrationCreate_AnIssuedLabelIsNeverRetried(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		got, err := f.creator.Create(t.Context(), request())
		require.NoError(t, err)
		require.NotEmpty(t, got.RMA.LabelID)
		claimed, err := f.store.ClaimLabelRetries(t.Context(), time.Now().Add(time.Hour), time.Now().Add(2*time.Hour), 10)
		require.NoError(t, err)
		require.Empty(t, claimed)
	})
}
