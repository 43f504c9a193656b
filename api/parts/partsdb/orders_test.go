package partsdb_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/parts/partstest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

func newOrder(t *testing.T, s *partsdb.Store, owner, org string, at time.Time, cents int64, key string, lines ...parts.OrderLine) parts.Order {
	t.Helper()
	id, err := s.NextBatchID(t.Context())
	require.NoError(t, err)
	o := parts.Order{
		ID: id, Kind: parts.KindParts, Owner: owner, Org: org, OrderedByName: owner, Status: parts.StatusPlaced,
		Contact:       rma.Contact{FirstName: "A", LastName: "B", Email: "a@example.com", Phone: "+12025550147", PhoneCountryCode: "US"},
		Address:       rma.Address{Line1: "1 Main St", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"},
		PaymentMethod: parts.MethodPO, CustomerPO: "PO-" + id, Total: money.USD(cents), QuoteID: "QT-" + id,
		Lines: lines, CreatedAt: at.UTC().Truncate(time.Microsecond), UpdatedAt: at.UTC().Truncate(time.Microsecond),
	}
	if o.Lines == nil {
		o.Lines = []parts.OrderLine{{PartNumber: "RL14-BAT-STD", Description: "Battery", Quantity: 1, UnitPrice: money.USD(cents), LineTotal: money.USD(cents), Serials: []string{}}}
	}
	require.NoError(t, s.CreateOrder(t.Context(), o, key))
	return o
}

func TestOrderStore(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := newStore(t, gdb)
		ctx := t.Context()
		require.NoError(t, partsdb.Seed(ctx, s))
		base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

		video := newOrder(t, s, "usr_casey", "", base, 17800, "k-1", parts.OrderLine{
			PartNumber: "VX12-BAT-STD", Description: "VX12 battery", Quantity: 2, UnitPrice: money.USD(8900), LineTotal: money.USD(17800),
			Model: "VX12", Serials: []string{"VT10000007", "VT10000008"}, SearchSerial: "VT10000007",
		})
		require.Equal(t, "PB-100001", video.ID, "ids are PB- and six digits, from 100001")
		got, err := s.Order(ctx, video.ID)
		require.NoError(t, err)
		require.Equal(t, video, got, "an order reads back as stored, lines and serials included")
		byKey, ok, err := s.OrderForKey(ctx, "usr_casey", "k-1")
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, video.ID, byKey.ID)
		_, ok, err = s.OrderForKey(ctx, "usr_olivia", "k-1")
		require.NoError(t, err)
		require.False(t, ok, "a key is the owner's")
		o := video
		o.ID = "PB-900000"
		require.ErrorIs(t, s.CreateOrder(ctx, o, "k-1"), parts.ErrDuplicateOrder)
		_, err = s.Order(ctx, "PB-999999")
		require.ErrorIs(t, err, parts.ErrOrderNotFound)

		require.NoError(t, s.SetOrderStatus(ctx, video.ID, parts.StatusPlaced, parts.StatusShipped, base.Add(time.Hour)))
		require.ErrorIs(t, s.SetOrderStatus(ctx, video.ID, parts.StatusPlaced, parts.StatusShipped, base), parts.ErrOrderChanged, "from a status it is no longer in")

		ps, err := s.Parts(ctx, []string{"RL14-BAT-STD", "NOPE-1"})
		require.NoError(t, err)
		require.Len(t, ps, 1)
		require.Equal(t, money.USD(12900), ps["RL14-BAT-STD"].Price)

		// Olivia's and diego's orders are FleetCo's; casey's are his alone.
		for i := range 5 {
			newOrder(t, s, "usr_olivia", "FleetCo Utilities", base.Add(time.Duration(i+1)*time.Hour), int64(1000*(i+1)), "")
		}
		newOrder(t, s, "usr_diego", "FleetCo Utilities", base.Add(10*time.Hour), 500, "")
		newOrder(t, s, "usr_casey", "", base.Add(11*time.Hour), 700, "")

		diego := visibility.Viewer{Subject: "usr_diego", Org: "FleetCo Utilities"}
		n, err := s.CountOrders(ctx, diego, parts.OrderSearch{})
		require.NoError(t, err)
		require.Equal(t, 6, n, "the organization's, never casey's")
		n, err = s.CountOrders(ctx, visibility.Viewer{Subject: "usr_casey"}, parts.OrderSearch{})
		require.NoError(t, err)
		require.Equal(t, 2, n)
		n, err = s.CountOrders(ctx, visibility.Viewer{Subject: "usr_casey"}, parts.OrderSearch{Text: "vt10000008"})
		require.NoError(t, err)
		require.Equal(t, 1, n, "text finds a line's serial")
		n, err = s.CountOrders(ctx, visibility.Viewer{Subject: "usr_casey"}, parts.OrderSearch{Statuses: []parts.OrderStatus{parts.StatusShipped}})
		require.NoError(t, err)
		require.Equal(t, 1, n)
		n, err = s.CountOrders(ctx, diego, parts.OrderSearch{Text: "%"})
		require.NoError(t, err)
		require.Zero(t, n, "text is literal")

		// Pages of 2 through the core, newest first, forward then back.
		orders := parts.NewOrderHistory(s)
		var ids []string
		var last string
		for {
			p, err := orders.Page(ctx, diego, parts.OrderSearch{}, parts.OrderSort{}, keyset.Request{First: 2, After: last})
			require.NoError(t, err)
			for _, o := range p.Items {
				ids = append(ids, o.ID)
			}
			if !p.HasNext {
				break
			}
			last = p.Cursors[len(p.Cursors)-1]
		}
		require.Equal(t, []string{"PB-100007", "PB-100006", "PB-100005", "PB-100004", "PB-100003", "PB-100002"}, ids)
		back, err := orders.Page(ctx, diego, parts.OrderSearch{}, parts.OrderSort{}, keyset.Request{Last: 2, Before: last})
		require.NoError(t, err)
		require.Equal(t, []string{"PB-100006", "PB-100005"}, []string{back.Items[0].ID, back.Items[1].ID}, "the two before PB-100004")
		require.True(t, back.HasNext)
		require.True(t, back.HasPrevious)
		byTotal, err := orders.Page(ctx, diego, parts.OrderSearch{}, parts.OrderSort{Field: parts.SortOrderTotal}, keyset.Request{First: 3})
		require.NoError(t, err)
		require.Equal(t, []int64{500, 1000, 2000}, []int64{byTotal.Items[0].Total.Cents, byTotal.Items[1].Total.Cents, byTotal.Items[2].Total.Cents})
		next, err := orders.Page(ctx, diego, parts.OrderSearch{}, parts.OrderSort{Field: parts.SortOrderTotal}, keyset.Request{First: 3, After: byTotal.Cursors[2]})
		require.NoError(t, err)
		require.Equal(t, int64(3000), next.Items[0].Total.Cents)
		_, err = orders.Page(ctx, diego, parts.OrderSearch{}, parts.OrderSort{}, keyset.Request{First: 2, After: byTotal.Cursors[0]})
		require.ErrorContains(t, err, "not one this list gave", "another order's cursor")
		_, err = orders.Page(ctx, diego, parts.OrderSearch{Statuses: []parts.OrderStatus{"LOST"}}, parts.OrderSort{}, keyset.Request{})
		require.ErrorIs(t, err, parts.ErrOrderSearch)
	})
}

