package rmadb

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/rma/rma"
)

// The demo history walks rma's lifecycle graph: every move the graph allows must read as the
// service center would tell it, so a move added to the graph cannot slip into the history
// without its notes and timing.
func TestDemoMoves_TellEveryMoveOfTheGraph(t *testing.T) {
	for _, rmaType := range []string{rma.DefaultRMAType, rma.RMATypeRecycle} {
		for _, from := range rma.StatusesOf(rmaType) {
			for _, to := range rma.Moves(rmaType, from) {
				m, ok := demoMoves[[2]rma.Status{from, to}]
				require.True(t, ok, "%s: %s → %s has no demo move", rmaType, from, to)
				require.Positive(t, m.hi, "%s → %s takes time", from, to)
			}
		}
	}
}

func TestUpTo_KeepsTheLabelThatFollowsTheStatus(t *testing.T) {
	steps := []step{
		{kind: rma.EventCreated, status: rma.StatusAwaitingUnit}, {kind: rma.EventLabelIssued},
		{kind: rma.EventStatus, status: rma.StatusReceived}, {kind: rma.EventStatus, status: rma.StatusDiagnosing},
	}
	require.Len(t, upTo(steps, rma.StatusAwaitingUnit), 2)
	require.Len(t, upTo(steps, rma.StatusReceived), 3)
	require.Len(t, upTo(steps, rma.StatusClosed), 4, "a status the timeline never reaches keeps it whole")
}
