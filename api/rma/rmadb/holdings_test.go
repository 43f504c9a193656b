package rmadb_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// holdingsData: casey registered RT10000001 and has an open RMA on RT10000002 and a closed one
// on RT10000003; olivia (FleetCo) registered VT10000007 and diego (FleetCo) has an open RMA on
// it and a closed one on RT10000004; stan (elsewhere) has an RMA on RT10000001, which casey
// registered, and registered RT10000009.
func holdingsData(t *testing.T, gdb *gorm.DB) (*rma.Holdings, time.Time) {
	t.Helper()
	s := migrated(t, gdb)
	ctx := t.Context()
	require.NoError(t, s.UpsertUnits(ctx, rmadb.DemoUnits()))
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	for i, reg := range []struct {
		v      rma.Viewer
		serial string
	}{{casey, "RT10000001"}, {olivia, "VT10000007"}, {hStan, "RT10000009"}} {
		require.NoError(t, s.CreateRegistration(ctx, rma.Registration{
			Serial: reg.serial, Owner: reg.v.Subject, Org: reg.v.Org, PurchaseDate: at, ProofFileID: fmt.Sprintf("po/%d.pdf", i),
			RegisteredAt: at.Add(time.Duration(i) * time.Hour),
		}))
	}
	for i, r := range []struct {
		v      rma.Viewer
		serial string
		status rma.Status
	}{
		{casey, "RT10000002", rma.StatusAwaitingUnit},
		{casey, "RT10000003", rma.StatusClosed},
		{diego, "VT10000007", rma.StatusClosed},
		{diego, "VT10000007", rma.StatusRepairing},
		{diego, "RT10000004", rma.StatusCancelled},
		{hStan, "RT10000001", rma.StatusReceived},
	} {
		uid, err := rma.NewUID()
		require.NoError(t, err)
		require.NoError(t, s.CreateRMA(ctx, rma.RMA{
			Number: fmt.Sprintf("RMA-%d", 100700+i), UID: uid, Owner: r.v.Subject, Org: r.v.Org, Serial: r.serial,
			Model: "M", PartNumber: "P", Type: rma.DefaultRMAType, Status: r.status, Method: rma.ShipLabel,
			Problem:   rma.Problem{PrimaryFault: "Display", Problem: "Cracked"},
			CreatedAt: at.AddDate(0, 0, i), UpdatedAt: at.AddDate(0, 0, i),
		}, ""))
	}
	return rma.NewHoldings(s), at
}

func serialsOf(units []rma.HeldUnit) []string {
	out := []string{}
	for _, u := range units {
		out = append(out, u.Unit.Serial)
	}
	return out
}

func TestIntegrationHoldings_AViewerHoldsTheirOwnAndTheirOrganizationsUnits(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		h, at := holdingsData(t, gdb)
		ctx := t.Context()
		tests := []struct {
			name string
			v    rma.Viewer
			want []string
		}{
			{"a customer: registrations and RMAs, closed ones too", casey, []string{"RT10000001", "RT10000002", "RT10000003"}},
			{"a member: the colleague's registration and RMAs", olivia, []string{"RT10000004", "VT10000007"}},
			{"the other member alike", diego, []string{"RT10000004", "VT10000007"}},
			{"outside the organization, only one's own", rma.Viewer{Subject: "usr_olivia"}, []string{"VT10000007"}},
			{"another organization: its own only", hStan, []string{"RT10000001", "RT10000009"}},
			{"nobody", rma.Viewer{Subject: "usr_nobody"}, []string{}},
			{"no subject holds nothing, even with the organization", rma.Viewer{Org: "FleetCo Utilities"}, []string{}},
		}
		for _, tt := range tests {
			got, err := h.Held(ctx, tt.v, rma.HeldFilter{})
			require.NoError(t, err)
			require.Equal(t, tt.want, serialsOf(got), tt.name)
		}

		got, err := h.Held(ctx, casey, rma.HeldFilter{})
		require.NoError(t, err)
		reg := at
		require.Equal(t, rma.HeldUnit{Unit: got[0].Unit, Registered: true, RegisteredAt: &reg, Sources: []string{rma.SourceRegistration}}, got[0],
			"stan's RMA on casey's unit is neither her source nor her open RMA")
		require.Equal(t, "RL14", got[0].Unit.Model)
		require.False(t, got[1].Registered)
		require.Nil(t, got[1].RegisteredAt)
		require.Equal(t, []string{rma.SourceRMA}, got[1].Sources)
		require.NotNil(t, got[1].OpenRMA)
		require.Equal(t, "RMA-100700", got[1].OpenRMA.Number)
		require.Equal(t, rma.StatusAwaitingUnit, got[1].OpenRMA.Status)
		require.Len(t, got[1].OpenRMA.UID, 26)
		require.Nil(t, got[2].OpenRMA, "a closed RMA is not open")

		got, err = h.Held(ctx, olivia, rma.HeldFilter{})
		require.NoError(t, err)
		require.Equal(t, []string{rma.SourceRMA}, got[0].Sources)
		require.Nil(t, got[0].OpenRMA, "cancelled")
		require.Equal(t, []string{rma.SourceRegistration, rma.SourceRMA}, got[1].Sources)
		require.True(t, got[1].Registered)
		require.Equal(t, &rma.OpenRMARef{Number: "RMA-100703", UID: got[1].OpenRMA.UID, Status: rma.StatusRepairing}, got[1].OpenRMA,
			"the colleague's open RMA, not the closed one")

		got, err = h.Held(ctx, hStan, rma.HeldFilter{})
		require.NoError(t, err)
		require.False(t, got[0].Registered, "casey registered it; stan holds it through his RMA")
		require.Equal(t, []string{rma.SourceRMA}, got[0].Sources)
		require.Equal(t, "RMA-100705", got[0].OpenRMA.Number)
	})
}

