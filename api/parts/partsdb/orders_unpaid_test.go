package partsdb_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/parts/partstest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// unpaidEnv is the orders and their sweeper on one store, one clock and the outbox.
type unpaidEnv struct {
	gdb      *gorm.DB
	store    *partsdb.Store
	orders   *parts.Orders
	sweeper  *parts.AbandonedOrders
	payments *partstest.Payments
	clock    *testkit.Clock
}

func newUnpaidEnv(t *testing.T, gdb *gorm.DB) unpaidEnv {
	t.Helper()
	_, err := db.Migrate(t.Context(), gdb, partsdb.Schema(), mail.Schema())
	require.NoError(t, err)
	store := partsdb.NewStore(gdb)
	require.NoError(t, partsdb.Seed(t.Context(), store))
	e := unpaidEnv{gdb: gdb, store: store, payments: partstest.NewPayments(), clock: testkit.NewClock(time.Now().UTC())}
	holdings := &partstest.Holdings{}
	tx := db.NewTransactor(gdb)
	e.orders = parts.NewOrders(parts.OrdersDeps{
		Store: store, Payments: e.payments, PurchaseOrders: partstest.NewFiles("usr_casey"), Addresses: partstest.Addresses{},
		VideoUnits: holdings, Holdings: holdings, Mail: mail.NewOutbox(gdb), Tx: tx, Log: testkit.Quiet(), Now: e.clock.Now,
		Settings: parts.OrderSettings{PublicURL: "http://portal.test"},
	})
	e.sweeper = &parts.AbandonedOrders{
		Store: store, Quotes: e.payments, Paid: e.orders, Mail: mail.NewOutbox(gdb), Tx: tx, Log: testkit.Quiet(), Now: e.clock.Now,
	}
	return e
}

var (
	casey  = parts.Customer{Subject: "usr_casey", Email: "casey@example.com", MayOrder: true, MayReadVideoSerials: true}
	olivia = parts.Customer{Subject: "usr_olivia", Org: "FleetCo Utilities", Email: "olivia@fleetco.example", MayOrder: true}
)

// placeByCard places c's card order of one battery: it awaits its payment.
func (e unpaidEnv) placeByCard(t *testing.T, c parts.Customer) parts.Placed {
	t.Helper()
	p, err := e.orders.Place(t.Context(), c, parts.PlaceRequest{
		Kind: parts.KindParts, Lines: []parts.LineRequest{{PartNumber: "RL14-BAT-STD", Quantity: 1}}, Method: parts.MethodPayPal,
		Contact: rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: c.Email, Phone: "+12025550147", PhoneCountryCode: "US"},
		Address: rma.Address{Line1: "1 Main St", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"},
	})
	require.NoError(t, err)
	require.Equal(t, parts.StatusAwaitingPayment, p.Order.Status)
	return p
}

// subjects are the e-mails queued to to, oldest first.
func (e unpaidEnv) subjects(t *testing.T, to string) []string {
	t.Helper()
	entries, err := mail.Recent(t.Context(), e.gdb, to, 50)
	require.NoError(t, err)
	out := make([]string, 0, len(entries))
	for i := len(entries) - 1; i >= 0; i-- {
		out = append(out, entries[i].Message.Subject)
	}
	return out
}

func TestIntegrationAbandonedOrders_CancelAnOrderLeftUnpaidWithItsQuote(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newUnpaidEnv(t, gdb)
		p := e.placeByCard(t, casey)

		e.clock.Advance(parts.DefaultAbandonAfter - time.Minute)
		n, err := e.sweeper.Cancel(t.Context(), 0)
		require.NoError(t, err)
		require.Zero(t, n, "not yet abandoned")

		e.clock.Advance(2 * time.Minute)
		n, err = e.sweeper.Cancel(t.Context(), 0)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		o, err := e.store.Order(t.Context(), p.Order.ID)
		require.NoError(t, err)
		require.Equal(t, parts.StatusCancelled, o.Status)
		q, _ := e.payments.Quote(p.Order.ID)
		require.Equal(t, "cancelled", q.Status, "its quote is cancelled with it")
		require.Equal(t, []string{"Your parts order " + p.Order.ID + " was cancelled: payment not completed"}, e.subjects(t, "casey@example.com"))

		n, err = e.sweeper.Cancel(t.Context(), 0)
		require.NoError(t, err)
		require.Zero(t, n, "nothing left")
	})
}

