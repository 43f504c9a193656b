package compose

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotdb"
	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

var tariq = depot.Staff{Subject: "usr_tariq", Email: "tariq@rugged.example"}

// failingAudit is the depot's store whose audit write fails: the shipment must roll back.
type failingAudit struct{ *depotdb.Store }

func (failingAudit) AddAudit(context.Context, depot.AuditEntry) error {
	return errors.New("audit down")
}

// shipEnv is the depot's service shipping parts orders through the composition root's adapter,
// on one database with the parts' and the depot's tables and the outbox.
func shipEnv(t *testing.T, gdb *gorm.DB) (*depot.Service, *partsdb.Store) {
	t.Helper()
	_, err := db.Migrate(t.Context(), gdb, partsdb.Schema(), depotdb.Schema(), mail.Schema())
	require.NoError(t, err)
	orders := partsdb.NewStore(gdb)
	at := time.Date(2026, 3, 18, 9, 0, 0, 0, time.UTC)
	for _, o := range []struct {
		id     string
		status parts.OrderStatus
	}{{"PB-000101", parts.StatusPlaced}, {"PB-000102", parts.StatusPlaced}, {"PB-000103", parts.StatusAwaitingPayment}} {
		require.NoError(t, orders.CreateOrder(t.Context(), parts.Order{
			ID: o.id, Kind: parts.KindParts, Owner: "usr_casey", Status: o.status, PaymentMethod: parts.MethodPO,
			Contact: rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com"},
			Address: rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
			Total:   money.Money{Cents: 12900, Currency: "USD"}, CreatedAt: at, UpdatedAt: at,
			Lines: []parts.OrderLine{{PartNumber: "RL14-BAT-STD", Description: "RL14 standard battery", Quantity: 1,
				UnitPrice: money.Money{Cents: 12900, Currency: "USD"}, LineTotal: money.Money{Cents: 12900, Currency: "USD"}}},
		}, ""))
	}
	return &depot.Service{
		Store: depotdb.NewStore(gdb), PartsOrders: newDepotPartsOrders(gdb, testkit.Quiet()),
		Tx: db.NewTransactor(gdb), Log: testkit.Quiet(), Now: time.Now,
	}, orders
}

func shippedMails(t *testing.T, gdb *gorm.DB) int {
	t.Helper()
	entries, err := mail.Recent(t.Context(), gdb, "casey@example.com", 50)
	require.NoError(t, err)
	return len(entries)
}

// The depot ships a parts order: the order's move, the customer's e-mail and the depot's audit
// row in one transaction; a failing audit ships nothing; two staff at once ship it once.
func TestIntegrationDepotShipsPartsOrders_InOneTransaction(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := t.Context()
		svc, orders := shipEnv(t, gdb)

		got, err := svc.ShipPartsOrder(ctx, tariq, depot.PartsOrderShipment{Number: "PB-000101", Carrier: "UPS", TrackingNumber: "1Z999AA10123456784"})
		require.NoError(t, err)
		require.Equal(t, "SHIPPED", got.Status)
		require.Equal(t, "1Z999AA10123456784", got.TrackingNumber)
		o, err := orders.Order(ctx, "PB-000101")
		require.NoError(t, err)
		require.Equal(t, parts.StatusShipped, o.Status)
		require.Equal(t, "usr_tariq", o.Shipment.ShippedBy)
		audit, err := svc.Store.Audit(ctx, depot.AuditQuery{Limit: 10})
		require.NoError(t, err)
		require.Len(t, audit, 1)
		require.Equal(t, depot.ActionShipPartsOrder, audit[0].Action)
		require.Equal(t, "PB-000101", audit[0].OrderNumber)
		require.Empty(t, audit[0].RMANumber)
		require.Equal(t, 1, shippedMails(t, gdb))

		_, err = svc.ShipPartsOrder(ctx, tariq, depot.PartsOrderShipment{Number: "PB-000103", Carrier: "UPS", TrackingNumber: "1Z1"})
		require.ErrorIs(t, err, parts.ErrNotShippable, "an unpaid order does not ship")

		broken := *svc
		broken.Store = failingAudit{depotdb.NewStore(gdb)}
		_, err = broken.ShipPartsOrder(ctx, tariq, depot.PartsOrderShipment{Number: "PB-000102", Carrier: "UPS", TrackingNumber: "1Z2"})
		require.ErrorContains(t, err, "audit down")
		o, err = orders.Order(ctx, "PB-000102")
		require.NoError(t, err)
		require.Equal(t, parts.StatusPlaced, o.Status, "no audit, no shipment")
		require.Nil(t, o.Shipment)
		require.Equal(t, 1, shippedMails(t, gdb), "nor its e-mail")

		waiting, err := svc.PartsOrdersAwaiting(ctx, keyset.Request{})
		require.NoError(t, err)
		require.Len(t, waiting.Orders, 1, "the shipped and the unpaid orders do not wait")
		require.Equal(t, depot.AwaitingPartsOrder{Number: "PB-000102", Kind: "parts", Customer: "Casey Morgan", CreatedAt: time.Date(2026, 3, 18, 9, 0, 0, 0, time.UTC),
			Total: money.USD(12900), ShipTo: "Austin, TX, US", Lines: []depot.PartsOrderLine{{PartNumber: "RL14-BAT-STD", Description: "RL14 standard battery", Quantity: 1}}},
			waiting.Orders[0])

		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = svc.ShipPartsOrder(context.Background(), tariq, depot.PartsOrderShipment{Number: "PB-000102", Carrier: "FedEx", TrackingNumber: "7489"})
			}()
		}
		wg.Wait()
		require.NotEqual(t, errs[0] == nil, errs[1] == nil, "one shipment wins: %v", errs)
		for _, err := range errs {
			if err != nil {
				require.ErrorIs(t, err, parts.ErrShippedAlready)
			}
		}
		audit, err = svc.Store.Audit(ctx, depot.AuditQuery{Limit: 10})
		require.NoError(t, err)
		require.Len(t, audit, 2, "one audit row per shipment")
		require.Equal(t, 2, shippedMails(t, gdb))
	})
}