func TestIntegrationHoldings_FiltersNarrowWhatIsHeld(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		h, _ := holdingsData(t, gdb)
		tests := []struct {
			name string
			v    rma.Viewer
			f    rma.HeldFilter
			want []string
		}{
			{"which of these: held ones only", casey, rma.HeldFilter{Serials: []string{"rt10000002", "RT10000009", "VT10000007", "RT10000002", "not a serial!"}}, []string{"RT10000002"}},
			{"which of these: none possible", casey, rma.HeldFilter{Serials: []string{"??"}}, []string{}},
			{"which of these: none named", casey, rma.HeldFilter{Serials: []string{}}, []string{}},
			{"product type", olivia, rma.HeldFilter{ProductType: "veretos"}, []string{"VT10000007"}},
			{"model", casey, rma.HeldFilter{Model: "st12"}, []string{"RT10000002"}},
			{"model and product type disagree", olivia, rma.HeldFilter{Model: "EX70", ProductType: rma.ProductTypeVeretos}, []string{}},
			{"text in the serial", casey, rma.HeldFilter{Text: " 0003 "}, []string{"RT10000003"}},
			{"text in the family", casey, rma.HeldFilter{Text: "ranger"}, []string{"RT10000001", "RT10000003"}},
			{"text is literal", casey, rma.HeldFilter{Text: "RT1000000_"}, []string{}},
			{"text and serials", olivia, rma.HeldFilter{Text: "veretos", Serials: []string{"VT10000007", "RT10000004"}}, []string{"VT10000007"}},
		}
		for _, tt := range tests {
			got, err := h.Held(t.Context(), tt.v, tt.f)
			require.NoError(t, err, tt.name)
			require.Equal(t, tt.want, serialsOf(got), tt.name)
		}
	})
}

func TestIntegrationHoldings_AUnitNotHeldIsNotFound(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		h, _ := holdingsData(t, gdb)
		ctx := t.Context()
		unit, rmas, err := h.Unit(ctx, olivia, "VT10000007")
		require.NoError(t, err)
		require.Equal(t, "VT10000007", unit.Unit.Serial)
		require.Equal(t, []string{"RMA-100703", "RMA-100702"}, numbersOf(rmas), "the colleague's RMAs, newest first")

		unit, rmas, err = h.Unit(ctx, casey, "RT10000001")
		require.NoError(t, err)
		require.True(t, unit.Registered)
		require.Empty(t, rmas, "stan's RMA on her unit is not hers to see")

		for _, tt := range []struct {
			v      rma.Viewer
			serial rma.Serial
		}{
			{casey, "VT10000007"},        // another customer's
			{casey, "RT99999999"},        // unknown
			{rma.Viewer{}, "RT10000001"}, // signed out
			{hStan, "RT10000004"},        // another organization's
		} {
			_, _, err := h.Unit(ctx, tt.v, tt.serial)
			require.ErrorIs(t, err, rma.ErrUnitNotFound, tt.serial)
		}
	})
}

func numbersOf(items []rma.HistoryItem) []string {
	out := []string{}
	for _, i := range items {
		out = append(out, i.Number)
	}
	return out
}
