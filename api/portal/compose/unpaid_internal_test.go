package compose

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
)

// The sweeper on the real payments checkout: an abandoned RMA's quote is cancelled in the RMA's
// transaction, and an RMA whose quote is paid (a purchase order accepted, its processing never
// come) is released with its label instead; the receipt the label page shows is the quote's.
func TestIntegrationCancelAbandoned_OnTheRealCheckout(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := t.Context()
		require.NoError(t, rmadb.Migrate(ctx, gdb))
		require.NoError(t, paymentsdb.Migrate(ctx, gdb))
		require.NoError(t, mail.Migrate(ctx, gdb))
		store := rmadb.NewStore(gdb)
		require.NoError(t, store.UpsertUnits(ctx, rmadb.DemoUnits()))
		require.NoError(t, rmadb.SeedRepairOptions(ctx, store))
		clock := testkit.NewClock(time.Now().UTC())
		tx := db.NewTransactor(gdb)
		creator := &rma.Creator{
			Store: store, Tx: tx, Addresses: rmatest.Addresses{}, Uploads: rmatest.NewClaimer("usr_casey", "rma/a.jpg"),
			Shipping: &rmatest.Issuer{}, Mail: outboxMailer{gdb}, Units: rmatest.NoCache{}, Secrets: rmatest.Sealer{}, Log: testkit.Quiet(),
			DocumentURL: func(id string) string { return "/shipping/documents/" + id }, Now: clock.Now,
		}
		checkout := payments.NewCheckout(payments.CheckoutDeps{Store: paymentsdb.NewStore(gdb), Tx: tx, Mail: mail.NewOutbox(gdb), Log: testkit.Quiet(), Now: clock.Now})
		pay := repairPayments{checkout: checkout}
		svc := repair.NewService(repair.Deps{RMAs: creator, Payments: pay, Tx: tx, Log: testkit.Quiet(), Now: clock.Now})

		// open is what create/oow does before it sends the payer to PayPal: the RMA and its quote.
		open := func(serial, rmaType, primary, problem string, attachments ...string) rma.RMA {
			t.Helper()
			p, err := creator.PrepareOutOfWarranty(ctx, rma.CreateRequest{
				Owner: "usr_casey", Serial: serial, RMAType: rmaType,
				Problem: rma.Problem{
					PrimaryFault: primary, Problem: problem, InitialNotes: "Cracked.",
					Permissions: rma.Permissions{AcknowledgeHDDBackup: true}, Attachments: attachments,
				},
				Contact:   rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "5125550142", PhoneCountryCode: "US"},
				Address:   rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
				Packaging: rma.Packaging{HavePackaging: true},
			})
			require.NoError(t, err)
			var r rma.RMA
			require.NoError(t, tx.InTx(ctx, func(ctx context.Context) error {
				if r, err = creator.OpenAwaitingPayment(ctx, p, ""); err != nil {
					return err
				}
				_, err = pay.QuoteForRMA(ctx, repair.RMAQuote{Owner: r.Owner, Serial: r.Serial, RMANumber: r.Number, Amount: p.Price()})
				return err
			}))
			return r
		}
		left := open("RT10000002", rma.DefaultRMAType, "Display", "Cracked or broken screen", "rma/a.jpg")
		// An upgrade is paid whatever the warranty: RT10000001's is the second unpaid RMA.
		poPaid := open("RT10000001", rma.RMATypeUpgrade, "Storage", "1 TB NVMe SSD with data transfer")
		_, err := pay.AcceptPurchaseOrder(ctx, "usr_casey", poPaid.Number, "4711-1234")
		require.NoError(t, err)

		clock.Advance(repair.DefaultAbandonAfter + time.Minute)
		n, err := svc.CancelAbandoned(ctx, 0)
		require.NoError(t, err)
		require.Equal(t, 1, n)

		q, err := checkout.QuoteOfRMA(ctx, "usr_casey", left.Number)
		require.NoError(t, err)
		require.Equal(t, payments.StatusCancelled, q.Status, "the quote is cancelled with its RMA")
		cancelled, err := store.RMAByNumber(ctx, "usr_casey", left.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusCancelled, cancelled.Status)

		released, err := store.RMAByNumber(ctx, "usr_casey", poPaid.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, released.Status, "a paid quote releases its RMA")
		require.Equal(t, "label-1", released.LabelID)
		done, err := svc.ProcessOutOfWarranty(ctx, "usr_casey", poPaid.Number, rma.Serial(poPaid.Serial), "")
		require.NoError(t, err)
		require.Equal(t, &repair.Payment{Method: repair.MethodPO, Reference: "4711-1234", Amount: money.USD(329_00), PaidAt: done.Receipt.PaidAt}, done.Receipt)
		require.False(t, done.Receipt.PaidAt.IsZero())
	})
}
