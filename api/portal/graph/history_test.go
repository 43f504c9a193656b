package graph_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/graph"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// countingHistory counts the counts, to show totalCount runs only when asked for.
type countingHistory struct {
	*rma.History
	counts atomic.Int32
}

func (c *countingHistory) Count(ctx context.Context, v rma.Viewer, f rma.HistoryFilter) (int, error) {
	c.counts.Add(1)
	return c.History.Count(ctx, v, f)
}

type historyEnv struct {
	connectionClient[rmaNode]
	history *countingHistory
	// numbers are the stored RMAs' numbers by owner, oldest first.
	numbers map[string][]string
}

// newHistoryEnv stores RMAs of olivia (FleetCo; one from before she joined it), fred (FleetCo),
// casey (no organization) and ann (Acme), a day apart, the oldest first.
func newHistoryEnv(t *testing.T, gdb *gorm.DB) *historyEnv {
	t.Helper()
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	store := rmadb.NewStore(gdb)
	e := &historyEnv{history: &countingHistory{History: rma.NewHistory(store)}, numbers: map[string][]string{}}
	e.connectionClient = connectionClient[rmaNode]{field: "RMAsConnection", prefix: "RMA",
		node: "uid rmaNumber rmaType status serial model problem customerReference assetTag openedBy mine batchId createdAt updatedAt"}
	owners := []auth.Principal{olivia, olivia, fred, olivia, casey, fred, olivia, ann, fred, olivia, casey, olivia}
	base := now.AddDate(0, -2, 0)
	for i, p := range owners {
		uid, err := rma.NewUID()
		require.NoError(t, err)
		r := rma.RMA{
			Number: fmt.Sprintf("RMA-%d", 100600+i), UID: uid, Owner: p.Subject, Org: p.Org,
			Serial: fmt.Sprintf("RT%08d", 20000000+i), Model: "RL14", PartNumber: "P", Type: rma.DefaultRMAType,
			Status: rma.StatusAwaitingUnit, Method: rma.ShipLabel,
			Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "n",
				CustomerReference: fmt.Sprintf("PO-%d", i), AssetTag: fmt.Sprintf("TAG%d", i)},
			// Members ship from a branch: its contact is not who opened the RMA.
			OpenedByName: strings.ToUpper(p.Subject[4:5]) + p.Subject[5:] + " Member",
			Contact:      rma.Contact{FirstName: "Marcus", LastName: "Hill"},
			CreatedAt:    base.Add(time.Duration(i) * 24 * time.Hour),
		}
		r.UpdatedAt = r.CreatedAt
		if i == 0 {
			r.Org = "" // olivia's RMA from before she joined FleetCo
		}
		if i == 8 {
			r.BatchID, r.Method = "BT-7K2M9Q4X", rma.ShipBatch // fred's, created in a fleet batch
		}
		require.NoError(t, store.CreateRMA(t.Context(), r, ""))
		e.numbers[p.Subject] = append(e.numbers[p.Subject], r.Number)
	}
	e.handler = graph.Handler(&graph.Resolver{History: e.history, Now: func() time.Time { return now }}, testkit.Quiet())
	return e
}

type rmaNode struct {
	UID, RmaNumber, RmaType, Status, Serial, Model, Problem, CustomerReference, AssetTag, OpenedBy string
	Mine                                                                                           bool
	BatchID                                                                                        *string `json:"batchId"`
	CreatedAt, UpdatedAt                                                                           string
}

type rmaConnection = connectionOf[rmaNode]

func numbers(c rmaConnection) []string {
	return nodeValues(c, func(n rmaNode) string { return n.RmaNumber })
}

func TestIntegrationRMAsConnection_PagesForwardAndBackNewestFirst(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newHistoryEnv(t, gdb)
		// Fred sees his RMAs and FleetCo's, not olivia's from before FleetCo: newest first.
		want := []string{"RMA-100611", "RMA-100609", "RMA-100608", "RMA-100606", "RMA-100605", "RMA-100603", "RMA-100602", "RMA-100601"}

		forward, backward := e.walk(t, fred, 3, numbers)
		require.Equal(t, want, forward)
		require.Equal(t, want, backward)

		c := e.page(t, fred, map[string]any{"sort": map[string]any{"field": "RMA_NUMBER", "desc": false}, "first": 2})
		require.Equal(t, []string{"RMA-100601", "RMA-100602"}, numbers(c))
		c = e.page(t, fred, map[string]any{"search": map[string]any{"text": "po-5"}})
		require.Equal(t, []string{"RMA-100605"}, numbers(c))
	})
}

