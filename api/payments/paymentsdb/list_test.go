package paymentsdb_test

import (
	"cmp"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
)

// listNow is the listing's clock: quotes made before it, some expired by then.
var listNow = t0.Add(10 * 24 * time.Hour)

// The viewers of these tests: olivia and fred are FleetCo's members, casey belongs to no
// organization, and ann is Acme's.
var (
	olivia = visibility.Viewer{Subject: "usr_olivia", Org: "FleetCo"}
	fred   = visibility.Viewer{Subject: "usr_fred", Org: "FleetCo"}
	casey  = visibility.Viewer{Subject: "usr_casey"}
	ann    = visibility.Viewer{Subject: "usr_ann", Org: "Acme"}
)

type listFixture struct {
	store  *paymentsdb.Store
	quotes *payments.Quotes
	// all are every quote stored, to compute what a listing must answer.
	all []payments.Quote
}

func newListFixture(t *testing.T, gdb *gorm.DB) *listFixture {
	t.Helper()
	s := migrated(t, gdb)
	return &listFixture{store: s, quotes: quotes(gdb, s, nil, listNow)}
}

// add stores a quote of owner under org, made at created, then changed by mutate.
func (f *listFixture) add(t *testing.T, owner, org string, kind payments.QuoteKind, created time.Time, cents int64, mutate func(*payments.Quote)) payments.Quote {
	t.Helper()
	q := sampleQuote()
	q.Owner, q.Org, q.Kind, q.CreatedAt, q.UpdatedAt = owner, org, kind, created, created
	q.ExpiresAt, q.Amount = created.Add(payments.QuoteValidity), money.USD(cents)
	q.Serial = fmt.Sprintf("RT2%07d", len(f.all))
	if kind == payments.KindService {
		q.RMANumber = fmt.Sprintf("RMA-9%05d", len(f.all))
	}
	if mutate != nil {
		mutate(&q)
	}
	require.NoError(t, f.store.CreateQuote(t.Context(), q))
	f.all = append(f.all, q)
	return q
}

// seed stores quotes of every kind and status for the four viewers, several made at the same
// moment and of the same amount so that ties are broken by id.
func (f *listFixture) seed(t *testing.T) {
	t.Helper()
	for i := range 7 {
		at := t0.Add(time.Duration(i/2) * time.Hour) // two by two at the same moment
		f.add(t, olivia.Subject, olivia.Org, payments.KindSaved, at, int64(100_00+(i%3)*10_00), nil)
	}
	for i := range 3 {
		f.add(t, olivia.Subject, olivia.Org, payments.KindService, t0.Add(time.Duration(i)*time.Minute), 150_00, nil)
		f.add(t, fred.Subject, fred.Org, payments.KindSaved, t0.Add(time.Duration(i)*time.Hour), 120_00, nil)
	}
	// Olivia's quote saved before she joined FleetCo: hers, not her colleagues'.
	f.add(t, olivia.Subject, "", payments.KindSaved, t0.Add(5*time.Hour), 90_00, nil)
	// Not listed as open: an RMA took it over, it expired, it is paid or cancelled, a repair quote.
	f.add(t, olivia.Subject, olivia.Org, payments.KindSaved, t0, 100_00, func(q *payments.Quote) { q.RMANumber = "RMA-800001" })
	f.add(t, olivia.Subject, olivia.Org, payments.KindSaved, t0.Add(-25*24*time.Hour), 100_00, nil)
	f.add(t, fred.Subject, fred.Org, payments.KindService, t0, 300_00, func(q *payments.Quote) {
		paid := t0.Add(time.Hour)
		q.Status, q.PaidAt, q.Method = payments.StatusPaid, &paid, payments.MethodPayPal
	})
	f.add(t, fred.Subject, fred.Org, payments.KindService, t0, 200_00, func(q *payments.Quote) { q.Status = payments.StatusCancelled })
	f.add(t, fred.Subject, fred.Org, payments.KindRepair, t0, 200_00, func(q *payments.Quote) { q.RMANumber = "RMA-800002" })
	// Others': casey has no organization, ann is Acme's, and a quote of nobody's organization.
	f.add(t, casey.Subject, "", payments.KindSaved, t0, 289_00, nil)
	f.add(t, ann.Subject, ann.Org, payments.KindSaved, t0, 289_00, nil)
	f.add(t, ann.Subject, ann.Org, payments.KindService, t0, 189_00, nil)
	f.add(t, "usr_nobody", "", payments.KindSaved, t0, 189_00, nil)
}

