package depot_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/depot/depot"
)

func TestQueueRow_BreachedOnceThePromisedDayHasPassed(t *testing.T) {
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	tests := []struct {
		promised string
		want     bool
	}{
		{"", false},
		{"2026-11-21", false},
		{"2026-11-20", false},
		{"2026-11-19", true},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, depot.QueueRow{PromisedShipDate: tt.promised}.Breached(now), tt.promised)
	}
}
