//go:build pact

package repairpact

import (
	"fmt"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/repair/repairtest"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
	"rugged.example/portal/api/shipping/shippingapi"
)

// TestProvider_HonoursTheBrowsersPacts serves the real router, backed by the real store on
// SQLite, and replays every interaction the consumer recorded.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	log := testkit.Quiet()
	gdb := testkit.SQLite(t)
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	store := rmadb.NewStore(gdb)
	signer := authtest.NewSigner(t)

	require.NoError(t, rmadb.SeedRepairOptions(t.Context(), store))
	units := rma.NewService(store, cache.NewMemory(100), log, nil)
	// The repair API's own parts are real; the capabilities it calls are the rma module's fakes,
	// since this verifies the repair contract, not theirs.
	claimer := rmatest.NewClaimer("casey")
	creator := &rma.Creator{
		Store: store, Tx: db.NewTransactor(gdb), Addresses: rmatest.Addresses{}, Uploads: claimer,
		Shipping: &rmatest.Issuer{}, Mail: &rmatest.Mailer{}, Units: units, Secrets: rmatest.Sealer{},
		Log: log, DocumentURL: shippingapi.DocumentPath, Now: time.Now,
	}

	payments := repairtest.NewPayments()
	files := repairtest.NewFiles("casey")
	tx := db.NewTransactor(gdb)
	oow := repair.NewService(repair.Deps{
		RMAs: creator, Payments: payments, Attachments: files, PurchaseOrders: files, QuoteKeys: store, Tx: tx, Log: log,
		Settings: repair.Settings{PublicURL: "http://127.0.0.1:8080", POReleaseDomains: []string{"fleetco.example"}},
	})

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	guard := auth.NewGuard(signer.Verifier(), log)
	repairapi.Routes(r, guard, units, creator, log)
	repairapi.OutOfWarrantyRoutes(r, guard, oow, repairtest.Terms{}, log)

	// outOfWarranty starts from the demo units with no RMA and casey's upload rma/photo.jpg,
	// nothing claimed, held or quoted.
	outOfWarranty := func() error {
		for _, table := range []string{"rma_lines", "rma_events", "rma_idempotency_keys", "rma_rmas"} {
			if err := gdb.Exec("DELETE FROM " + table).Error; err != nil {
				return err
			}
		}
		claimer.Owned["rma/photo.jpg"] = "casey"
		clear(claimer.Claimed)
		files.Add("casey", "rma/photo.jpg")
		clear(files.Held)
		payments.Reset()
		return store.UpsertUnits(t.Context(), rmadb.DemoUnits())
	}
	// awaitingPaymentOf opens owner's card-paid RMA number for RT10000002, as create/oow does,
	// with rma/photo.jpg uploaded by owner.
	awaitingPaymentOf := func(owner repair.Customer, number int64) error {
		if err := outOfWarranty(); err != nil {
			return err
		}
		claimer.Owned["rma/photo.jpg"] = owner.Subject
		files.Add(owner.Subject, "rma/photo.jpg")
		if err := gdb.Exec("UPDATE rma_counters SET value = ? WHERE name = 'rma'", number-1).Error; err != nil {
			return err
		}
		res, err := oow.CreateOutOfWarranty(t.Context(), owner, oowRequest())
		if err != nil {
			return err
		}
		if want := fmt.Sprintf("RMA-%d", number); res.RMANumber != want {
			return fmt.Errorf("opened %s, want %s", res.RMANumber, want)
		}
		return nil
	}
	casey := repair.Customer{Subject: "casey", Email: "casey@example.com"}
	awaitingPayment := func(number int64) error { return awaitingPaymentOf(casey, number) }
	setupOnly := func(fn func() error) models.StateHandler {
		return func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if setup {
				return nil, fn()
			}
			return nil, nil
		}
	}

	// State strings are the consumer's, word for word.
	states := models.StateHandlers{
		"unit RT10000001 is in warranty": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if setup {
				return nil, store.UpsertUnits(t.Context(), rmadb.DemoUnits()[:1])
			}
			return nil, nil
		},
		"unit RT10000001 is in warranty and the customer uploaded rma/photo.jpg": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if setup {
				claimer.Owned["rma/photo.jpg"] = "casey"
				clear(claimer.Claimed)
				return nil, store.UpsertUnits(t.Context(), rmadb.DemoUnits()[:1])
			}
			return nil, nil
		},
		"no unit has serial ZZ99999999": func(bool, models.ProviderState) (models.ProviderStateResponse, error) {
			return nil, nil
		},
		"unit RT10000002 is out of warranty": setupOnly(outOfWarranty),
		// The same start: every demo unit free (RT10000001 in warranty, the EX80 RT10000005).
		"casey's unit RT10000001 is in warranty, with no RMA": setupOnly(outOfWarranty),
		"RMA RMA-900001 of casey awaits a PayPal payment the payer approved": setupOnly(func() error {
			if err := awaitingPayment(900001); err != nil {
				return err
			}
			payments.Approve("casey", "RMA-900001")
			return nil
		}),
		"RMA RMA-900002 of casey awaits payment": setupOnly(func() error { return awaitingPayment(900002) }),
		// The verifier signs every request as casey: olivia's RMA is another customer's.
		"RMA RMA-900003 of olivia awaits payment on unit RT10000002": setupOnly(func() error {
			return awaitingPaymentOf(repair.Customer{Subject: "olivia", Email: "olivia@fleetco.example"}, 900003)
		}),
		"RMA RMA-900004 of casey was cancelled while it awaited payment": setupOnly(func() error {
			if err := awaitingPayment(900004); err != nil {
				return err
			}
			_, err := oow.Cancel(t.Context(), "casey", "RMA-900004")
			return err
		}),
		// The provider's webhook paid it while casey was away: it still awaits its processing.
		"RMA RMA-900005 of casey awaits payment and its quote is paid": setupOnly(func() error {
			if err := awaitingPayment(900005); err != nil {
				return err
			}
			payments.MarkPaid("casey", "RMA-900005")
			return nil
		}),
	}
	pacttest.Verify(t, "portal-repair-api", r, states, func() string { return signer.Customer(t, "casey") })
}

// oowRequest is casey's request for RT10000002 as the browser sends it, to be paid by card.
func oowRequest() repair.Request {
	return repair.Request{
		Create: rma.CreateRequest{
			Serial: "RT10000002",
			Problem: rma.Problem{
				PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Screen cracked after a drop.",
				Permissions: rma.Permissions{AcknowledgeHDDBackup: true}, Attachments: []string{"rma/photo.jpg"},
			},
			Contact:   rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "5125550142", PhoneCountryCode: "US"},
			Address:   rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
			Packaging: rma.Packaging{HavePackaging: true},
		},
		Payment: repair.PaymentData{Method: repair.MethodPayPal},
	}
}
