package rmadb_test

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

var (
	hCasey  = rma.Viewer{Subject: "usr_casey"}
	hOlivia = rma.Viewer{Subject: "usr_olivia", Org: "FleetCo"}
	hDiego  = rma.Viewer{Subject: "usr_diego", Org: "FleetCo"}
	hStan   = rma.Viewer{Subject: "usr_stan", Org: "Elsewhere"}
)

// historyData stores RMAs of four customers: casey alone, olivia and diego of FleetCo (olivia
// also has one from before she joined it), hStan of another organization. Creation times repeat
// (three RMAs share each instant) so every order has ties to break.
func historyData(t *testing.T, s *rmadb.Store) []rma.RMA {
	t.Helper()
	base := time.Date(2025, 11, 30, 10, 0, 0, 123456789, time.UTC)
	owners := []rma.Viewer{hCasey, hOlivia, hDiego, hOlivia, hDiego, hCasey, hStan, hOlivia}
	statuses := []rma.Status{rma.StatusAwaitingUnit, rma.StatusReceived, rma.StatusClosed, rma.StatusRepairing}
	models := []string{"RL14", "ST12", "TH6"}
	var all []rma.RMA
	for i := range 40 {
		owner := owners[i%len(owners)]
		uid, err := rma.NewUID()
		require.NoError(t, err)
		r := rma.RMA{
			Number: fmt.Sprintf("RMA-%d", 100600+(i*7)%40), UID: uid, Owner: owner.Subject, Org: owner.Org,
			Serial: fmt.Sprintf("RT%08d", 20000000+i), Model: models[i%len(models)], PartNumber: "P", Type: rma.DefaultRMAType,
			Status: statuses[i%len(statuses)], Method: rma.ShipLabel,
			Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked", InitialNotes: "n",
				CustomerReference: fmt.Sprintf("PO-%d", i), AssetTag: fmt.Sprintf("TAG%d", i)},
			// Everyone ships from the same branch: its contact is not who opened the RMA.
			OpenedByName: "First" + owner.Subject[4:] + " Last",
			Contact:      rma.Contact{FirstName: "Marcus", LastName: "Hill"},
			// Three RMAs an instant, instants a month apart: the data spans 2025 and 2026.
			CreatedAt: base.AddDate(0, i/3, 0),
		}
		r.UpdatedAt = r.CreatedAt.Add(time.Duration(i%5) * time.Hour)
		if i == 7 {
			r.Org = "" // hOlivia's RMA from before she joined FleetCo
		}
		if i == 9 {
			r.Problem.CustomerReference = "100%_sure"
		}
		require.NoError(t, s.CreateRMA(t.Context(), r, ""))
		all = append(all, r)
	}
	return all
}

// expected is what v sees of all in the order s, as the history must list it.
func expected(v rma.Viewer, all []rma.RMA, keep func(rma.RMA) bool, sorts ...rma.HistorySort) []string {
	var seen []rma.RMA
	for _, r := range all {
		if v.Sees(r.Owner, r.Org) && (keep == nil || keep(r)) {
			seen = append(seen, r)
		}
	}
	value := func(f rma.SortField, r rma.RMA) string {
		switch f {
		case rma.SortCreatedAt:
			return r.CreatedAt.Format(time.RFC3339Nano)
		case rma.SortUpdatedAt:
			return r.UpdatedAt.Format(time.RFC3339Nano)
		case rma.SortStatus:
			return string(r.Status)
		case rma.SortSerial:
			return r.Serial
		case rma.SortModel:
			return r.Model
		}
		return r.Number
	}
	slices.SortFunc(seen, func(a, b rma.RMA) int {
		for _, s := range append(slices.Clone(sorts), rma.HistorySort{Field: rma.SortRMANumber, Desc: sorts[0].Desc}) {
			c := cmp.Compare(value(s.Field, a), value(s.Field, b))
			if s.Desc {
				c = -c
			}
			if c != 0 {
				return c
			}
		}
		return 0
	})
	numbers := make([]string, len(seen))
	for i, r := range seen {
		numbers[i] = r.Number
	}
	return numbers
}

func numbers(items []rma.HistoryItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Number
	}
	return out
}

