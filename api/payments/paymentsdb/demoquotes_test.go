package paymentsdb_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
)

// demoQuotes is a small demo history's payments as of t0: casey (no organization, pays by
// PayPal or card) and olivia (FleetCo, pays by purchase order).
func demoQuotes() paymentsdb.DemoQuotes {
	at := func(d time.Duration) *time.Time { t := t0.Add(d); return &t }
	day := 24 * time.Hour
	contact := payments.QuoteContact{FirstName: "Casey", LastName: "Morgan", EmailAddress: "casey@example.com"}
	address := payments.QuoteAddress{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"}
	input := map[string]any{"primaryFault": "Display", "problem": "Cracked or broken screen"}
	rma := func(number, owner, org string) paymentsdb.DemoRMA {
		return paymentsdb.DemoRMA{
			Number: number, Owner: owner, Org: org, Serial: "RT1000" + number[6:], Contact: contact, Address: address,
			RMAInput: input, Packaging: payments.QuotePackaging{HavePackaging: true},
		}
	}
	pending := rma("RMA-100001", "usr_casey", "")
	pending.Service = &paymentsdb.DemoCharge{Amount: money.USD(189_00), At: t0.Add(-2 * day), Note: "Diagnosis confirmed."}
	stale := rma("RMA-100002", "usr_casey", "")
	stale.Service = &paymentsdb.DemoCharge{Amount: money.USD(95_00), At: t0.Add(-25 * day)}
	awaiting := rma("RMA-100003", "usr_olivia", "FleetCo")
	awaiting.Repair = &paymentsdb.DemoCharge{Amount: money.USD(260_10), At: t0.Add(-day)}
	repaired := rma("RMA-100004", "usr_olivia", "FleetCo")
	repaired.Repair = &paymentsdb.DemoCharge{Amount: money.USD(107_10), At: t0.Add(-90 * day), PaidAt: at(-90*day + time.Hour)}
	repaired.Service = &paymentsdb.DemoCharge{Amount: money.USD(199_00), At: t0.Add(-80 * day), PaidAt: at(-78 * day)}
	cancelled := rma("RMA-100005", "usr_casey", "")
	cancelled.Repair = &paymentsdb.DemoCharge{Amount: money.USD(289_00), At: t0.Add(-40 * day), CancelledAt: at(-38 * day)}
	paid := rma("RMA-100006", "usr_casey", "")
	paid.Service = &paymentsdb.DemoCharge{Amount: money.USD(149_00), At: t0.Add(-200 * day), PaidAt: at(-199 * day)}
	return paymentsdb.DemoQuotes{
		Now: t0, Staff: "usr_adam", PurchaseOrders: map[string]string{"usr_olivia": "FC-PO-"},
		History: []string{"RMA-100001", "RMA-100002", "RMA-100003", "RMA-100004", "RMA-100005", "RMA-100006", "RMA-100007"},
		Owners:  []string{"usr_casey", "usr_olivia"},
		RMAs:    []paymentsdb.DemoRMA{pending, stale, awaiting, repaired, cancelled, paid},
		Saved: []paymentsdb.DemoSavedQuote{{
			Owner: "usr_olivia", Org: "FleetCo", Serial: "RT10009999", Amount: money.USD(161_10), Contact: contact, Address: address,
			RMAInput: input, Packaging: payments.QuotePackaging{HavePackaging: true}, At: t0.Add(-3 * day),
		}},
	}
}

func quoteCount(t *testing.T, gdb *gorm.DB) int64 {
	t.Helper()
	var n int64
	require.NoError(t, gdb.Table("payments_quotes").Count(&n).Error)
	return n
}

func TestIntegrationSeedDemoQuotes_WritesWhatTheHistoryImpliesOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		ctx := t.Context()
		d := demoQuotes()
		written, err := paymentsdb.DemoQuotesWritten(ctx, gdb, d.History, d.Owners)
		require.NoError(t, err)
		require.False(t, written)
		require.NoError(t, paymentsdb.SeedDemoQuotes(ctx, gdb, d))
		require.EqualValues(t, 8, quoteCount(t, gdb))

		svc := quotes(gdb, s, nil, t0)
		casey := visibility.Viewer{Subject: "usr_casey"}
		page, err := svc.Connection(ctx, casey, payments.QuoteSearch{}, payments.QuoteSort{}, payments.Keyset{})
		require.NoError(t, err)
		require.Len(t, page.Items, 2, "the two open service quotes")
		for _, q := range page.Items {
			require.Equal(t, payments.KindService, q.Kind)
			require.Equal(t, "usr_adam", q.IssuedBy)
			require.Len(t, q.Reference, 26)
			require.NotEmpty(t, q.PayPath())
			require.Equal(t, q.Amount, q.Saved.Total)
			require.Equal(t, "casey@example.com", q.Saved.Shipping.Contact.EmailAddress)
			switch q.RMANumber {
			case "RMA-100001":
				require.Equal(t, t0.Add(-2*24*time.Hour).Add(payments.QuoteValidity), q.ExpiresAt)
				require.Equal(t, "Diagnosis confirmed.", q.Note)
			case "RMA-100002":
				require.Equal(t, t0.Add(14*24*time.Hour), q.ExpiresAt, "payable two weeks after the seed at least")
			default:
				t.Fatalf("unexpected quote %+v", q)
			}
		}

		olivia := visibility.Viewer{Subject: "usr_olivia", Org: "FleetCo"}
		page, err = svc.Connection(ctx, olivia, payments.QuoteSearch{}, payments.QuoteSort{}, payments.Keyset{})
		require.NoError(t, err)
		require.Len(t, page.Items, 1, "the saved quote; a repair quote is paid with its RMA, never listed")
		require.Equal(t, payments.KindSaved, page.Items[0].Kind)
		require.Equal(t, "FleetCo", page.Items[0].Org)
		require.Equal(t, "Cracked or broken screen", page.Items[0].Saved.ExternalResource.RMAInput["problem"])

		awaiting, err := s.QuoteOfRMA(ctx, "usr_olivia", "RMA-100003")
		require.NoError(t, err)
		require.Equal(t, payments.KindRepair, awaiting.Kind)
		require.Equal(t, payments.StatusOpen, awaiting.Status)
		require.Empty(t, awaiting.Method, "as create/oow leaves it until a PayPal order is started")
		require.Equal(t, &payments.QuotePackaging{HavePackaging: true}, awaiting.Saved.ExternalResource.Packaging)

		cancelled, err := s.QuoteOfRMA(ctx, "usr_casey", "RMA-100005")
		require.NoError(t, err)
		require.Equal(t, payments.StatusCancelled, cancelled.Status)
		require.Equal(t, t0.Add(-38*24*time.Hour), cancelled.UpdatedAt)

		repair, err := s.QuoteOfRMA(ctx, "usr_olivia", "RMA-100004")
		require.NoError(t, err)
		require.Equal(t, payments.StatusPaid, repair.Status)
		require.Equal(t, payments.MethodPO, repair.Method)
		require.True(t, strings.HasPrefix(repair.CustomerPO, "FC-PO-"), repair.CustomerPO)

		spend, err := svc.SpendByMonth(ctx, "usr_olivia", "FleetCo", t0.AddDate(-1, 0, 0))
		require.NoError(t, err)
		var total int64
		for _, m := range spend {
			total += m.Amount.Cents
		}
		require.EqualValues(t, 107_10+199_00, total)
		spend, err = svc.SpendByMonth(ctx, "usr_casey", "", t0.AddDate(-1, 0, 0))
		require.NoError(t, err)
		require.Equal(t, []payments.MonthAmount{{Month: t0.Add(-199 * 24 * time.Hour).Format("2006-01"), Amount: money.USD(149_00)}}, spend)
		paid, err := s.PaidQuotes(ctx, casey, t0.AddDate(-1, 0, 0))
		require.NoError(t, err)
		require.Len(t, paid, 1)
		require.Contains(t, []payments.PaymentMethod{payments.MethodPayPal, payments.MethodAuthNet}, paid[0].Method)
		require.NotEmpty(t, paid[0].ProviderRef)

		written, err = paymentsdb.DemoQuotesWritten(ctx, gdb, d.History, d.Owners)
		require.NoError(t, err)
		require.True(t, written)
		require.NoError(t, paymentsdb.SeedDemoQuotes(ctx, gdb, demoQuotes()))
		require.EqualValues(t, 8, quoteCount(t, gdb), "seeding again writes nothing")
	})
}

// A customer who saved a quote before the demo quotes were ever written went on from there:
// the seed leaves their database alone.
func TestIntegrationSeedDemoQuotes_LeavesCustomersWhoWentOnAlone(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		q := sampleQuote()
		q.Owner = "usr_olivia"
		require.NoError(t, s.CreateQuote(t.Context(), q))
		require.NoError(t, paymentsdb.SeedDemoQuotes(t.Context(), gdb, demoQuotes()))
		require.EqualValues(t, 1, quoteCount(t, gdb))
	})
}
