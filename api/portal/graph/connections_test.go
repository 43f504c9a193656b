package graph_test

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/portal/graph"
	"rugged.example/portal/api/rma/rma"
)

var now = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

// The callers: olivia and fred are FleetCo's members, casey is in no organization, ann is Acme's.
var (
	olivia = auth.Principal{Subject: "usr_olivia", Org: "FleetCo", ClientRoles: []string{"customer"}}
	fred   = auth.Principal{Subject: "usr_fred", Org: "FleetCo", ClientRoles: []string{"customer"}}
	casey  = auth.Principal{Subject: "usr_casey", ClientRoles: []string{"customer"}}
	ann    = auth.Principal{Subject: "usr_ann", Org: "Acme", ClientRoles: []string{"customer"}}
)

// units is the registry as the connection reads models from it.
type units map[string]string

func (u units) UnitBySerial(_ context.Context, serial string) (rma.Unit, error) {
	if m, ok := u[serial]; ok {
		return rma.Unit{Serial: serial, Model: m}, nil
	}
	return rma.Unit{}, rma.ErrUnitNotFound
}

// countingQuotes counts the counts, to show totalCount runs only when asked for.
type countingQuotes struct {
	*payments.Quotes
	counts atomic.Int32
}

func (c *countingQuotes) Count(ctx context.Context, v visibility.Viewer, s payments.QuoteSearch) (int, error) {
	c.counts.Add(1)
	return c.Quotes.Count(ctx, v, s)
}

type env struct {
	connectionClient[quoteNode]
	quotes *countingQuotes
	// byOwner are the stored quotes, oldest first, by owner.
	byOwner map[string][]payments.Quote
}

func newEnv(t *testing.T, gdb *gorm.DB) *env {
	t.Helper()
	_, err := db.Migrate(t.Context(), gdb, paymentsdb.Schema())
	require.NoError(t, err)
	store := paymentsdb.NewStore(gdb)
	e := &env{byOwner: map[string][]payments.Quote{}}
	e.connectionClient = connectionClient[quoteNode]{field: "savedQuoteConnection", prefix: "Quote",
		node: "uid kind status serial model rmaNumber amount{cents currency} createdAt expiresAt mine payLink quoteData"}
	e.quotes = &countingQuotes{Quotes: payments.NewQuotes(payments.QuotesDeps{Store: store, Tx: db.NewTransactor(gdb), Now: func() time.Time { return now }})}
	add := func(owner, org string, kind payments.QuoteKind, i int, cents int64) {
		created := now.Add(-time.Duration(48-i) * time.Hour)
		q := payments.Quote{
			ID: payments.NewQuoteID(), Kind: kind, Owner: owner, Org: org, Serial: "RT1000000" + string(rune('1'+i%3)),
			Reference: payments.NewReference(), Amount: money.USD(cents), Status: payments.StatusOpen,
			ExpiresAt: created.Add(payments.QuoteValidity), CreatedAt: created, UpdatedAt: created,
			Saved: payments.SavedQuote{
				Shipping:         payments.QuoteShipping{Contact: payments.QuoteContact{FirstName: "Olivia", EmailAddress: owner + "@example.com"}},
				ExternalResource: payments.ExternalResource{Serial: "RT10000002", RMAInput: map[string]any{"primaryFault": "Display"}},
				Total:            money.USD(cents),
			},
		}
		if kind == payments.KindService {
			q.RMANumber = "RMA-70000" + string(rune('0'+i))
		}
		require.NoError(t, store.CreateQuote(t.Context(), q))
		e.byOwner[owner] = append(e.byOwner[owner], q)
	}
	for i := range 5 {
		add(olivia.Subject, olivia.Org, payments.KindSaved, i, int64(100_00+i))
	}
	add(olivia.Subject, olivia.Org, payments.KindService, 5, 189_00)
	add(fred.Subject, fred.Org, payments.KindService, 6, 250_00)
	add(fred.Subject, fred.Org, payments.KindSaved, 7, 99_00)
	add(casey.Subject, "", payments.KindSaved, 8, 289_00)
	add(ann.Subject, ann.Org, payments.KindSaved, 9, 289_00)
	e.handler = graph.Handler(&graph.Resolver{
		Units: units{"RT10000001": "Toughbook 33", "RT10000003": "Toughbook 40"}, Quotes: e.quotes, Now: func() time.Time { return now },
	}, testkit.Quiet())
	return e
}

type quoteNode struct {
	UID, Kind, Status, Serial, Model string
	RmaNumber                        *string
	Amount                           struct {
		Cents    int64
		Currency string
	}
	CreatedAt, ExpiresAt string
	Mine                 bool
	PayLink              *string
	QuoteData            string
}

type connection = connectionOf[quoteNode]

func uids(c connection) []string {
	return nodeValues(c, func(n quoteNode) string { return n.UID })
}

func TestIntegrationSavedQuoteConnection_PagesForwardAndBack(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newEnv(t, gdb)
		// Olivia's five saved quotes and her service quote, then fred's two, FleetCo's: oldest first.
		var want []string
		for _, q := range append(append([]payments.Quote{}, e.byOwner[olivia.Subject]...), e.byOwner[fred.Subject]...) {
			want = append(want, q.ID)
		}

		forward, backward := e.walk(t, olivia, 3, uids)
		require.Equal(t, want, forward)
		require.Equal(t, want, backward)

		// Sorted by amount, highest first; 25 a page when nothing is asked.
		c := e.page(t, olivia, map[string]any{"sort": map[string]any{"field": "AMOUNT", "desc": true}})
		require.Len(t, c.Edges, 8)
		require.Equal(t, int64(250_00), c.Edges[0].Node.Amount.Cents)
		require.False(t, c.PageInfo.HasNextPage)

		empty := e.page(t, olivia, map[string]any{"search": map[string]any{"text": "no such quote"}})
		require.Empty(t, empty.Edges)
		require.Nil(t, empty.PageInfo.StartCursor)
		require.Nil(t, empty.PageInfo.EndCursor)
	})
}

