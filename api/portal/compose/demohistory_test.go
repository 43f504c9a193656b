package compose_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/portal/compose"
)

// `portal seed` gives the embedded provider's demo customers their history once: casey's
// thirty RMAs (RT10000006's among them) and FleetCo Utilities' two hundred, stamped with the
// organization.
func TestIntegrationSeed_WritesTheDemoHistoryOnce(t *testing.T) {
	cfg := postgresConfig(t)
	migrateAndSeed(t, cfg)
	gdb := openDatabase(t, cfg)
	perOwner := func() map[string]int64 { return rowsPerOwnerAndOrg(t, gdb, "rma_rmas") }
	want := map[string]int64{
		identity.DemoCaseyID + "|": 30, identity.DemoOliviaID + "|FleetCo Utilities": 110, identity.DemoDiegoID + "|FleetCo Utilities": 90,
	}
	require.Equal(t, want, perOwner())
	var existing struct{ Owner, Serial string }
	require.NoError(t, gdb.Table("rma_rmas").Where("number = ?", "RMA-100417").Take(&existing).Error)
	require.Equal(t, identity.DemoCaseyID, existing.Owner)
	require.Equal(t, "RT10000006", existing.Serial)

	events := eventCount(t, gdb)
	require.NoError(t, compose.Seed(t.Context(), cfg, gdb, testkit.Quiet()))
	require.Equal(t, want, perOwner())
	require.Equal(t, events, eventCount(t, gdb))
}

func eventCount(t *testing.T, gdb *gorm.DB) int64 {
	t.Helper()
	var n int64
	require.NoError(t, gdb.Table("rma_events").Count(&n).Error)
	return n
}

