package depot_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depottest"
	"rugged.example/portal/api/rma/rma"
)

func TestQueueRow_BreachedOnceThePromisedDayHasPassed(t *testing.T) {
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
		require.Equal(t, tt.want, depot.QueueRow{PromisedShipDate: tt.promised}.BreachedOn("2026-11-20"), tt.promised)
	}
}

// The promised date is a day of the depot's calendar: at 03:00 UTC on Nov 21 it is still Nov 20
// at a depot in Chicago, so a unit promised for Nov 20 is not late yet; in UTC it would be.
func TestQueue_BreachStartsAtTheDepotsMidnight(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	require.NoError(t, err)
	now := time.Date(2026, 11, 21, 3, 0, 0, 0, time.UTC)
	store := &depottest.Store{Rows: []rma.WorkRow{
		{Number: "RMA-100501", Status: rma.StatusReceived, PromisedShipDate: "2026-11-20", CreatedAt: now.AddDate(0, 0, -9)},
	}}
	for _, tt := range []struct {
		zone *time.Location
		want bool
	}{{chicago, false}, {nil, true}} {
		svc := &depot.Service{Store: store, InWork: store, Now: func() time.Time { return now }, Zone: tt.zone}
		page, err := svc.Queue(context.Background(), depot.QueueFilter{})
		require.NoError(t, err)
		require.Equal(t, tt.want, page.Rows[0].Breached, "zone %v", tt.zone)
		backlog, err := svc.Backlog(context.Background())
		require.NoError(t, err)
		require.Equal(t, map[bool]int{true: 1, false: 0}[tt.want], backlog[0].Breached, "zone %v", tt.zone)
	}
}
