package account_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// An RMA a member opened from a branch names the member, not the branch's contact: as who
// opened it and as who made its moves, in the eyes of the organization's other members.
func TestIntegrationDetails_NameTheMemberWhoOpenedTheRMANotTheBranchContact(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		require.NoError(t, rmadb.Migrate(t.Context(), gdb))
		store := rmadb.NewStore(gdb)
		at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
		r := rma.RMA{
			Number: "RMA-100501", UID: "01JOPENEDBY000000000000001", Owner: "usr_olivia", Org: "FleetCo", OpenedByName: "Olivia Chen",
			Serial: "RT10000001", Model: "RL14", PartNumber: "RL14-G2-16", Type: rma.DefaultRMAType, Status: rma.StatusCancelled,
			Method:    rma.ShipLabel,
			Problem:   rma.Problem{PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Dropped."},
			Contact:   rma.Contact{FirstName: "Marcus", LastName: "Hill", Email: "dayton@fleetco.example"},
			CreatedAt: at,
		}
		require.NoError(t, store.CreateRMA(t.Context(), r, ""))
		require.NoError(t, store.AddEvent(t.Context(), rma.Event{RMANumber: r.Number, At: at, Kind: "created", Status: rma.StatusAwaitingUnit, Actor: "usr_olivia"}))
		require.NoError(t, store.AddEvent(t.Context(), rma.Event{RMANumber: r.Number, At: at.Add(time.Hour), Kind: "cancelled", Status: rma.StatusCancelled, Actor: "usr_olivia"}))
		svc := account.NewService(account.Deps{History: rma.NewHistory(store), Log: testkit.Quiet()})

		d, err := svc.Details(t.Context(), account.Viewer{Subject: "usr_diego", Org: "FleetCo"}, r.UID)
		require.NoError(t, err)
		require.False(t, d.Mine)
		require.Equal(t, "Olivia Chen", d.OpenedBy)
		require.Equal(t, []string{"Olivia Chen", "Olivia Chen"}, actors(d.Timeline))

		d, err = svc.Details(t.Context(), account.Viewer{Subject: "usr_olivia", Org: "FleetCo"}, r.UID)
		require.NoError(t, err)
		require.Equal(t, "Olivia Chen", d.OpenedBy)
		require.Equal(t, []string{account.ActorYou, account.ActorYou}, actors(d.Timeline))

		items, total, err := svc.HistoryPage(t.Context(), account.Viewer{Subject: "usr_diego", Org: "FleetCo"}, account.HistoryQuery{})
		require.NoError(t, err)
		require.Equal(t, 1, total)
		require.Equal(t, "Olivia Chen", items[0].OpenedBy)
	})
}

func actors(timeline []account.TimelineEntry) []string {
	out := make([]string, len(timeline))
	for i, e := range timeline {
		out[i] = e.Actor
	}
	return out
}
