package depotdb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// An RMA received before the depot scanned units (the demo history, an administrator's move)
// has no depot receipt: its age still counts from the timeline's move to RECEIVED.
func TestIntegrationQueue_ReceivedAtComesFromTheTimeline(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := f.created(t, "RT10000001", "rma/a.jpg")
		at := time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC)
		require.NoError(t, f.rmas.AddEvent(t.Context(), rma.Event{RMANumber: r.Number, At: at.Add(-time.Hour), Kind: rma.EventLabelIssued, Actor: rma.ActorSystem}))
		require.NoError(t, f.rmas.AddEvent(t.Context(), rma.Event{RMANumber: r.Number, At: at, Kind: rma.EventStatus, Status: rma.StatusReceived, Actor: "usr_admin"}))
		require.NoError(t, gdb.Exec("UPDATE rma_rmas SET status = ? WHERE number = ?", string(rma.StatusReceived), r.Number).Error)

		got, err := f.svc.Queue(t.Context(), depot.QueueFilter{})
		require.NoError(t, err)
		require.Len(t, got.Rows, 1)
		require.NotNil(t, got.Rows[0].ReceivedAt)
		require.Equal(t, at, *got.Rows[0].ReceivedAt)
		require.Equal(t, at, got.Rows[0].AgeSince())
	})
}
