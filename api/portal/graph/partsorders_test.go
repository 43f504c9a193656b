package graph_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/graph"
)

type partsOrderNode struct {
	RmaBatchID, Kind, Status, PaymentMethod, OrderedByName string
	Mine                                                   bool
	ItemCount                                              int
	Total                                                  struct{ Cents int }
	Lines                                                  []struct {
		PartNumber string
		Quantity   int
		Serials    []string
	}
}

const partsOrdersQuery = `query($search: String, $statuses: [String!], $first: Int, $after: String) {
  partsOrderBatchConnection(search: $search, statuses: $statuses, first: $first, after: $after) {
    edges { cursor node { rmaBatchId kind status paymentMethod orderedByName mine itemCount total { cents } lines { partNumber quantity serials } } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    totalCount
  }
}`

// The parts orders' connection lists the viewer's orders and their organization's, marked, newest
// first, in keyset pages; never another customer's.
func TestPartsOrderBatchConnection_OwnAndOrganizationsNeverOthers(t *testing.T) {
	gdb := testkit.SQLite(t)
	_, err := db.Migrate(t.Context(), gdb, partsdb.Schema())
	require.NoError(t, err)
	store := partsdb.NewStore(gdb)
	base := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	place := func(owner, org, name string, at time.Duration, lines ...parts.OrderLine) string {
		id, err := store.NextBatchID(t.Context())
		require.NoError(t, err)
		total := money.USD(0)
		for _, l := range lines {
			total.Cents += l.LineTotal.Cents
		}
		require.NoError(t, store.CreateOrder(t.Context(), parts.Order{
			ID: id, Kind: parts.KindParts, Owner: owner, Org: org, OrderedByName: name, Status: parts.StatusPlaced,
			PaymentMethod: parts.MethodPayPal, Total: total, Lines: lines, CreatedAt: base.Add(at), UpdatedAt: base.Add(at),
		}, ""))
		return id
	}
	battery := func(q int) parts.OrderLine {
		return parts.OrderLine{PartNumber: "RL14-BAT-STD", Description: "Battery", Quantity: q, UnitPrice: money.USD(12900), LineTotal: money.USD(12900 * int64(q)), Serials: []string{}}
	}
	olivia1 := place("usr_olivia", "FleetCo Utilities", "Olivia Chen", time.Hour, battery(2), battery(1))
	diego1 := place("usr_diego", "FleetCo Utilities", "Diego Ruiz", 2*time.Hour, battery(1))
	place("usr_casey", "", "Casey Morgan", 3*time.Hour, battery(4))
	olivia2 := place("usr_olivia", "FleetCo Utilities", "Olivia Chen", 4*time.Hour, battery(1))

	h := graph.Handler(&graph.Resolver{PartsOrders: parts.NewOrderHistory(store)}, testkit.Quiet())
	diego := auth.Principal{Subject: "usr_diego", Org: "FleetCo Utilities", ClientRoles: []string{"customer"}}
	type conn = connectionOf[partsOrderNode]
	page := postOK[conn](t, h, diego, "partsOrderBatchConnection", partsOrdersQuery, map[string]any{"first": 2})
	require.Equal(t, 3, page.TotalCount, "FleetCo's three, not casey's")
	require.Len(t, page.Edges, 2)
	require.Equal(t, olivia2, page.Edges[0].Node.RmaBatchID, "newest first")
	require.False(t, page.Edges[0].Node.Mine, "a colleague's order")
	require.Equal(t, "Olivia Chen", page.Edges[0].Node.OrderedByName)
	require.Equal(t, diego1, page.Edges[1].Node.RmaBatchID)
	require.True(t, page.Edges[1].Node.Mine)
	require.True(t, page.PageInfo.HasNextPage)
	next := postOK[conn](t, h, diego, "partsOrderBatchConnection", partsOrdersQuery, map[string]any{"first": 2, "after": *page.PageInfo.EndCursor})
	require.Len(t, next.Edges, 1)
	n := next.Edges[0].Node
	require.Equal(t, olivia1, n.RmaBatchID)
	require.Equal(t, 3, n.ItemCount)
	require.Equal(t, 3*12900, n.Total.Cents)
	require.Len(t, n.Lines, 2)
	require.False(t, next.PageInfo.HasNextPage)
	require.True(t, next.PageInfo.HasPreviousPage)

	casey := auth.Principal{Subject: "usr_casey", ClientRoles: []string{"customer"}}
	mine := postOK[conn](t, h, casey, "partsOrderBatchConnection", partsOrdersQuery, nil)
	require.Equal(t, 1, mine.TotalCount, "casey sees only his own")
	found := postOK[conn](t, h, diego, "partsOrderBatchConnection", partsOrdersQuery, map[string]any{"search": olivia1})
	require.Equal(t, 1, found.TotalCount)
	none := postOK[conn](t, h, diego, "partsOrderBatchConnection", partsOrdersQuery, map[string]any{"statuses": []string{"CANCELLED"}})
	require.Zero(t, none.TotalCount)

	_, errs := post[conn](t, h, nil, "partsOrderBatchConnection", partsOrdersQuery, nil)
	require.NotEmpty(t, errs, "signed out")
	_, errs = post[conn](t, h, &diego, "partsOrderBatchConnection", partsOrdersQuery, map[string]any{"statuses": []string{"LOST"}})
	require.Equal(t, "BAD_USER_INPUT", errs[0].Extensions.Code)
	_, errs = post[conn](t, h, &diego, "partsOrderBatchConnection", partsOrdersQuery, map[string]any{"first": 101})
	require.Equal(t, "BAD_USER_INPUT", errs[0].Extensions.Code)
}
