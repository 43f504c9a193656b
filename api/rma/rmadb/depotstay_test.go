package rmadb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

func TestIntegrationDepotStays_ReceiptToShipmentOfRepairsShippedSince(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		require.NoError(t, s.UpsertUnits(t.Context(), rmadb.DemoUnits()))
		putRMA(t, s, "RMA-1", "usr_casey", "", "RT10000001", "REPAIR", rma.StatusClosed, day("2026-03-01 09:00"),
			rma.StatusReceived, day("2026-03-02 09:00"), rma.StatusShippedBack, day("2026-03-06 15:00"), rma.StatusClosed, day("2026-03-09 09:00"))
		putRMA(t, s, "RMA-2", "usr_casey", "", "RT10000005", "REPAIR", rma.StatusShippedBack, day("2026-03-03 09:00"),
			rma.StatusReceived, day("2026-03-04 10:00"), rma.StatusShippedBack, day("2026-03-07 10:00"))
		// Shipped before the window: left out.
		putRMA(t, s, "RMA-3", "usr_casey", "", "RT10000003", "REPAIR", rma.StatusShippedBack, day("2026-01-03 09:00"),
			rma.StatusReceived, day("2026-01-04 10:00"), rma.StatusShippedBack, day("2026-01-07 10:00"))
		// Received, not shipped yet: no turnaround.
		putRMA(t, s, "RMA-4", "usr_casey", "", "RT10000002", "REPAIR", rma.StatusReceived, day("2026-03-03 09:00"),
			rma.StatusReceived, day("2026-03-04 10:00"))

		got, err := s.DepotStays(t.Context(), day("2026-02-01 00:00"))
		require.NoError(t, err)
		require.Equal(t, []rma.DepotStay{
			{Number: "RMA-1", Model: "RL14", WarrantyType: "STANDARD", ReceivedAt: day("2026-03-02 09:00"), ShippedAt: day("2026-03-06 15:00")},
			{Number: "RMA-2", Model: "RL14", WarrantyType: "EXTENDED", ReceivedAt: day("2026-03-04 10:00"), ShippedAt: day("2026-03-07 10:00")},
		}, got)
		require.Equal(t, 102*time.Hour, got[0].Duration())
	})
}
