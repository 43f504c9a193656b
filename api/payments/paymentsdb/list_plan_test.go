package paymentsdb

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
)

// sortNode is a Sort step of a PostgreSQL plan (not the Sort Key of a Merge Append).
var sortNode = regexp.MustCompile(`(?m)^\s*(->\s+)?(Incremental )?Sort\s+\(`)

// On PostgreSQL each branch of a listing is an ordered scan of its own index, cut at the page's
// size: no sequential scan, no sort of a branch's rows, at the first page and from a cursor, in
// every order and both directions.
func TestIntegrationListQuotes_EachBranchIsAnOrderedIndexScan(t *testing.T) {
	gdb := testkit.Postgres(t)
	require.NoError(t, Migrate(t.Context(), gdb))
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var rows []quoteRow
	statuses := []string{"open", "open", "paid", "cancelled"}
	for i := range 20_000 {
		owner, org := fmt.Sprintf("usr_%04d", i%400), ""
		if i%400 < 40 {
			org = "FleetCo"
		} else if i%400 < 200 {
			org = fmt.Sprintf("Org%03d", i%400/10)
		}
		at := base.Add(time.Duration(i) * time.Minute)
		rows = append(rows, quoteRow{
			ID: fmt.Sprintf("QT-%012d", i), Kind: "saved", Owner: owner, Org: org, Serial: "RT10000002", Reference: "r",
			AmountCents: int64(1000 + i%997), Currency: "USD", Status: statuses[i%len(statuses)], Saved: "{}",
			ExpiresAt: at.Add(payments.QuoteValidity), CreatedAt: at, UpdatedAt: at,
		})
	}
	require.NoError(t, gdb.CreateInBatches(rows, 1000).Error)
	require.NoError(t, gdb.Exec("ANALYZE payments_quotes").Error)

	search := payments.QuoteSearch{Kinds: []payments.QuoteKind{payments.KindSaved, payments.KindService}, Statuses: []payments.QuoteStatus{payments.StatusOpen}}
	index := map[payments.QuoteSortField]string{payments.SortCreatedAt: "created", payments.SortExpiresAt: "expires", payments.SortAmount: "amount"}
	for field, name := range index {
		for _, desc := range []bool{false, true} {
			for _, from := range []*payments.QuoteKey{nil, {At: base.Add(time.Hour), Cents: 1500, ID: "QT-000000000500"}} {
				q := payments.QuoteQuery{
					Viewer: visibility.Viewer{Subject: "usr_0007", Org: "FleetCo"}, Search: search,
					Sort: payments.QuoteSort{Field: field, Desc: desc}, Now: base, From: from, Backward: desc, Limit: 26,
				}
				sql, args, err := listSQL(q)
				require.NoError(t, err)
				var plan []string
				require.NoError(t, gdb.Raw("EXPLAIN "+sql, args...).Scan(&plan).Error)
				text := strings.Join(plan, "\n")
				require.Contains(t, text, "payments_quotes_owner_"+name, text)
				require.Contains(t, text, "payments_quotes_org_"+name, text)
				require.NotContains(t, text, "Seq Scan", text)
				require.NotRegexp(t, sortNode, text, "the two cut branches are merged in order (Merge Append), nothing is sorted")
			}
		}
	}
}
