package parts_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partstest"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

// holdings is a fake of rma.Holdings: each subject's units and each unit's RMAs.
type holdings struct {
	held map[string][]rma.HeldUnit
	rmas map[string][]rma.HistoryItem
	err  error
}

func (h holdings) Held(_ context.Context, v visibility.Viewer, _ rma.HeldFilter) ([]rma.HeldUnit, error) {
	// A copy, as the real store answers fresh rows each time.
	return append([]rma.HeldUnit(nil), h.held[v.Subject]...), h.err
}

func (h holdings) Unit(_ context.Context, v visibility.Viewer, serial rma.Serial) (rma.HeldUnit, []rma.HistoryItem, error) {
	for _, u := range h.held[v.Subject] {
		if u.Unit.Serial == serial.String() {
			return u, h.rmas[serial.String()], nil
		}
	}
	return rma.HeldUnit{}, nil, rma.ErrUnitNotFound
}

// ordered is a fake of the orders' units per subject.
type ordered map[string][]parts.OrderedUnit

func (o ordered) OrderedSerials(_ context.Context, v visibility.Viewer, serial string, limit int) ([]parts.OrderedUnit, error) {
	var out []parts.OrderedUnit
	for _, u := range o[v.Subject] {
		if (serial == "" || u.Serial == serial) && len(out) < limit {
			out = append(out, u)
		}
	}
	return out, nil
}

var (
	today   = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	casey   = visibility.Viewer{Subject: "usr_casey"}
	day     = func(s string) *time.Time { d, _ := time.Parse("2006-01-02", s); return &d }
	regTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
)

func inventory() *parts.Inventory {
	h := holdings{
		held: map[string][]rma.HeldUnit{casey.Subject: {
			{Unit: rma.Unit{Serial: "VT3", Model: "VX12", ModelFamily: "Veretos", ProductType: rma.ProductTypeVeretos, WarrantyEnd: day("2029-01-01")},
				Registered: true, RegisteredAt: &regTime, Sources: []string{rma.SourceRegistration}},
			{Unit: rma.Unit{Serial: "RT1", Model: "RL14", ModelFamily: "Ranger", WarrantyEnd: day("2025-01-01")},
				OpenRMA: &rma.OpenRMARef{Number: "RMA-1", UID: "u1", Status: rma.StatusReceived}, Sources: []string{rma.SourceRMA}},
			{Unit: rma.Unit{Serial: "RT4", Model: "EX70", ModelFamily: "Expedition", WarrantyEnd: day("2030-01-01"), EndOfService: true},
				Sources: []string{rma.SourceRMA}},
		}},
		rmas: map[string][]rma.HistoryItem{"RT1": {{Number: "RMA-1"}}},
	}
	o := ordered{casey.Subject: {
		{Serial: "VT3", RMABatchID: "PB-100002", PartNumber: "VX12-DOCK-1", Quantity: 1},
		{Serial: "RT10000001", RMABatchID: "PB-100001", PartNumber: "RL14-BAT", Quantity: 2},
		{Serial: "RT10000001", RMABatchID: "PB-100000", PartNumber: "RL14-KBD", Quantity: 1},
		{Serial: "ZZ404", RMABatchID: "PB-100000", PartNumber: "RL14-KBD", Quantity: 1},
	}}
	return parts.NewInventory(h, o, partstest.DemoUnits(), func() time.Time { return today })
}

func serials(us []parts.InventoryUnit) []string {
	out := []string{}
	for _, u := range us {
		out = append(out, u.Serial)
	}
	return out
}

func TestInventory_ListMergesTheSourcesFiltersAndPages(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		name  string
		v     visibility.Viewer
		q     parts.InventoryQuery
		want  []string
		total int
	}{
		{name: "everything, by serial; an ordered serial the registry lacks is no unit", v: casey, want: []string{"RT1", "RT10000001", "RT4", "VT3"}, total: 4},
		{name: "text in the family", v: casey, q: parts.InventoryQuery{Text: " RANGER "}, want: []string{"RT1", "RT10000001"}, total: 2},
		{name: "model", v: casey, q: parts.InventoryQuery{Model: "vx12"}, want: []string{"VT3"}, total: 1},
		{name: "in warranty", v: casey, q: parts.InventoryQuery{Warranty: "in_warranty"}, want: []string{"VT3"}, total: 1},
		{name: "out of warranty, the ordered unit's end unknown", v: casey, q: parts.InventoryQuery{Warranty: rma.WarrantyOut}, want: []string{"RT1", "RT10000001"}, total: 2},
		{name: "end of service", v: casey, q: parts.InventoryQuery{Warranty: rma.WarrantyEndOfService}, want: []string{"RT4"}, total: 1},
		{name: "with an open RMA", v: casey, q: parts.InventoryQuery{OpenRMA: &yes}, want: []string{"RT1"}, total: 1},
		{name: "without one", v: casey, q: parts.InventoryQuery{OpenRMA: &no}, want: []string{"RT10000001", "RT4", "VT3"}, total: 3},
		{name: "second page", v: casey, q: parts.InventoryQuery{Page: 2, ItemsPerPage: 3}, want: []string{"VT3"}, total: 4},
		{name: "past the end", v: casey, q: parts.InventoryQuery{Page: 3, ItemsPerPage: 3}, want: []string{}, total: 4},
		{name: "someone holding nothing", v: visibility.Viewer{Subject: "usr_nora"}, want: []string{}, total: 0},
		{name: "no subject", v: visibility.Viewer{}, want: []string{}, total: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page, err := inventory().List(t.Context(), tt.v, tt.q)
			require.NoError(t, err)
			require.Equal(t, tt.want, serials(page.Items))
			require.Equal(t, tt.total, page.Total)
		})
	}

	page, err := inventory().List(t.Context(), casey, parts.InventoryQuery{})
	require.NoError(t, err)
	require.Equal(t, 1, page.Page)
	require.Equal(t, parts.DefaultItemsPerPage, page.ItemsPerPage)
	byS := map[string]parts.InventoryUnit{}
	for _, u := range page.Items {
		byS[u.Serial] = u
	}
	require.Equal(t, []string{rma.SourceRegistration, parts.SourceOrder}, byS["VT3"].Sources)
	require.Equal(t, rma.WarrantyIn, byS["VT3"].WarrantyState)
	require.True(t, byS["VT3"].Registered)
	require.Equal(t, &regTime, byS["VT3"].RegisteredAt)
	require.Equal(t, []string{parts.SourceOrder}, byS["RT10000001"].Sources, "ordered twice, listed once")
	require.Equal(t, "RL14", byS["RT10000001"].Model)
	require.Equal(t, "RMA-1", byS["RT1"].OpenRMA.Number)
	require.Equal(t, rma.WarrantyEndOfService, byS["RT4"].WarrantyState)

	page, err = inventory().List(t.Context(), casey, parts.InventoryQuery{Model: "VX12"})
	require.NoError(t, err)
	require.Equal(t, []string{"EX70", "RL14", "VX12"}, page.Models, "every model held, whatever the filter")

	all, err := inventory().All(t.Context(), casey, parts.InventoryQuery{Model: "RL14", Page: 7})
	require.NoError(t, err)
	require.Equal(t, []string{"RT1", "RT10000001"}, serials(all), "the download ignores the page")
}

