package rma_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/rma/rma"
)

var allStatuses = []string{
	rma.StatusAwaitingPayment, rma.StatusAwaitingUnit, rma.StatusReceived, rma.StatusDiagnosing, rma.StatusQuotePending,
	rma.StatusRepairing, rma.StatusShippedBack, rma.StatusClosed, rma.StatusCancelled, rma.StatusRecycled,
}

// Every pair of statuses, for both kinds of RMA: the moves listed are allowed, every other one
// refused.
func TestCanMove_AllowsExactlyTheLifecycleMoves(t *testing.T) {
	allowed := map[string][][2]string{
		rma.DefaultRMAType: {
			{rma.StatusAwaitingPayment, rma.StatusAwaitingUnit},
			{rma.StatusAwaitingPayment, rma.StatusCancelled},
			{rma.StatusAwaitingUnit, rma.StatusReceived},
			{rma.StatusAwaitingUnit, rma.StatusCancelled},
			{rma.StatusReceived, rma.StatusDiagnosing},
			{rma.StatusDiagnosing, rma.StatusQuotePending},
			{rma.StatusDiagnosing, rma.StatusRepairing},
			{rma.StatusQuotePending, rma.StatusRepairing},
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
					want = want || (m == [2]string{from, to})
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
