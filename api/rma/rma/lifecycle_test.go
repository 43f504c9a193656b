package rma_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/rma/rma"
)

var allStatuses = []rma.Status{
	rma.StatusAwaitingPayment, rma.StatusAwaitingUnit, rma.StatusReceived, rma.StatusDiagnosing, rma.StatusQuotePending,
	rma.StatusRepairing, rma.StatusReturnUnrepaired, rma.StatusShippedBack, rma.StatusClosed, rma.StatusCancelled, rma.StatusRecycled,
}

// Every pair of statuses, for both kinds of RMA: the moves listed are allowed, every other one
// refused.
func TestCanMove_AllowsExactlyTheLifecycleMoves(t *testing.T) {
	allowed := map[string][][2]rma.Status{
		rma.DefaultRMAType: {
			{rma.StatusAwaitingPayment, rma.StatusAwaitingUnit},
			{rma.StatusAwaitingPayment, rma.StatusCancelled},
			{rma.StatusAwaitingUnit, rma.StatusReceived},
			{rma.StatusAwaitingUnit, rma.StatusCancelled},
			{rma.StatusReceived, rma.StatusDiagnosing},
			{rma.StatusDiagnosing, rma.StatusQuotePending},
			{rma.StatusDiagnosing, rma.StatusRepairing},
			{rma.StatusQuotePending, rma.StatusRepairing},
			{rma.StatusQuotePending, rma.StatusReturnUnrepaired},
			{rma.StatusQuotePending, rma.StatusRecycled},
			{rma.StatusReturnUnrepaired, rma.StatusShippedBack},
			{rma.StatusRepairing, rma.StatusShippedBack},
			{rma.StatusShippedBack, rma.StatusClosed},
		},
		rma.RMATypeRecycle: {
			{rma.StatusAwaitingUnit, rma.StatusReceived},
			{rma.StatusReceived, rma.StatusRecycled},
		},
	}
	allowed[rma.RMATypeRecycleCredit] = allowed[rma.RMATypeRecycle]
	// An upgrade is worked on like a repair: received, checked, fitted, shipped back.
	allowed[rma.RMATypeUpgrade] = allowed[rma.DefaultRMAType]
	for rmaType, moves := range allowed {
		for _, from := range allStatuses {
			for _, to := range allStatuses {
				want := false
				for _, m := range moves {
					want = want || (m == [2]rma.Status{from, to})
				}
				require.Equal(t, want, rma.CanMove(rmaType, from, to), "%s: %s → %s", rmaType, from, to)
			}
		}
	}
}

func TestIsRecycle_ReadsTheRMAType(t *testing.T) {
	require.True(t, rma.IsRecycle(rma.RMATypeRecycle))
	require.True(t, rma.IsRecycle(rma.RMATypeRecycleCredit))
	require.False(t, rma.IsRecycle(rma.DefaultRMAType))
	require.False(t, rma.IsRecycle(rma.RMATypeUpgrade))
}

func TestMoves_AreTheTablesMovesAndNoneFromAnEnd(t *testing.T) {
	require.Equal(t, []rma.Status{rma.StatusQuotePending, rma.StatusRepairing}, rma.Moves(rma.DefaultRMAType, rma.StatusDiagnosing))
	require.Equal(t, []rma.Status{rma.StatusRecycled}, rma.Moves(rma.RMATypeRecycleCredit, rma.StatusReceived))
	for _, end := range []rma.Status{rma.StatusClosed, rma.StatusCancelled, rma.StatusRecycled} {
		require.Empty(t, rma.Moves(rma.DefaultRMAType, end), end)
		require.Empty(t, rma.Moves(rma.RMATypeRecycle, end), end)
	}
}

func TestStatusesOf_AreEachLifecyclesStatusesInOrder(t *testing.T) {
	require.Equal(t, []rma.Status{
		rma.StatusAwaitingPayment, rma.StatusAwaitingUnit, rma.StatusReceived, rma.StatusDiagnosing, rma.StatusQuotePending,
		rma.StatusRepairing, rma.StatusReturnUnrepaired, rma.StatusShippedBack, rma.StatusClosed, rma.StatusCancelled, rma.StatusRecycled,
	}, rma.StatusesOf(rma.DefaultRMAType))
	require.Equal(t, []rma.Status{rma.StatusAwaitingUnit, rma.StatusReceived, rma.StatusRecycled}, rma.StatusesOf(rma.RMATypeRecycle))
}

func TestMoveEvent_PaymentMovesAreReleasedOrCancelledTheRestStatus(t *testing.T) {
	require.Equal(t, rma.EventReleased, rma.MoveEvent(rma.StatusAwaitingPayment, rma.StatusAwaitingUnit))
	require.Equal(t, rma.EventCancelled, rma.MoveEvent(rma.StatusAwaitingPayment, rma.StatusCancelled))
	require.Equal(t, rma.EventStatus, rma.MoveEvent(rma.StatusAwaitingUnit, rma.StatusCancelled))
	require.Equal(t, rma.EventStatus, rma.MoveEvent(rma.StatusDiagnosing, rma.StatusRepairing))
}

func TestParseStatus_ReadsAnyCaseAndKnownSaysIfTheLifecycleHasIt(t *testing.T) {
	require.Equal(t, rma.StatusQuotePending, rma.ParseStatus("  quote_pending "))
	require.True(t, rma.ParseStatus("closed").Known())
	require.False(t, rma.ParseStatus("ARCHIVED").Known())
	require.False(t, rma.ParseStatus("").Known())
}

func TestEnds_AreTheStatusesThatFreeTheUnit(t *testing.T) {
	for _, s := range allStatuses {
		want := s == rma.StatusClosed || s == rma.StatusCancelled || s == rma.StatusRecycled
		require.Equal(t, want, s.Ends(), s)
	}
}