func TestIntegrationHistory_KeysetPagesForwardAndBackwardInEveryOrder(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		all := historyData(t, s)
		h := rma.NewHistory(s)
		for _, v := range []rma.Viewer{hCasey, hOlivia, hDiego} {
			for _, field := range rma.SortFields {
				for _, desc := range []bool{false, true} {
					sort := rma.HistorySort{Field: field, Desc: desc}
					want := expected(v, all, nil, sort)
					name := fmt.Sprintf("%s %s desc=%t", v.Subject, field, desc)

					var got []string
					var last rma.HistoryPage
					after := ""
					for pages := 0; ; pages++ {
						page, err := h.Page(t.Context(), v, rma.HistoryFilter{}, sort, rma.Keyset{First: 4, After: after})
						require.NoError(t, err, name)
						require.Equal(t, after != "", page.HasPrevious, name)
						require.Len(t, page.Cursors, len(page.Items))
						got = append(got, numbers(page.Items)...)
						last = page
						if !page.HasNext {
							break
						}
						require.Less(t, pages, 20, name)
						after = page.Cursors[len(page.Cursors)-1]
					}
					require.Equal(t, want, got, name)

					// Backward from the last page's first item to the start, pages in display order.
					var back []string
					before := last.Cursors[0]
					back = slices.Clone(numbers(last.Items))
					for {
						page, err := h.Page(t.Context(), v, rma.HistoryFilter{}, sort, rma.Keyset{Last: 3, Before: before})
						require.NoError(t, err, name)
						require.True(t, page.HasNext, name)
						back = append(numbers(page.Items), back...)
						if !page.HasPrevious {
							break
						}
						before = page.Cursors[0]
					}
					require.Equal(t, want, back, name)
				}
			}
		}
	})
}

func TestIntegrationHistory_OrganizationMembersSeeTheOrganizationsRMAs(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		all := historyData(t, s)
		h := rma.NewHistory(s)

		page, err := h.Page(t.Context(), hDiego, rma.HistoryFilter{}, rma.HistorySort{}, rma.Keyset{First: 100})
		require.NoError(t, err)
		require.Equal(t, expected(hDiego, all, nil, rma.DefaultHistorySort), numbers(page.Items))
		mine, theirs := 0, 0
		for _, it := range page.Items {
			require.Equal(t, "FleetCo", it.Org)
			if it.Mine(hDiego) {
				mine++
			} else {
				theirs++
				require.Equal(t, "usr_olivia", it.Owner)
				require.Equal(t, "Firstolivia Last", it.OpenedBy, "who opened it, not the branch's contact")
			}
		}
		require.Equal(t, 10, mine)
		require.Equal(t, 14, theirs, "olivia's FleetCo RMAs, not the one from before she joined")

		n, err := h.Count(t.Context(), hOlivia, rma.HistoryFilter{})
		require.NoError(t, err)
		require.Equal(t, 25, n, "FleetCo's 24 and hOlivia's own from before")
		n, err = h.Count(t.Context(), hCasey, rma.HistoryFilter{})
		require.NoError(t, err)
		require.Equal(t, 10, n)

		byOwner := map[string]rma.RMA{}
		for _, r := range all {
			byOwner[r.Owner+"/"+r.Org] = r
		}
		oliviasBefore, oliviasFleet, caseys := byOwner["usr_olivia/"], byOwner["usr_olivia/FleetCo"], byOwner["usr_casey/"]

		d, err := h.Details(t.Context(), hDiego, oliviasFleet.UID)
		require.NoError(t, err)
		require.Equal(t, oliviasFleet.Number, d.RMA.Number)
		require.Equal(t, "Firstolivia Last", d.RMA.OpenedByName)
		for _, tc := range []struct {
			v   rma.Viewer
			uid string
		}{{hDiego, oliviasBefore.UID}, {hDiego, caseys.UID}, {hStan, oliviasFleet.UID}, {hCasey, oliviasFleet.UID}, {hCasey, "nope"}, {hCasey, ""}} {
			_, err := h.Details(t.Context(), tc.v, tc.uid)
			require.ErrorIs(t, err, rma.ErrRMANotFound, "%s reads %s", tc.v.Subject, tc.uid)
		}
		_, err = h.RepairSummary(t.Context(), hDiego, oliviasFleet.Number)
		require.NoError(t, err)
		_, err = h.RepairSummary(t.Context(), hDiego, oliviasBefore.Number)
		require.ErrorIs(t, err, rma.ErrRMANotFound)
		_, err = h.RepairSummary(t.Context(), hCasey, strings.ToLower(caseys.Number))
		require.NoError(t, err, "numbers are read as typed")
	})
}

