package rma_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/rma/rma"
)

func stays(days ...int) []rma.DepotStay {
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	out := make([]rma.DepotStay, len(days))
	for i, d := range days {
		out[i] = rma.DepotStay{ReceivedAt: at, ShippedAt: at.Add(time.Duration(d) * 24 * time.Hour)}
	}
	return out
}

func TestSpreadOf_NearestRank(t *testing.T) {
	day := 24 * time.Hour
	require.Equal(t, rma.Spread{}, rma.SpreadOf(nil))
	require.Equal(t, rma.Spread{Count: 1, P50: 4 * day, P90: 4 * day, Sum: 4 * day}, rma.SpreadOf(stays(4)))
	// Ten stays of 1..10 days, out of order: half within 5 days, nine in ten within 9.
	s := rma.SpreadOf(stays(7, 2, 9, 1, 10, 3, 5, 4, 8, 6))
	require.Equal(t, rma.Spread{Count: 10, P50: 5 * day, P90: 9 * day, Sum: 55 * day}, s)
	// Three: the median is the second, the p90 the third.
	require.Equal(t, 3*day, rma.SpreadOf(stays(3, 1, 8)).P50)
	require.Equal(t, 8*day, rma.SpreadOf(stays(3, 1, 8)).P90)
}