// expected is what v lists for search and sort, computed here from every quote stored.
func (f *listFixture) expected(v visibility.Viewer, kinds []payments.QuoteKind, statuses []payments.QuoteStatus, sort payments.QuoteSort) []string {
	if len(kinds) == 0 {
		kinds = []payments.QuoteKind{payments.KindSaved, payments.KindService}
	}
	if len(statuses) == 0 {
		statuses = []payments.QuoteStatus{payments.StatusOpen}
	}
	var out []payments.Quote
	for _, q := range f.all {
		if !q.VisibleTo(v) || !slices.Contains(kinds, q.Kind) || !slices.Contains(statuses, q.StatusAt(listNow)) {
			continue
		}
		if q.Kind == payments.KindSaved && q.RMANumber != "" && q.StatusAt(listNow) == payments.StatusOpen {
			continue
		}
		out = append(out, q)
	}
	slices.SortFunc(out, func(a, b payments.Quote) int {
		var c int
		switch sort.Field {
		case payments.SortExpiresAt:
			c = a.ExpiresAt.Compare(b.ExpiresAt)
		case payments.SortAmount:
			c = cmp.Compare(a.Amount.Cents, b.Amount.Cents)
		default:
			c = a.CreatedAt.Compare(b.CreatedAt)
		}
		if c == 0 {
			c = cmp.Compare(a.ID, b.ID)
		}
		if sort.Desc {
			c = -c
		}
		return c
	})
	return ids(out)
}

func ids(qs []payments.Quote) []string {
	out := make([]string, len(qs))
	for i, q := range qs {
		out[i] = q.ID
	}
	return out
}

func TestIntegrationQuoteConnection_ListsTheViewersAndTheirOrganizationsOpenQuotes(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newListFixture(t, gdb)
		f.seed(t)
		for _, v := range []visibility.Viewer{olivia, fred, casey, ann} {
			page, err := f.quotes.Connection(t.Context(), v, payments.QuoteSearch{}, payments.QuoteSort{}, payments.Keyset{First: 100})
			require.NoError(t, err)
			want := f.expected(v, nil, nil, payments.QuoteSort{})
			require.Equal(t, want, ids(page.Items), v.Subject)
			require.False(t, page.HasNext)
			require.False(t, page.HasPrevious)
			n, err := f.quotes.Count(t.Context(), v, payments.QuoteSearch{})
			require.NoError(t, err)
			require.Equal(t, len(want), n, v.Subject)
			for _, q := range page.Items {
				require.True(t, q.Owner == v.Subject || (v.Org != "" && q.Org == v.Org), "nobody outside the organization")
				require.Equal(t, payments.StatusOpen, q.StatusAt(listNow))
			}
		}
		page, err := f.quotes.Connection(t.Context(), fred, payments.QuoteSearch{}, payments.QuoteSort{}, payments.Keyset{})
		require.NoError(t, err)
		require.Len(t, page.Items, 3+7+3, "fred's saved quotes and FleetCo's open ones, not olivia's from before FleetCo")
		page, err = f.quotes.Connection(t.Context(), olivia, payments.QuoteSearch{}, payments.QuoteSort{}, payments.Keyset{})
		require.NoError(t, err)
		require.Len(t, page.Items, 7+3+1+3)

		page, err = f.quotes.Connection(t.Context(), visibility.Viewer{Org: "FleetCo"}, payments.QuoteSearch{}, payments.QuoteSort{}, payments.Keyset{})
		require.NoError(t, err)
		require.Empty(t, page.Items, "an organization alone is nobody")
	})
}

