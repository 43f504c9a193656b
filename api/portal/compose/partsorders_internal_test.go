package compose

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

type recordedQuotes []payments.Quote

func (r *recordedQuotes) QuotePaid(_ context.Context, q payments.Quote) error {
	*r = append(*r, q)
	return nil
}

// The checkout's Fulfiller places the parts order a webhook paid (once, with its confirmation)
// and hands every other quote to the rma capability's.
func TestQuoteFulfiller_PlacesThePartsOrderAWebhookPaid(t *testing.T) {
	gdb := testkit.SQLite(t)
	_, err := db.Migrate(t.Context(), gdb, partsdb.Schema(), mail.Schema())
	require.NoError(t, err)
	store := partsdb.NewStore(gdb)
	outbox := mail.NewOutbox(gdb)
	orders := parts.NewOrders(parts.OrdersDeps{Store: store, Mail: outbox, Tx: db.NewTransactor(gdb), Log: testkit.Quiet()})
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	require.NoError(t, store.CreateOrder(t.Context(), parts.Order{
		ID: "PB-100001", Kind: parts.KindParts, Owner: "usr_adam", Status: parts.StatusAwaitingPayment,
		Contact: rma.Contact{FirstName: "Adam", Email: "adam@example.com"}, PaymentMethod: parts.MethodPayPal,
		Total: money.USD(8900), CreatedAt: at, UpdatedAt: at,
		Lines: []parts.OrderLine{{PartNumber: "VX12-BAT-STD", Quantity: 1, UnitPrice: money.USD(8900), LineTotal: money.USD(8900), Serials: []string{}}},
	}, ""))
	var rmas recordedQuotes
	f := quoteFulfiller{rmas: &rmas, orders: func() (*parts.Orders, error) { return orders, nil }}

	paid := payments.Quote{ID: "QT-P", Kind: payments.KindParts, Owner: "usr_adam", OrderID: "PB-100001", Amount: money.USD(8900)}
	require.NoError(t, f.QuotePaid(t.Context(), paid))
	require.NoError(t, f.QuotePaid(t.Context(), paid), "a second notice changes nothing")
	o, err := store.Order(t.Context(), "PB-100001")
	require.NoError(t, err)
	require.Equal(t, parts.StatusPlaced, o.Status)
	sent, err := outbox.Recent(t.Context(), "adam@example.com", 10)
	require.NoError(t, err)
	require.Len(t, sent, 1, "one confirmation")
	require.Equal(t, "Your parts order PB-100001", sent[0].Message.Subject)
	require.Empty(t, rmas)

	service := payments.Quote{ID: "QT-S", Kind: payments.KindService, RMANumber: "RMA-1"}
	require.NoError(t, f.QuotePaid(t.Context(), service))
	require.Equal(t, recordedQuotes{service}, rmas)
}
