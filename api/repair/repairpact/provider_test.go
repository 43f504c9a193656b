//go:build pact

package repairpact

import (
	"context"
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
	"rugged.example/portal/api/pkg/money"
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
	// The decisions on revised quotes are the rma capability's own, on the same store; the
	// payments capability's service quotes they settle are held in memory (serviceQuotes).
	lifecycle := &rma.Lifecycle{Store: store, Tx: tx, Mail: &rmatest.Mailer{}, Units: rmatest.NoCache{}, Log: log, Now: time.Now}
	diagnoses := &rma.Diagnoses{Store: store, Lifecycle: lifecycle}
	oow := repair.NewService(repair.Deps{
		RMAs: creator, Payments: payments, Attachments: files, PurchaseOrders: files, QuoteKeys: store, Tx: tx, Log: log,
		Decisions: diagnoses, ServiceQuotes: serviceQuotes{},
		Settings: repair.Settings{PublicURL: "http://127.0.0.1:8080", POReleaseDomains: []string{"fleetco.example"}},
	})

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	guard := auth.NewGuard(signer.Verifier(), log)
	repairapi.Routes(r, guard, units, creator, log)
	repairapi.OutOfWarrantyRoutes(r, guard, oow, repairtest.Terms{}, log)
	repairapi.DecisionRoutes(r, guard, oow, repairtest.Terms{}, log)

	// mayPayByPO is set by the states whose customer holds the PO permission: the verifier
	// signs the next requests with it.
	mayPayByPO := false

	// outOfWarranty starts from the demo units with no RMA and casey's upload rma/photo.jpg,
	// nothing claimed, held or quoted.
	outOfWarranty := func() error {
		for _, table := range []string{"rma_diagnoses", "rma_lines", "rma_events", "rma_idempotency_keys", "rma_rmas"} {
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
	// awaitingDecisionOf opens owner's repair of the in-warranty RT10000001 as RMA number, which
	// the depot received and diagnosed with liquid damage: a revised quote of 240.00 (quote
	// QT-PACT-<number>) awaits the owner's decision.
	awaitingDecisionOf := func(owner string, number int64) error {
		if err := outOfWarranty(); err != nil {
			return err
		}
		claimer.Owned["rma/photo.jpg"] = owner
		if err := gdb.Exec("UPDATE rma_counters SET value = ? WHERE name = 'rma'", number-1).Error; err != nil {
			return err
		}
		req := oowRequest().Create
		req.Owner, req.Serial = owner, "RT10000001"
		created, err := creator.Create(t.Context(), req)
		if err != nil {
			return err
		}
		n := created.RMA.Number
		if want := fmt.Sprintf("RMA-%d", number); n != want {
			return fmt.Errorf("opened %s, want %s", n, want)
		}
		for _, to := range []rma.Status{rma.StatusReceived, rma.StatusDiagnosing, rma.StatusQuotePending} {
			if _, err := lifecycle.Advance(t.Context(), rma.Advance{Number: n, Status: to, Actor: "usr_tariq"}); err != nil {
				return err
			}
		}
		return store.AddDiagnosis(t.Context(), liquidDamage(n))
	}
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
		"RMA RMA-900006 of casey awaits her decision on a revised quote of 240.00 after liquid damage was found": setupOnly(func() error {
			return awaitingDecisionOf("casey", 900006)
		}),
		"RMA RMA-900007 of casey, who may pay by PO, awaits her decision on a revised quote and she uploaded the PO file po/pact-po.pdf": setupOnly(func() error {
			if err := awaitingDecisionOf("casey", 900007); err != nil {
				return err
			}
			files.Add("casey", "po/pact-po.pdf")
			mayPayByPO = true
			return nil
		}),
		"RMA RMA-900008 of casey was recycled on her decision": setupOnly(func() error {
			if err := awaitingDecisionOf("casey", 900008); err != nil {
				return err
			}
			_, err := oow.Decide(t.Context(), casey, repair.DecisionRequest{Number: "RMA-900008", Choice: rma.ChoiceRecycle})
			return err
		}),
		// The verifier signs every request as casey: olivia's RMA is another customer's.
		"RMA RMA-900009 of olivia awaits her decision on a revised quote": setupOnly(func() error {
			return awaitingDecisionOf("olivia", 900009)
		}),
	}
	// Every state starts signed in without the PO permission; the PO state grants it.
	for name, handler := range states {
		states[name] = func(setup bool, state models.ProviderState) (models.ProviderStateResponse, error) {
			if setup {
				mayPayByPO = false
			}
			return handler(setup, state)
		}
	}
	pacttest.Verify(t, "portal-repair-api", r, states, func() string {
		if mayPayByPO {
			return signer.Token(t, authtest.Claims{Subject: "casey", Email: "casey@example.com",
				Roles: []string{authtest.ClientID + ":customer", authtest.ClientID + ":" + string(auth.PermPaymentPO)}})
		}
		return signer.Customer(t, "casey")
	})
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

// liquidDamage is the diagnosis of RMA number: liquid damage removes the warranty's cover, so the
// main board is a revised quote of 240.00 nobody has decided on.
func liquidDamage(number string) rma.Diagnosis {
	at := time.Now().UTC().Add(-time.Hour)
	by := at.Add(rma.DecisionWindow)
	return rma.Diagnosis{
		RMANumber: number, At: at, Actor: "usr_tariq", Outcome: rma.OutcomeRevisedQuote, TechnicianNote: "The main board must be replaced.",
		Findings:  []rma.Finding{{Code: rma.FindingLiquidDamage, Description: "Corrosion on the main board.", Photos: []string{"rma/finding-1.jpg", "rma/finding-2.jpg"}}},
		LineItems: []rma.LineItem{{Kind: rma.LinePart, Code: "RL14-MB", Description: "Main board", Quantity: 1, UnitPrice: money.USD(240_00)}},
		Total:     money.USD(240_00), AlreadyPaid: money.USD(0), AmountDue: money.USD(240_00), ReturnFee: money.USD(45_00),
		QuoteID: "QT-PACT-" + number, DecideBy: &by,
	}
}

// serviceQuotes stand in for the payments capability's service quotes a decision settles: this
// verifies the repair contract, not the payments one (compose's decision tests run the real ones).
type serviceQuotes struct{}

func (serviceQuotes) CardLink(_ context.Context, id string) (string, error) {
	return "http://127.0.0.1:8080/pay-quote-by-authorize/" + id + "/REF-PACT", nil
}

func (serviceQuotes) AcceptPurchaseOrder(context.Context, string, string) error { return nil }

func (serviceQuotes) Cancel(context.Context, string) error { return nil }

func (serviceQuotes) IssueReturnFee(_ context.Context, rmaNumber string, _ money.Money) (string, string, error) {
	return "QT-FEE-" + rmaNumber, "http://127.0.0.1:8080/pay-quote-by-authorize/QT-FEE-" + rmaNumber + "/REF-PACT", nil
}

func (serviceQuotes) DecisionLink(rmaNumber string) string {
	return "http://127.0.0.1:8080/your-account/rma-history?rma=" + rmaNumber
}