func TestIntegrationQuoteConnection_PagesForwardAndBackInEveryOrder(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newListFixture(t, gdb)
		f.seed(t)
		for _, field := range []payments.QuoteSortField{payments.SortCreatedAt, payments.SortExpiresAt, payments.SortAmount} {
			for _, desc := range []bool{false, true} {
				sort := payments.QuoteSort{Field: field, Desc: desc}
				want := f.expected(olivia, nil, nil, sort)
				require.Len(t, want, 14)

				// Forward, three at a time, to the end.
				var got []string
				var after string
				for pages := 0; ; pages++ {
					page, err := f.quotes.Connection(t.Context(), olivia, payments.QuoteSearch{}, sort, payments.Keyset{First: 3, After: after})
					require.NoError(t, err)
					require.Len(t, page.Cursors, len(page.Items))
					require.Equal(t, after != "", page.HasPrevious)
					got = append(got, ids(page.Items)...)
					if !page.HasNext {
						break
					}
					require.Less(t, pages, 10)
					after = page.Cursors[len(page.Cursors)-1]
				}
				require.Equal(t, want, got, "forward by %s desc=%t", field, desc)

				// Backward from the end, three at a time, to the start.
				got = nil
				var before string
				for pages := 0; ; pages++ {
					page, err := f.quotes.Connection(t.Context(), olivia, payments.QuoteSearch{}, sort, payments.Keyset{Last: 3, Before: before})
					require.NoError(t, err)
					require.Equal(t, before != "", page.HasNext)
					got = append(ids(page.Items), got...)
					if !page.HasPrevious {
						break
					}
					require.Less(t, pages, 10)
					before = page.Cursors[0]
				}
				require.Equal(t, want, got, "backward by %s desc=%t", field, desc)
			}
		}

		// A page back from the middle ends right before the cursor's quote.
		want := f.expected(olivia, nil, nil, payments.QuoteSort{})
		first, err := f.quotes.Connection(t.Context(), olivia, payments.QuoteSearch{}, payments.QuoteSort{}, payments.Keyset{First: 8})
		require.NoError(t, err)
		back, err := f.quotes.Connection(t.Context(), olivia, payments.QuoteSearch{}, payments.QuoteSort{}, payments.Keyset{Last: 4, Before: first.Cursors[7]})
		require.NoError(t, err)
		require.Equal(t, want[3:7], ids(back.Items))
		require.True(t, back.HasPrevious)
		require.True(t, back.HasNext)
	})
}

func TestIntegrationQuoteConnection_SearchesTextKindsAndStatuses(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newListFixture(t, gdb)
		f.seed(t)
		list := func(v visibility.Viewer, s payments.QuoteSearch) []string {
			t.Helper()
			page, err := f.quotes.Connection(t.Context(), v, s, payments.QuoteSort{}, payments.Keyset{First: 100})
			require.NoError(t, err)
			n, err := f.quotes.Count(t.Context(), v, s)
			require.NoError(t, err)
			require.Len(t, page.Items, n, "the count counts what the pages list")
			return ids(page.Items)
		}
		service := []payments.QuoteKind{payments.KindService}
		require.Equal(t, f.expected(olivia, service, nil, payments.QuoteSort{}), list(olivia, payments.QuoteSearch{Kinds: service}))
		require.Len(t, list(olivia, payments.QuoteSearch{Kinds: service}), 3)

		closed := []payments.QuoteStatus{payments.StatusPaid, payments.StatusCancelled, payments.StatusExpired}
		require.Equal(t, f.expected(olivia, nil, closed, payments.QuoteSort{}), list(olivia, payments.QuoteSearch{Statuses: closed}))
		require.Len(t, list(olivia, payments.QuoteSearch{Statuses: closed}), 3, "fred's paid and cancelled ones, her expired one")
		require.Empty(t, list(casey, payments.QuoteSearch{Statuses: closed}))

		// Text: any part of the serial, the RMA number or the quote id, whatever the case.
		serial := f.all[3].Serial
		require.Equal(t, []string{f.all[3].ID}, list(olivia, payments.QuoteSearch{Text: " " + serial[2:] + " "}))
		require.Equal(t, []string{f.all[7].ID}, list(fred, payments.QuoteSearch{Text: f.all[7].RMANumber}))
		require.Equal(t, []string{f.all[0].ID}, list(fred, payments.QuoteSearch{Text: "qt-" + f.all[0].ID[3:]}))
		require.Empty(t, list(olivia, payments.QuoteSearch{Text: "%"}), "a wildcard is a character like another")
		require.Empty(t, list(olivia, payments.QuoteSearch{Text: casey.Subject}))
		require.Empty(t, list(fred, payments.QuoteSearch{Text: f.all[len(f.all)-2].Serial}), "Acme's quote is not found by its serial")
	})
}