// The demo history's payments are there to try: every QUOTE_PENDING RMA has its open service
// quote (listed, with its pay link, for its owner and their organization), every
// AWAITING_PAYMENT RMA its open repair quote (which cancelling the RMA cancels), the repairs
// paid for have paid quotes (the dashboard's spend), and the customers have open saved
// quotes. Seeding again writes nothing.
func TestIntegrationSeed_WritesTheDemoHistorysQuotesOnce(t *testing.T) {
	for name, config := range map[string]func(*testing.T) compose.Config{"sqlite": embeddedConfig, "postgres": postgresConfig} {
		t.Run(name, func(t *testing.T) {
			cfg := config(t)
			migrateAndSeed(t, cfg)
			gdb := openDatabase(t, cfg)
			ctx := t.Context()
			store := paymentsdb.NewStore(gdb)
			now := time.Now()
			quotes := payments.NewQuotes(payments.QuotesDeps{Store: store, Tx: db.NewTransactor(gdb), Log: testkit.Quiet()})

			demo := func(status string) []struct{ Number, Owner string } {
				var rows []struct{ Number, Owner string }
				require.NoError(t, gdb.Table("rma_rmas").Select("number, owner").
					Where("status = ? AND rma_type <> ? AND number < ?", status, "RECYCLE", "RMA-100500").Order("number").Find(&rows).Error)
				require.NotEmpty(t, rows, status)
				return rows
			}
			open := func(v visibility.Viewer, kind payments.QuoteKind) []payments.Quote {
				page, err := quotes.Connection(ctx, v, payments.QuoteSearch{Kinds: []payments.QuoteKind{kind}}, payments.QuoteSort{}, payments.Keyset{First: 100})
				require.NoError(t, err)
				return page.Items
			}
			casey := visibility.Viewer{Subject: identity.DemoCaseyID}
			olivia := visibility.Viewer{Subject: identity.DemoOliviaID, Org: "FleetCo Utilities"}
			diego := visibility.Viewer{Subject: identity.DemoDiegoID, Org: "FleetCo Utilities"}

			service := map[string]payments.Quote{}
			for _, v := range []visibility.Viewer{casey, olivia} {
				for _, q := range open(v, payments.KindService) {
					require.Equal(t, identity.DemoAdamID, q.IssuedBy)
					require.NotEmpty(t, q.PayPath())
					require.True(t, q.ExpiresAt.After(now.Add(13*24*time.Hour)), "payable in the demo")
					service[q.RMANumber] = q
				}
			}
			for _, r := range demo("QUOTE_PENDING") {
				q, ok := service[r.Number]
				require.True(t, ok, "%s has its open service quote", r.Number)
				require.Equal(t, r.Owner, q.Owner)
				require.Positive(t, q.Amount.Cents)
			}
			require.Contains(t, service, "RMA-100311", "casey's QUOTE_PENDING RMA the README names")

			checkout := payments.NewCheckout(payments.CheckoutDeps{Store: store, Tx: db.NewTransactor(gdb), Log: testkit.Quiet()})
			awaiting := demo("AWAITING_PAYMENT")
			for _, r := range awaiting {
				q, err := checkout.QuoteOfRMA(ctx, r.Owner, r.Number)
				require.NoError(t, err, r.Number)
				require.Equal(t, payments.KindRepair, q.Kind)
				require.Equal(t, payments.StatusOpen, q.StatusAt(now))
				require.Equal(t, q.Amount, q.Saved.Total)
				require.NotEmpty(t, q.Saved.ExternalResource.RMAInput["primaryFault"])
			}
			require.NoError(t, checkout.CancelForRMA(ctx, awaiting[0].Owner, awaiting[0].Number))
			cancelled, err := checkout.QuoteOfRMA(ctx, awaiting[0].Owner, awaiting[0].Number)
			require.NoError(t, err)
			require.Equal(t, payments.StatusCancelled, cancelled.Status)

			// As many as they have units that fit, up to three for casey, four for olivia and
			// three for diego; units only leave their warranty as time goes on.
			require.GreaterOrEqual(t, len(open(casey, payments.KindSaved)), 2)
			require.LessOrEqual(t, len(open(casey, payments.KindSaved)), 3)
			fleet := open(olivia, payments.KindSaved)
			mine := 0
			for _, q := range fleet {
				if q.Mine(olivia) {
					mine++
				}
				require.Equal(t, "FleetCo Utilities", q.Org)
				require.NotEmpty(t, q.Saved.ExternalResource.RMAInput["problem"])
				require.True(t, q.ExpiresAt.After(now))
			}
			require.GreaterOrEqual(t, mine, 3)
			require.LessOrEqual(t, mine, 4)
			require.GreaterOrEqual(t, len(fleet)-mine, 2, "diego's, as the organization's")
			require.Len(t, open(diego, payments.KindSaved), len(fleet))

			since := now.AddDate(-2, 0, -7)
			for _, v := range []visibility.Viewer{casey, olivia} {
				spend, err := quotes.SpendByMonth(ctx, v.Subject, v.Org, since)
				require.NoError(t, err)
				require.GreaterOrEqual(t, len(spend), 3, "%s has spent in several months", v.Subject)
			}
			var po int64
			require.NoError(t, gdb.Table("payments_quotes").Where("owner = ? AND method = ? AND customer_po <> ''", identity.DemoOliviaID, "PO").Count(&po).Error)
			require.Positive(t, po, "olivia pays by purchase order")

			var before int64
			require.NoError(t, gdb.Table("payments_quotes").Count(&before).Error)
			require.NoError(t, compose.Seed(ctx, cfg, gdb, testkit.Quiet()))
			var after int64
			require.NoError(t, gdb.Table("payments_quotes").Count(&after).Error)
			require.Equal(t, before, after)
		})
	}
}

// rowsPerOwnerAndOrg counts table's rows by "owner|org": what the demo seed wrote for whom.
func rowsPerOwnerAndOrg(t *testing.T, gdb *gorm.DB, table string) map[string]int64 {
	t.Helper()
	var rows []struct {
		Owner, Org string
		N          int64
	}
	require.NoError(t, gdb.Table(table).Select("owner, org, COUNT(*) AS n").Group("owner, org").Find(&rows).Error)
	out := map[string]int64{}
	for _, r := range rows {
		out[r.Owner+"|"+r.Org] = r.N
	}
	return out
}