func TestIntegrationRMAsConnection_ShowsTheOrganizationsRMAsAndNobodyElses(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newHistoryEnv(t, gdb)
		c := e.page(t, olivia, map[string]any{"first": 100})
		require.Len(t, c.Edges, 9, "her six and fred's three")
		for _, edge := range c.Edges {
			n := edge.Node
			if n.Mine {
				require.Contains(t, e.numbers[olivia.Subject], n.RmaNumber)
				require.Equal(t, "Olivia Member", n.OpenedBy)
			} else {
				require.Contains(t, e.numbers[fred.Subject], n.RmaNumber)
				require.Equal(t, "Fred Member", n.OpenedBy, "the organization sees who opened it")
			}
		}
		batches := map[string]string{}
		for _, edge := range c.Edges {
			if edge.Node.BatchID != nil {
				batches[edge.Node.RmaNumber] = *edge.Node.BatchID
			}
		}
		require.Equal(t, map[string]string{"RMA-100608": "BT-7K2M9Q4X"}, batches, "a member's batch RMA names its batch; the others null")
		require.Equal(t, []string{"RMA-100610", "RMA-100604"}, numbers(e.page(t, casey, nil)))
		require.Equal(t, []string{"RMA-100607"}, numbers(e.page(t, ann, nil)))

		n := e.page(t, ann, nil).Edges[0].Node
		require.Equal(t, "REPAIR", n.RmaType)
		require.Equal(t, "RT20000007", n.Serial)
		require.Equal(t, "RL14", n.Model)
		require.Equal(t, "Cracked or broken screen", n.Problem)
		require.Equal(t, "PO-7", n.CustomerReference)
		require.Equal(t, "TAG7", n.AssetTag)
		require.Equal(t, string(rma.StatusAwaitingUnit), n.Status)
		require.Equal(t, now.AddDate(0, -2, 7).Format(time.RFC3339), n.CreatedAt)
		require.Equal(t, n.CreatedAt, n.UpdatedAt)
		require.Len(t, n.UID, 26)
		require.True(t, n.Mine)
	})
}

func TestIntegrationRMAsConnection_CountsOnlyWhenAskedAndRefusesWhatItCannotServe(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newHistoryEnv(t, gdb)
		first := e.page(t, olivia, map[string]any{"first": 2})
		require.Zero(t, e.history.counts.Load())
		c, errs := e.do(t, &olivia, e.query(true), map[string]any{"first": 2})
		require.Empty(t, errs)
		require.Equal(t, 9, c.TotalCount)
		require.Equal(t, int32(1), e.history.counts.Load())

		cursor := *first.PageInfo.EndCursor
		tests := []struct {
			name     string
			vars     map[string]any
			contains string
		}{
			{"first and last", map[string]any{"first": 2, "last": 2}, "not both"},
			{"last with after", map[string]any{"last": 2, "after": cursor}, "not both"},
			{"over 100", map[string]any{"last": 101}, "between 1 and 100"},
			{"negative", map[string]any{"first": -1}, "between 1 and 100"},
			{"not a cursor", map[string]any{"after": "xyz"}, "The cursor is not one this list gave"},
			{"another order's cursor", map[string]any{"before": cursor, "sort": map[string]any{"field": "SERIAL", "desc": true}}, "The cursor is not one this list gave"},
		}
		for _, tt := range tests {
			c, errs := e.do(t, &olivia, e.query(true), tt.vars)
			require.Len(t, errs, 1, tt.name)
			require.Equal(t, "BAD_USER_INPUT", errs[0].Extensions.Code, tt.name)
			require.Contains(t, errs[0].Message, tt.contains, tt.name)
			require.Empty(t, c.Edges, tt.name)
		}

		_, errs = e.do(t, nil, e.query(true), nil)
		require.Len(t, errs, 1)
		require.Equal(t, "UNAUTHENTICATED", errs[0].Extensions.Code)
		_, errs = e.do(t, &auth.Principal{Subject: "usr_olivia", Org: "FleetCo"}, e.query(true), nil)
		require.Len(t, errs, 1)
		require.Equal(t, "FORBIDDEN", errs[0].Extensions.Code, "no client role")
		require.Equal(t, int32(1), e.history.counts.Load())
	})
}