func TestIntegrationQuoteConnection_RefusesCursorsAndPagesItCannotServe(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newListFixture(t, gdb)
		f.seed(t)
		page, err := f.quotes.Connection(t.Context(), olivia, payments.QuoteSearch{}, payments.QuoteSort{}, payments.Keyset{First: 2})
		require.NoError(t, err)
		cursor := page.Cursors[1]
		tests := []struct {
			name string
			sort payments.QuoteSort
			k    payments.Keyset
			s    payments.QuoteSearch
			want error
		}{
			{"another field's cursor", payments.QuoteSort{Field: payments.SortAmount}, payments.Keyset{After: cursor}, payments.QuoteSearch{}, payments.ErrBadCursor},
			{"another direction's cursor", payments.QuoteSort{Desc: true}, payments.Keyset{Before: cursor}, payments.QuoteSearch{}, payments.ErrBadCursor},
			{"not a cursor", payments.QuoteSort{}, payments.Keyset{After: "bm90IGEgY3Vyc29y"}, payments.QuoteSearch{}, payments.ErrBadCursor},
			{"not base64", payments.QuoteSort{}, payments.Keyset{After: "!!"}, payments.QuoteSearch{}, payments.ErrBadCursor},
			{"both directions", payments.QuoteSort{}, payments.Keyset{First: 2, Last: 2}, payments.QuoteSearch{}, payments.ErrBothDirections},
			{"after and before", payments.QuoteSort{}, payments.Keyset{After: cursor, Before: cursor}, payments.QuoteSearch{}, payments.ErrBothDirections},
			{"too many", payments.QuoteSort{}, payments.Keyset{First: 101}, payments.QuoteSearch{}, payments.ErrPageSize},
			{"negative", payments.QuoteSort{}, payments.Keyset{Last: -1}, payments.QuoteSearch{}, payments.ErrPageSize},
		}
		for _, tt := range tests {
			_, err := f.quotes.Connection(t.Context(), olivia, tt.s, tt.sort, tt.k)
			require.ErrorIs(t, err, tt.want, tt.name)
		}
		for _, s := range []payments.QuoteSearch{
			{Kinds: []payments.QuoteKind{payments.KindRepair}},
			{Statuses: []payments.QuoteStatus{"archived"}},
			{Text: string(make([]byte, 101))},
		} {
			_, err := f.quotes.Connection(t.Context(), olivia, s, payments.QuoteSort{}, payments.Keyset{})
			require.Error(t, err)
			_, err = f.quotes.Count(t.Context(), olivia, s)
			require.Error(t, err)
		}
		_, err = f.quotes.Connection(t.Context(), olivia, payments.QuoteSearch{}, payments.QuoteSort{Field: "serial"}, payments.Keyset{})
		require.Error(t, err)
	})
}