func TestDemoOrders(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := newStore(t, gdb)
		ctx := t.Context()
		require.NoError(t, partsdb.Seed(ctx, s))
		now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
		customers := []partsdb.DemoOrderCustomer{
			{Subject: "usr_casey", Name: "Casey Morgan", FirstID: 90001},
			{Subject: "usr_olivia", Org: "FleetCo Utilities", Name: "Olivia Chen", POPrefix: "FC-PO-", FirstID: 90101},
			{Subject: "usr_diego", Org: "FleetCo Utilities", Name: "Diego Ruiz", FirstID: 90201},
		}
		require.NoError(t, partsdb.SeedDemoOrders(ctx, s, now, customers))
		require.NoError(t, partsdb.SeedDemoOrders(ctx, s, now.Add(time.Hour), customers), "seeding again changes nothing")
		n, err := s.CountOrders(ctx, visibility.Viewer{Subject: "usr_casey"}, parts.OrderSearch{})
		require.NoError(t, err)
		require.Equal(t, 4, n)
		n, err = s.CountOrders(ctx, visibility.Viewer{Subject: "usr_diego", Org: "FleetCo Utilities"}, parts.OrderSearch{})
		require.NoError(t, err)
		require.Equal(t, 6, n, "FleetCo's members see each other's")
		o, err := s.Order(ctx, "PB-090101")
		require.NoError(t, err)
		require.Equal(t, parts.MethodPO, o.PaymentMethod)
		var sum int64
		for _, l := range o.Lines {
			require.Equal(t, l.UnitPrice.Cents*int64(l.Quantity), l.LineTotal.Cents, "catalogue prices")
			sum += l.LineTotal.Cents
		}
		require.Equal(t, sum, o.Total.Cents)
		next, err := s.NextBatchID(ctx)
		require.NoError(t, err)
		require.Equal(t, "PB-100001", next, "demo ids stay below the counter")
	})
}

func TestIntegrationPlace_KeepsWhoOrderedWithinTheColumn(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := newStore(t, gdb)
		ctx := t.Context()
		require.NoError(t, partsdb.Seed(ctx, s))
		orders := parts.NewOrders(parts.OrdersDeps{
			Store: s, Payments: partstest.NewPayments(), Addresses: partstest.Addresses{}, Holdings: &partstest.Holdings{},
			Tx: db.NewTransactor(gdb), Log: testkit.Quiet(),
		})
		// A display name that fell back to a long e-mail, of characters wider than a byte.
		name := strings.Repeat("é", 60) + strings.Repeat("x", 60) + "@example.com"
		p, err := orders.Place(ctx, parts.Customer{Subject: "usr_long", Name: name, MayOrder: true}, parts.PlaceRequest{
			Kind: parts.KindParts, Lines: []parts.LineRequest{{PartNumber: "RL14-BAT-STD", Quantity: 1}}, Method: parts.MethodPayPal,
			Contact: rma.Contact{FirstName: "A", LastName: "B", Email: "a@example.com", Phone: "+12025550147", PhoneCountryCode: "US"},
			Address: rma.Address{Line1: "1 Main St", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"},
		})
		require.NoError(t, err, "a name longer than the column does not fail the order")
		got, err := s.Order(ctx, p.Order.ID)
		require.NoError(t, err)
		require.Equal(t, strings.Repeat("é", 60)+strings.Repeat("x", 40), got.OrderedByName, "its first 100 characters")
	})
}