func TestInventory_RefusesAQueryBeyondItsLimits(t *testing.T) {
	tests := []struct {
		name   string
		q      parts.InventoryQuery
		fields map[string]string
	}{
		{"unknown warranty", parts.InventoryQuery{Warranty: "SOON"}, map[string]string{"warranty": parts.MsgWarrantyState}},
		{"text too long", parts.InventoryQuery{Text: string(make([]byte, 101))}, nil},
		{"page size", parts.InventoryQuery{ItemsPerPage: 101}, map[string]string{"itemsPerPage": parts.MsgPerPage}},
		{"page beyond any inventory", parts.InventoryQuery{Page: 1001}, map[string]string{"page": "Must be between 1 and 1000"}},
		{"negative page", parts.InventoryQuery{Page: -1}, map[string]string{"page": "Must be between 1 and 1000"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := inventory().List(t.Context(), casey, tt.q)
			var fe *fault.Error
			require.ErrorAs(t, err, &fe)
			require.Equal(t, fault.KindInvalid, fe.Kind)
			if tt.fields != nil {
				require.Equal(t, tt.fields, fe.Fields)
			}
		})
	}
}

func TestInventory_ProfileOfAHeldOrOrderedUnitOnly(t *testing.T) {
	inv := inventory()
	p, err := inv.Profile(t.Context(), casey, "VT3")
	require.NoError(t, err)
	require.Equal(t, "VT3", p.Unit.Serial)
	require.Equal(t, []string{rma.SourceRegistration, parts.SourceOrder}, p.Unit.Sources)
	require.Equal(t, []rma.HistoryItem{}, p.RMAs)
	require.Equal(t, []parts.OrderedUnit{{Serial: "VT3", RMABatchID: "PB-100002", PartNumber: "VX12-DOCK-1", Quantity: 1}}, p.Orders)

	p, err = inv.Profile(t.Context(), casey, "RT1")
	require.NoError(t, err)
	require.Equal(t, []rma.HistoryItem{{Number: "RMA-1"}}, p.RMAs)
	require.Equal(t, []parts.OrderedUnit{}, p.Orders)

	p, err = inv.Profile(t.Context(), casey, "RT10000001")
	require.NoError(t, err, "held through its parts orders only")
	require.Equal(t, []string{parts.SourceOrder}, p.Unit.Sources)
	require.Len(t, p.Orders, 2)
	require.Equal(t, "Ranger", p.Unit.ModelFamily)

	for _, tt := range []struct {
		v      visibility.Viewer
		serial rma.Serial
	}{
		{casey, "VT10000007"}, // known, not hers
		{casey, "ZZ404"},      // ordered, but the registry lacks it
		{visibility.Viewer{Subject: "usr_nora"}, "VT3"}, // casey's
		{visibility.Viewer{}, "VT3"},                    // no subject
	} {
		_, err := inv.Profile(t.Context(), tt.v, tt.serial)
		require.ErrorIs(t, err, rma.ErrUnitNotFound, tt.serial)
	}
}

func TestInventory_WithoutAnOrderSourceAndWithFailingHoldings(t *testing.T) {
	h := holdings{held: map[string][]rma.HeldUnit{casey.Subject: {{Unit: rma.Unit{Serial: "RT1"}, Sources: []string{rma.SourceRMA}}}}}
	inv := parts.NewInventory(h, nil, partstest.DemoUnits(), nil)
	page, err := inv.List(t.Context(), casey, parts.InventoryQuery{})
	require.NoError(t, err)
	require.Equal(t, []string{"RT1"}, serials(page.Items))

	boom := errors.New("database down")
	_, err = parts.NewInventory(holdings{err: boom}, nil, partstest.DemoUnits(), nil).List(t.Context(), casey, parts.InventoryQuery{})
	require.ErrorIs(t, err, boom)
}