func TestIntegrationSpendByMonth_AddsThePaidQuotesTheViewerSees(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newListFixture(t, gdb)
		paid := func(owner, org string, at time.Time, cents int64) {
			f.add(t, owner, org, payments.KindService, at.Add(-time.Hour), cents, func(q *payments.Quote) {
				q.Status, q.PaidAt = payments.StatusPaid, &at
			})
		}
		march, april := time.Date(2026, 3, 31, 23, 30, 0, 0, time.UTC), time.Date(2026, 4, 1, 0, 30, 0, 0, time.UTC)
		paid(olivia.Subject, olivia.Org, march, 100_00)
		paid(fred.Subject, fred.Org, march, 50_25)
		paid(fred.Subject, fred.Org, april, 20_00)
		paid(olivia.Subject, "", april, 5_00)
		paid(olivia.Subject, olivia.Org, time.Date(2024, 1, 10, 0, 0, 0, 0, time.UTC), 999_00) // before since
		paid(ann.Subject, ann.Org, march, 700_00)
		paid(casey.Subject, "", april, 289_00)
		f.add(t, olivia.Subject, olivia.Org, payments.KindSaved, march, 400_00, nil)                    // open
		f.add(t, fred.Subject, fred.Org, payments.KindService, march, 400_00, func(q *payments.Quote) { // cancelled
			q.Status = payments.StatusCancelled
		})
		since := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

		got, err := f.quotes.SpendByMonth(t.Context(), olivia.Subject, olivia.Org, since)
		require.NoError(t, err)
		require.Equal(t, []payments.MonthAmount{{Month: "2026-03", Amount: money.USD(150_25)}, {Month: "2026-04", Amount: money.USD(25_00)}}, got)

		got, err = f.quotes.SpendByMonth(t.Context(), fred.Subject, fred.Org, since)
		require.NoError(t, err)
		require.Equal(t, []payments.MonthAmount{{Month: "2026-03", Amount: money.USD(150_25)}, {Month: "2026-04", Amount: money.USD(20_00)}}, got,
			"olivia's quote from before FleetCo is not the organization's")

		got, err = f.quotes.SpendByMonth(t.Context(), casey.Subject, "", since)
		require.NoError(t, err)
		require.Equal(t, []payments.MonthAmount{{Month: "2026-04", Amount: money.USD(289_00)}}, got)

		got, err = f.quotes.SpendByMonth(t.Context(), "", "FleetCo", since)
		require.NoError(t, err)
		require.Empty(t, got)
	})
}

func TestIntegrationQuotes_KeepTheOrganizationTheyWereMadeUnder(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		saved, err := f.checkout.SaveQuote(t.Context(), olivia.Subject, olivia.Org, "RT10000006", money.USD(260_10), payments.SavedQuote{})
		require.NoError(t, err)
		require.Equal(t, "FleetCo", f.quote(t, saved.ID).Org)
		repair, err := f.checkout.QuoteForRMA(t.Context(), payments.RMAQuote{
			Owner: olivia.Subject, Org: olivia.Org, Serial: "RT10000007", RMANumber: "RMA-800010", Amount: money.USD(99_00),
		})
		require.NoError(t, err)
		require.Equal(t, "FleetCo", f.quote(t, repair.ID).Org)

		svc := payments.NewQuotes(payments.QuotesDeps{Store: f.raw, Tx: db.NewTransactor(gdb), Now: func() time.Time { return time.Now() }})
		page, err := svc.Connection(t.Context(), fred, payments.QuoteSearch{}, payments.QuoteSort{}, payments.Keyset{})
		require.NoError(t, err)
		require.Equal(t, []string{saved.ID}, ids(page.Items), "fred sees olivia's saved quote, not the repair quote her RMA pays")
		require.False(t, page.Items[0].Mine(fred))
		require.True(t, page.Items[0].Mine(olivia))
	})
}