func TestIntegrationHistory_Filters(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		all := historyData(t, s)
		h := rma.NewHistory(s)
		tests := []struct {
			name string
			f    rma.HistoryFilter
			keep func(rma.RMA) bool
		}{
			{"number, any case", rma.HistoryFilter{Text: " rma-1006 "}, func(r rma.RMA) bool { return strings.Contains(r.Number, "RMA-1006") }},
			{"serial", rma.HistoryFilter{Text: "rt2000001"}, func(r rma.RMA) bool { return strings.Contains(r.Serial, "RT2000001") }},
			{"model", rma.HistoryFilter{Text: "st1"}, func(r rma.RMA) bool { return r.Model == "ST12" }},
			{"customer reference", rma.HistoryFilter{Text: "po-1"}, func(r rma.RMA) bool { return strings.HasPrefix(r.Problem.CustomerReference, "PO-1") }},
			{"asset tag", rma.HistoryFilter{Text: "tag3"}, func(r rma.RMA) bool { return strings.HasPrefix(r.Problem.AssetTag, "TAG3") }},
			{"% and _ are literal", rma.HistoryFilter{Text: "0%_"}, func(r rma.RMA) bool { return r.Problem.CustomerReference == "100%_sure" }},
			{"_ matches no other character", rma.HistoryFilter{Text: "po_1"}, func(rma.RMA) bool { return false }},
			{"years", rma.HistoryFilter{Years: []int{2025}}, func(r rma.RMA) bool { return r.CreatedAt.Year() == 2025 }},
			{"months", rma.HistoryFilter{Months: []int{1, 12}}, func(r rma.RMA) bool { return r.CreatedAt.Month() == 1 || r.CreatedAt.Month() == 12 }},
			{"years and months", rma.HistoryFilter{Years: []int{2026, 2026}, Months: []int{3}}, func(r rma.RMA) bool {
				return r.CreatedAt.Year() == 2026 && r.CreatedAt.Month() == 3
			}},
			{"statuses", rma.HistoryFilter{Statuses: []rma.Status{rma.StatusClosed, rma.StatusReceived}}, func(r rma.RMA) bool {
				return r.Status == rma.StatusClosed || r.Status == rma.StatusReceived
			}},
		}
		for _, tc := range tests {
			for _, v := range []rma.Viewer{hCasey, hOlivia} {
				want := expected(v, all, tc.keep, rma.DefaultHistorySort)
				page, err := h.Page(t.Context(), v, tc.f, rma.DefaultHistorySort, rma.Keyset{First: 100})
				require.NoError(t, err, tc.name)
				require.Equal(t, want, numbers(page.Items), "%s for %s", tc.name, v.Subject)
				n, err := h.Count(t.Context(), v, tc.f)
				require.NoError(t, err)
				require.Equal(t, len(want), n, tc.name)
			}
		}
		yes := false
		for _, r := range all {
			yes = yes || (hOlivia.Sees(r.Owner, r.Org) && r.Problem.CustomerReference == "100%_sure")
		}
		require.True(t, yes, "the literal case has a match to find")
	})
}

func TestIntegrationHistory_OffsetPagesAndTheStreamFollowEveryKey(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		all := historyData(t, s)
		h := rma.NewHistory(s)
		sorts := []rma.HistorySort{{Field: rma.SortStatus}, {Field: rma.SortModel, Desc: true}, {Field: rma.SortCreatedAt, Desc: true}}
		want := expected(hOlivia, all, nil, sorts...)

		var got []string
		for page := 1; ; page++ {
			items, total, err := h.Offset(t.Context(), hOlivia, rma.HistoryFilter{}, sorts, page, 4)
			require.NoError(t, err)
			require.Equal(t, len(want), total)
			if len(items) == 0 {
				break
			}
			got = append(got, numbers(items)...)
		}
		require.Equal(t, want, got)

		var streamed []string
		require.NoError(t, h.Each(t.Context(), hOlivia, rma.HistoryFilter{}, sorts, func(i rma.HistoryItem) error {
			streamed = append(streamed, i.Number)
			return nil
		}))
		require.Equal(t, want, streamed)

		items, _, err := h.Offset(t.Context(), hCasey, rma.HistoryFilter{}, nil, 1, 100)
		require.NoError(t, err)
		require.Equal(t, expected(hCasey, all, nil, rma.DefaultHistorySort), numbers(items), "newest first by default")
	})
}

func TestIntegrationHistory_RefusesCursorsOfAnotherOrder(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		historyData(t, s)
		h := rma.NewHistory(s)
		page, err := h.Page(t.Context(), hCasey, rma.HistoryFilter{}, rma.DefaultHistorySort, rma.Keyset{First: 2})
		require.NoError(t, err)
		cursor := page.Cursors[1]

		for _, sort := range []rma.HistorySort{{Field: rma.SortUpdatedAt, Desc: true}, {Field: rma.SortCreatedAt}} {
			_, err := h.Page(t.Context(), hCasey, rma.HistoryFilter{}, sort, rma.Keyset{First: 2, After: cursor})
			require.ErrorIs(t, err, rma.ErrBadCursor)
		}
		for _, bad := range []string{"garbage!", "aDF8Y3JlYXRlZEF0fGR8fDE"} {
			_, err := h.Page(t.Context(), hCasey, rma.HistoryFilter{}, rma.DefaultHistorySort, rma.Keyset{Last: 2, Before: bad})
			require.ErrorIs(t, err, rma.ErrBadCursor)
		}
		next, err := h.Page(t.Context(), hCasey, rma.HistoryFilter{}, rma.DefaultHistorySort, rma.Keyset{First: 2, After: cursor})
		require.NoError(t, err)
		require.True(t, next.HasPrevious)
	})
}