func TestIntegrationAbandonedOrders_RulesPerOrder(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		tests := []struct {
			name string
			// meanwhile happens once the abandon time has passed, before the sweep.
			meanwhile  func(t *testing.T, e unpaidEnv, id string)
			after      time.Duration
			wantStatus parts.OrderStatus
			wantMails  int
		}{
			{name: "an order whose payment was resumed is kept for another abandon time", wantStatus: parts.StatusAwaitingPayment,
				meanwhile: func(t *testing.T, e unpaidEnv, id string) {
					_, err := e.orders.ResumePayment(t.Context(), casey, id)
					require.NoError(t, err)
				}},
			{name: "an order whose quote was paid without its return is placed instead", wantStatus: parts.StatusPlaced, wantMails: 1,
				meanwhile: func(t *testing.T, e unpaidEnv, id string) {
					require.NoError(t, e.payments.AcceptPurchaseOrder(t.Context(), "usr_casey", id, "paid by a webhook"))
				}},
			{name: "a configured abandon time replaces the default", after: 48 * time.Hour, wantStatus: parts.StatusAwaitingPayment,
				meanwhile: func(*testing.T, unpaidEnv, string) {}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				e := newUnpaidEnv(t, gdb)
				require.NoError(t, gdb.Exec("DELETE FROM mail_outbox").Error)
				p := e.placeByCard(t, casey)
				e.clock.Advance(parts.DefaultAbandonAfter + time.Hour)
				tt.meanwhile(t, e, p.Order.ID)

				n, err := e.sweeper.Cancel(t.Context(), tt.after)
				require.NoError(t, err)
				require.Zero(t, n)
				o, err := e.store.Order(t.Context(), p.Order.ID)
				require.NoError(t, err)
				require.Equal(t, tt.wantStatus, o.Status)
				require.Len(t, e.subjects(t, "casey@example.com"), tt.wantMails, "no cancellation e-mail (a placed order's confirmation only)")
			})
		}
	})
}

// The production shape runs the sweeper in every parts process: one cancels each order.
func TestIntegrationAbandonedOrders_SweepersInSeveralProcessesCancelOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newUnpaidEnv(t, gdb)
		p := e.placeByCard(t, casey)
		e.clock.Advance(2 * parts.DefaultAbandonAfter)

		const processes = 4
		var wg sync.WaitGroup
		counts := make([]int, processes)
		errs := make([]error, processes)
		for i := range processes {
			wg.Go(func() { counts[i], errs[i] = e.sweeper.Cancel(context.Background(), 0) })
		}
		wg.Wait()
		total := 0
		for i := range processes {
			require.NoError(t, errs[i])
			total += counts[i]
		}
		require.Equal(t, 1, total)
		require.Equal(t, []string{"Your parts order " + p.Order.ID + " was cancelled: payment not completed"}, e.subjects(t, "casey@example.com"))
	})
}

func TestIntegrationAwaitingPaymentOrders_OnlyTheCallersOwnOfTheKind(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newUnpaidEnv(t, gdb)
		first := e.placeByCard(t, casey)
		e.clock.Advance(time.Minute)
		second := e.placeByCard(t, casey)
		e.placeByCard(t, olivia)
		tests := []struct {
			name string
			c    parts.Customer
			kind parts.OrderKind
			want []string
		}{
			{name: "the caller's own orders, newest first", c: casey, kind: parts.KindParts, want: []string{second.Order.ID, first.Order.ID}},
			{name: "none of another kind", c: casey, kind: parts.KindVideo, want: []string{}},
			{name: "never another customer's", c: parts.Customer{Subject: "usr_mallory"}, kind: parts.KindParts, want: []string{}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				got, err := e.orders.AwaitingPayment(t.Context(), tt.c, tt.kind)
				require.NoError(t, err)
				ids := []string{}
				for _, o := range got {
					ids = append(ids, o.ID)
				}
				require.Equal(t, tt.want, ids)
			})
		}
		_, err := e.orders.AwaitingPayment(t.Context(), casey, "gadgets")
		require.ErrorIs(t, err, parts.ErrUnknownKind)
	})
}

func TestIntegrationResumePayment_GivesTheOwnerTheSameOrderAgain(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newUnpaidEnv(t, gdb)
		p := e.placeByCard(t, casey)
		tests := []struct {
			name string
			c    parts.Customer
			id   string
			err  error
		}{
			{name: "the owner gets the same approve link", c: casey, id: " " + p.Order.ID},
			{name: "another customer's order is unknown", c: olivia, id: p.Order.ID, err: parts.ErrOrderNotFound},
			{name: "a malformed id is unknown", c: casey, id: "PB-1", err: parts.ErrOrderNotFound},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				got, err := e.orders.ResumePayment(t.Context(), tt.c, tt.id)
				if tt.err != nil {
					require.ErrorIs(t, err, tt.err)
					return
				}
				require.NoError(t, err)
				require.Equal(t, p.PaymentURL, got.PaymentURL)
			})
		}

		_, err := e.orders.Cancel(t.Context(), casey, p.Order.ID)
		require.NoError(t, err)
		_, err = e.orders.ResumePayment(t.Context(), casey, p.Order.ID)
		require.ErrorIs(t, err, parts.ErrOrderCancelled)
	})
}