func TestIntegrationSavedQuoteConnection_ShowsTheOrganizationsQuotesAndNobodyElses(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newEnv(t, gdb)
		c := e.page(t, fred, map[string]any{"first": 100})
		require.Len(t, c.Edges, 8)
		for _, edge := range c.Edges {
			n := edge.Node
			owner := "usr_olivia"
			if n.Mine {
				owner = "usr_fred"
			}
			require.Contains(t, []string{"usr_olivia", "usr_fred"}, owner)
			if n.Kind == "SERVICE" {
				require.NotNil(t, n.RmaNumber)
				if n.Mine {
					require.Equal(t, "/pay-quote/"+n.UID+"/"+e.byOwner[fred.Subject][0].Reference, *n.PayLink)
				} else {
					require.Nil(t, n.PayLink, "only the owner pays: a colleague's quote has no link")
				}
			} else {
				require.Nil(t, n.RmaNumber)
				require.Nil(t, n.PayLink)
			}
		}
		mine := 0
		for _, edge := range c.Edges {
			if edge.Node.Mine {
				mine++
			}
		}
		require.Equal(t, 2, mine)

		c = e.page(t, casey, nil)
		require.Equal(t, []string{e.byOwner[casey.Subject][0].ID}, uids(c))
		c = e.page(t, ann, nil)
		require.Equal(t, []string{e.byOwner[ann.Subject][0].ID}, uids(c))

		// A node as the quotes page reads it: the model from the registry, the Saved quote as JSON.
		q := e.byOwner[casey.Subject][0]
		n := e.page(t, casey, nil).Edges[0].Node
		require.Equal(t, "SAVED", n.Kind)
		require.Equal(t, "open", n.Status)
		require.Equal(t, q.Serial, n.Serial)
		require.Equal(t, "Toughbook 40", n.Model)
		require.Equal(t, q.CreatedAt.Format(time.RFC3339), n.CreatedAt)
		require.Equal(t, q.ExpiresAt.Format(time.RFC3339), n.ExpiresAt)
		require.Equal(t, int64(289_00), n.Amount.Cents)
		require.Equal(t, "USD", n.Amount.Currency)
		wantData, err := json.Marshal(q.Saved)
		require.NoError(t, err)
		require.JSONEq(t, string(wantData), n.QuoteData, "the shape /payments/quote/details answers as quoteData")
		require.Contains(t, n.QuoteData, `"externalResource":{"serial":"RT10000002","rmaInput":{"primaryFault":"Display"}}`)
	})
}

func TestIntegrationSavedQuoteConnection_CountsOnlyWhenAsked(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newEnv(t, gdb)
		e.page(t, olivia, map[string]any{"first": 2})
		require.Zero(t, e.quotes.counts.Load())
		c, errs := e.do(t, &olivia, e.query(true), map[string]any{"first": 2, "search": map[string]any{"kinds": []string{"SAVED"}}})
		require.Empty(t, errs)
		require.Equal(t, int32(1), e.quotes.counts.Load())
		require.Equal(t, 6, c.TotalCount, "olivia's five and fred's one saved quote, over every page")
		require.Len(t, c.Edges, 2)
	})
}

func TestIntegrationSavedQuoteConnection_RefusesWhatItCannotServe(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newEnv(t, gdb)
		first := e.page(t, olivia, map[string]any{"first": 2})
		cursor := *first.PageInfo.EndCursor
		tests := []struct {
			name     string
			vars     map[string]any
			code     string
			contains string
		}{
			{"first and last", map[string]any{"first": 2, "last": 2}, "BAD_USER_INPUT", "not both"},
			{"after and before", map[string]any{"after": cursor, "before": cursor}, "BAD_USER_INPUT", "not both"},
			{"first with before", map[string]any{"first": 2, "before": cursor}, "BAD_USER_INPUT", "not both"},
			{"over 100", map[string]any{"first": 101}, "BAD_USER_INPUT", "between 1 and 100"},
			{"zero", map[string]any{"last": 0}, "BAD_USER_INPUT", "between 1 and 100"},
			{"not a cursor", map[string]any{"after": "xyz"}, "BAD_USER_INPUT", "The cursor is not one this list gave"},
			{"another order's cursor", map[string]any{"after": cursor, "sort": map[string]any{"field": "AMOUNT", "desc": false}}, "BAD_USER_INPUT", "The cursor is not one this list gave"},
			{"an unknown status", map[string]any{"search": map[string]any{"statuses": []string{"archived"}}}, "BAD_USER_INPUT", ""},
		}
		for _, tt := range tests {
			c, errs := e.do(t, &olivia, e.query(false), tt.vars)
			require.Len(t, errs, 1, tt.name)
			require.Equal(t, tt.code, errs[0].Extensions.Code, tt.name)
			require.Contains(t, errs[0].Message, tt.contains, tt.name)
			require.Empty(t, c.Edges, tt.name)
		}

		// Signed-in customers only.
		_, errs := e.do(t, nil, e.query(true), nil)
		require.Len(t, errs, 1)
		require.Equal(t, "UNAUTHENTICATED", errs[0].Extensions.Code)
		_, errs = e.do(t, &auth.Principal{Subject: "usr_olivia", Org: "FleetCo"}, e.query(true), nil)
		require.Len(t, errs, 1)
		require.Equal(t, "FORBIDDEN", errs[0].Extensions.Code, "no client role")
		require.Zero(t, e.quotes.counts.Load())
	})
}
