package rma_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/rma"
)

// heldStore records the filter the core hands it and answers units.
type heldStore struct {
	got   *rma.HeldFilter
	limit int
	units []rma.HeldUnit
}

func (s *heldStore) HeldUnits(_ context.Context, _ rma.Viewer, f rma.HeldFilter, limit int) ([]rma.HeldUnit, error) {
	s.got, s.limit = &f, limit
	return s.units, nil
}

func (s *heldStore) UnitRMAs(context.Context, rma.Viewer, string, int) ([]rma.HistoryItem, error) {
	return []rma.HistoryItem{{Number: "RMA-1"}}, nil
}

func TestHoldings_TheFilterIsCheckedAndNormalizedBeforeTheStore(t *testing.T) {
	v := rma.Viewer{Subject: "usr_casey"}
	tests := []struct {
		name   string
		f      rma.HeldFilter
		want   *rma.HeldFilter
		fields map[string]string
	}{
		{name: "empty", f: rma.HeldFilter{}, want: &rma.HeldFilter{}},
		{name: "trimmed and upper-cased", f: rma.HeldFilter{Text: "  vx ", Model: " vx12", ProductType: "veretos "},
			want: &rma.HeldFilter{Text: "vx", Model: "VX12", ProductType: "VERETOS"}},
		{name: "serials normalized, repeats and impossible ones dropped", f: rma.HeldFilter{Serials: []string{" vt2 ", "VT1", "vt2", "a b", ""}},
			want: &rma.HeldFilter{Serials: []string{"VT1", "VT2"}}},
		{name: "no possible serial asks the store nothing", f: rma.HeldFilter{Serials: []string{"%"}}},
		{name: "text too long", f: rma.HeldFilter{Text: strings.Repeat("x", 101)}, fields: map[string]string{"text": "Must be less than 101 characters"}},
		{name: "model too long", f: rma.HeldFilter{Model: strings.Repeat("x", 31)}, fields: map[string]string{"model": "Must be less than 31 characters"}},
		{name: "too many serials", f: rma.HeldFilter{Serials: make([]string, rma.MaxHeld+1)}, fields: map[string]string{"serials": "Must name at most 1000 serials"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &heldStore{}
			_, err := rma.NewHoldings(store).Held(t.Context(), v, tt.f)
			if tt.fields != nil {
				var fe *fault.Error
				require.ErrorAs(t, err, &fe)
				require.Equal(t, tt.fields, fe.Fields)
				require.Nil(t, store.got)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, store.got)
			if tt.want != nil {
				require.Equal(t, rma.MaxHeld, store.limit, "every answer is capped")
			}
		})
	}
}

func TestHoldings_NoSubjectHoldsNothing(t *testing.T) {
	store := &heldStore{units: []rma.HeldUnit{{Unit: rma.Unit{Serial: "RT1"}}}}
	got, err := rma.NewHoldings(store).Held(t.Context(), rma.Viewer{Org: "FleetCo"}, rma.HeldFilter{})
	require.NoError(t, err)
	require.Empty(t, got)
	require.Nil(t, store.got)

	_, _, err = rma.NewHoldings(store).Unit(t.Context(), rma.Viewer{Org: "FleetCo"}, "RT1")
	require.ErrorIs(t, err, rma.ErrUnitNotFound)
}

func TestHoldings_UnitAsksForTheOneSerialAndAnswersNotFoundWhenNotHeld(t *testing.T) {
	v := rma.Viewer{Subject: "usr_casey"}
	store := &heldStore{}
	_, _, err := rma.NewHoldings(store).Unit(t.Context(), v, "RT1")
	require.ErrorIs(t, err, rma.ErrUnitNotFound)
	require.Equal(t, &rma.HeldFilter{Serials: []string{"RT1"}}, store.got)

	store.units = []rma.HeldUnit{{Unit: rma.Unit{Serial: "RT1"}}}
	unit, rmas, err := rma.NewHoldings(store).Unit(t.Context(), v, "RT1")
	require.NoError(t, err)
	require.Equal(t, "RT1", unit.Unit.Serial)
	require.Len(t, rmas, 1)
}

func TestUnit_WarrantyStateReadsEndOfServiceFirst(t *testing.T) {
	today := time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC)
	day := func(s string) *time.Time { d, _ := time.Parse("2006-01-02", s); return &d }
	tests := []struct {
		name string
		u    rma.Unit
		want string
	}{
		{"covered", rma.Unit{WarrantyEnd: day("2027-01-01")}, rma.WarrantyIn},
		{"its last day is covered", rma.Unit{WarrantyEnd: day("2026-11-23")}, rma.WarrantyIn},
		{"ended yesterday", rma.Unit{WarrantyEnd: day("2026-11-22")}, rma.WarrantyOut},
		{"end unknown", rma.Unit{}, rma.WarrantyOut},
		{"end of service, even if covered", rma.Unit{WarrantyEnd: day("2030-01-01"), EndOfService: true}, rma.WarrantyEndOfService},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, tt.u.WarrantyState(today), tt.name)
	}
}
