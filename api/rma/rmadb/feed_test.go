package rmadb_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

func TestIntegrationFeed_StatusChangesInIDOrderWithWhoMaySeeThem(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		require.NoError(t, s.UpsertUnits(t.Context(), rmadb.DemoUnits()))
		feed := rma.NewFeed(s)
		ctx := t.Context()

		latest, err := feed.Latest(ctx)
		require.NoError(t, err)
		require.Zero(t, latest, "no events yet")
		none, err := feed.Since(ctx, 0, 10)
		require.NoError(t, err)
		require.Empty(t, none)

		a := putRMA(t, s, "RMA-1", "usr_olivia", "FleetCo Utilities", "RT10000001", "REPAIR", rma.StatusReceived, day("2026-03-01 10:00"),
			rma.StatusReceived, day("2026-03-04 10:00"))
		b := putRMA(t, s, "RMA-2", "usr_casey", "", "RT10000002", "RECYCLE", rma.StatusAwaitingUnit, day("2026-03-02 10:00"))

		got, err := feed.Since(ctx, 0, 10)
		require.NoError(t, err)
		var seen []string
		for i, c := range got {
			seen = append(seen, c.Number+" "+string(c.Status))
			if i > 0 {
				require.Greater(t, c.ID, got[i-1].ID)
			}
		}
		require.Equal(t, []string{"RMA-1 AWAITING_UNIT", "RMA-1 RECEIVED", "RMA-2 AWAITING_UNIT"}, seen, "labels move no status")
		require.Equal(t, rma.Change{ID: got[1].ID, Number: "RMA-1", UID: a.UID, Owner: "usr_olivia", Org: "FleetCo Utilities",
			Status: rma.StatusReceived, At: day("2026-03-04 10:00")}, got[1])
		require.Equal(t, b.UID, got[2].UID)
		require.True(t, diego.Sees(got[1].Owner, got[1].Org))
		require.False(t, diego.Sees(got[2].Owner, got[2].Org))

		page, err := feed.Since(ctx, got[0].ID, 1)
		require.NoError(t, err)
		require.Equal(t, got[1:2], page, "after the cursor, at most the limit")

		latest, err = feed.Latest(ctx)
		require.NoError(t, err)
		require.Greater(t, latest, got[2].ID, "the last label is the newest event")
		rest, err := feed.Since(ctx, latest, 10)
		require.NoError(t, err)
		require.Empty(t, rest)
	})
}

// A feed over a large history reads one batch at a time in id order and ends.
func TestIntegrationFeed_ReadsTheDemoHistoryInBatches(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := seededHistory(t, gdb)
		feed := rma.NewFeed(s)
		var total int64
		require.NoError(t, gdb.Table("rma_events").Where("status <> ''").Count(&total).Error)
		var cursor int64
		var read int64
		for {
			batch, err := feed.Since(t.Context(), cursor, 250)
			require.NoError(t, err)
			if len(batch) == 0 {
				break
			}
			require.LessOrEqual(t, len(batch), 250)
			for _, c := range batch {
				require.Greater(t, c.ID, cursor)
				require.NotEmpty(t, c.UID)
				cursor = c.ID
				read++
			}
		}
		require.Equal(t, total, read)
	})
}
