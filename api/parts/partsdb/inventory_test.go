package partsdb_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
)

var (
	invCasey  = visibility.Viewer{Subject: "usr_casey"}
	invOlivia = visibility.Viewer{Subject: "usr_olivia", Org: "FleetCo"}
	invDiego  = visibility.Viewer{Subject: "usr_diego", Org: "FleetCo"}
)

// order is a placed order of owner with lines, created at day d of March 2026.
func order(n int, owner visibility.Viewer, status parts.OrderStatus, d int, lines ...parts.OrderLine) parts.Order {
	at := time.Date(2026, 3, d, 9, 0, 0, 0, time.UTC)
	return parts.Order{
		ID: fmt.Sprintf("PB-%06d", n), Kind: parts.KindVideo, Owner: owner.Subject, Org: owner.Org, Status: status,
		PaymentMethod: parts.MethodPO, Total: money.USD(100), Lines: lines, CreatedAt: at, UpdatedAt: at,
	}
}

// partsKind makes o a parts order: its lines' serials are none the order checked.
func partsKind(o parts.Order) parts.Order {
	o.Kind = parts.KindParts
	return o
}

func line(pn string, qty int, search string, serials ...string) parts.OrderLine {
	return parts.OrderLine{PartNumber: pn, Description: pn, Quantity: qty, UnitPrice: money.USD(10), LineTotal: money.USD(int64(10 * qty)),
		Model: "VX12", Serials: serials, SearchSerial: search}
}

func TestIntegrationOrderedSerials_PlacedOrdersOfTheViewerAndTheirOrganization(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := newStore(t, gdb)
		ctx := t.Context()
		for _, o := range []parts.Order{
			order(100001, invCasey, parts.StatusPlaced, 1, line("VX12-BAT-STD", 2, "", "VT1", "VT2"), line("RL14-BAT", 3, "RT1")),
			order(100002, invCasey, parts.StatusAwaitingPayment, 2, line("VX12-DOCK-1", 1, "", "VT3")),
			order(100003, invCasey, parts.StatusCancelled, 3, line("RL14-BAT", 1, "RT9")),
			order(100004, invDiego, parts.StatusShipped, 4, line("VX12-MNT-CLIP", 1, "VT7", "VT7")),
			order(100005, invOlivia, parts.StatusPlaced, 5, line("ST12-PEN", 5, "RT2")),
			order(100006, visibility.Viewer{Subject: "usr_olivia"}, parts.StatusPlaced, 6, line("TH6-BAT", 1, "RT6")),
			partsKind(order(100007, invCasey, parts.StatusPlaced, 7, line("RL14-BAT", 1, "", "RT7"))),
		} {
			require.NoError(t, s.CreateOrder(ctx, o, ""))
		}
		at := func(d int) time.Time { return time.Date(2026, 3, d, 9, 0, 0, 0, time.UTC) }

		got, err := s.OrderedSerials(ctx, invCasey, "", 100)
		require.NoError(t, err)
		require.ElementsMatch(t, []parts.OrderedUnit{
			{Serial: "VT1", RMABatchID: "PB-100001", CreatedAt: at(1), PartNumber: "VX12-BAT-STD", Quantity: 1},
			{Serial: "VT2", RMABatchID: "PB-100001", CreatedAt: at(1), PartNumber: "VX12-BAT-STD", Quantity: 1},
			{Serial: "RT1", RMABatchID: "PB-100001", CreatedAt: at(1), PartNumber: "RL14-BAT", Quantity: 3},
		}, got, "unpaid and cancelled orders bought nothing; a parts order's serials were never checked against the holdings")

		got, err = s.OrderedSerials(ctx, invOlivia, "", 100)
		require.NoError(t, err)
		require.Equal(t, []parts.OrderedUnit{
			{Serial: "RT6", RMABatchID: "PB-100006", CreatedAt: at(6), PartNumber: "TH6-BAT", Quantity: 1},
			{Serial: "RT2", RMABatchID: "PB-100005", CreatedAt: at(5), PartNumber: "ST12-PEN", Quantity: 5},
			{Serial: "VT7", RMABatchID: "PB-100004", CreatedAt: at(4), PartNumber: "VX12-MNT-CLIP", Quantity: 1},
		}, got, "newest first; the colleague's video unit once though searched by too")

		got, err = s.OrderedSerials(ctx, invDiego, "", 100)
		require.NoError(t, err)
		require.Len(t, got, 2, "not olivia's order from outside the organization")

		got, err = s.OrderedSerials(ctx, invOlivia, "VT7", 100)
		require.NoError(t, err)
		require.Len(t, got, 1)
		require.Equal(t, "PB-100004", got[0].RMABatchID)

		got, err = s.OrderedSerials(ctx, invCasey, "VT7", 100)
		require.NoError(t, err)
		require.Empty(t, got, "another customer's order")

		got, err = s.OrderedSerials(ctx, invOlivia, "", 2)
		require.NoError(t, err)
		require.Len(t, got, 2, "capped")
	})
}
