//go:build pact

package batchpact

import (
	"bytes"
	"context"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/batch/batchapi"
	"rugged.example/portal/api/batch/batchdb"
	"rugged.example/portal/api/batch/batchtest"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// The provider states of the browser's pact, word for word
// (packages/api-client/src/batch/client.pact.test.ts and parse.pact.test.ts).
const (
	stateOliviaUnits     = "olivia of FleetCo Utilities is signed in; RT10001003 is an RT10 in warranty, RT10001004 an RT10 out of warranty whose Display / Cracked repair is 289.00, and her discount is 10 %"
	stateOliviaCompleted = "olivia is signed in and has the completed batch BT-7K2M9Q4X: RT10001003 created as RMA-900101 in box 1 of 1, RT10009999 failed (Serial Not Found)"
	stateOliviaSaved     = "olivia is signed in and has the saved batch BT-SAVED234 awaiting payment: RT10001004 and RT10001005, out of warranty at 260.10 each, on an open quote"
	stateOliviaPaid      = "olivia is signed in and has the batch BT-PAYD2345 whose quote is paid by PO 4500012345"
	stateDiegoSaved      = "diego of FleetCo Utilities is signed in and his colleague olivia has the saved batch BT-SAVED234"
	stateCaseyCompleted  = "casey, of no organization, is signed in and olivia has the completed batch BT-7K2M9Q4X"
	stateOliviaKeyUsed   = "olivia is signed in and has already submitted another batch under the key batch-key-reused"
	stateOliviaChanged   = "olivia is signed in and has the saved batch BT-CHANGED2 awaiting payment: RT10001004 and RT10009999 (no longer in the registry), out of warranty at 260.10 each, on an open quote"

	olivia, diego, casey = "usr_olivia", "usr_diego", "usr_casey"
	org                  = "FleetCo Utilities"
	// approvedToken is the PayPal token the stand-in captures; any other is not approved.
	approvedToken = "EC-APPROVED"
	paypalLink    = "https://www.sandbox.paypal.com/checkoutnow?token=EC-PACT"
)

// now is the day the pact's batches are submitted; their quotes are open 30 days from it.
var now = time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)

// rmas stands in for the rma capability: the created RMAs await their units.
type rmas struct{}

func (rmas) CreateInBatch(context.Context, rma.CreateRequest, rma.BatchMember) (string, func(context.Context), error) {
	panic("batchpact: the worker does not run in the verification")
}

func (rmas) StatusesByNumbers(_ context.Context, numbers []string) (map[string]string, error) {
	out := make(map[string]string, len(numbers))
	for _, n := range numbers {
		out[n] = string(rma.StatusAwaitingUnit)
	}
	return out, nil
}

func (rmas) AssignBatchBoxes(context.Context, []batch.BoxAssignment) error { return nil }

// documents stands in for the shipping capability: the owner's stored PDF.
type documents struct{}

func (documents) IssueBoxDocuments(context.Context, batch.BoxesRequest) (batch.BoxDocuments, error) {
	panic("batchpact: the worker does not run in the verification")
}

func (documents) DiscardBoxDocuments(context.Context, batch.BoxDocuments) error { return nil }

func (documents) OpenDocument(_ context.Context, owner, id string) (batch.OpenedDocument, error) {
	pdf := []byte("%PDF-1.4\n% labels and packing lists of " + id + "\n%%EOF\n")
	return batch.OpenedDocument{Size: int64(len(pdf)), Body: io.NopCloser(bytes.NewReader(pdf))}, nil
}

// checkout stands in for the payments capability: quotes numbered in order, open 30 days; a
// PO accepted; PayPal's approve link; only the approved token captured. It reads the batch's
// quote from the batch store, as payments answers the batch's latest quote.
type checkout struct {
	store *batchdb.Store
	mu    sync.Mutex
	n     int
	// issued is each batch's latest quote issued here (the store's holds the states' own).
	issued map[string]batch.QuoteRef
}

func (c *checkout) QuoteForBatch(_ context.Context, q batch.BatchQuote) (batch.QuoteRef, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	ref := batch.QuoteRef{ID: "QT-PACT" + string(rune('0'+c.n%10)), ExpiresAt: now.AddDate(0, 0, 30), Status: batch.QuoteOpen}
	if c.issued == nil {
		c.issued = map[string]batch.QuoteRef{}
	}
	c.issued[q.BatchID] = ref
	return ref, nil
}

func (c *checkout) CancelForBatch(context.Context, string, string) error { return nil }
func (c *checkout) ExpireForBatch(context.Context, string, string) error { return nil }
func (c *checkout) AcceptPurchaseOrder(ctx context.Context, _, batchID, _ string) (batch.QuoteRef, error) {
	return c.QuoteOfBatch(ctx, "", batchID)
}

func (c *checkout) StartPayPal(ctx context.Context, _, batchID, _, _ string) (string, batch.QuoteRef, error) {
	q, err := c.QuoteOfBatch(ctx, "", batchID)
	return paypalLink, q, err
}

// QuoteOfBatch answers the batch's latest quote: one issued here, else the one the state stored.
func (c *checkout) QuoteOfBatch(ctx context.Context, _, batchID string) (batch.QuoteRef, error) {
	c.mu.Lock()
	ref, ok := c.issued[batchID]
	c.mu.Unlock()
	if ok {
		return ref, nil
	}
	b, err := c.store.BatchHeader(ctx, batchID)
	if err != nil {
		return batch.QuoteRef{}, err
	}
	if b.Payment == nil {
		return batch.QuoteRef{}, payments.ErrQuoteNotFound
	}
	return batch.QuoteRef{ID: b.Payment.QuoteID, ExpiresAt: b.Payment.ExpiresAt, Status: b.Payment.Status}, nil
}

func (c *checkout) SettleBatch(ctx context.Context, _, batchID, token string) (batch.QuoteRef, error) {
	if token != approvedToken {
		return batch.QuoteRef{}, payments.ErrNotApproved
	}
	return c.QuoteOfBatch(ctx, "", batchID)
}

// purchaseOrders accepts any PO file (uploads' claim has its own tests).
type purchaseOrders struct{}

func (purchaseOrders) ClaimPurchaseOrder(context.Context, string, string, string) error { return nil }

// addresses accepts any address (the geo rules have their own tests and pact).
type addresses struct{}

func (addresses) ValidateAddress(rma.Address) error { return nil }

var (
	contact = rma.Contact{FirstName: "Olivia", LastName: "Reyes", Email: "olivia@fleetco.example", Phone: "5125550142",
		PhoneCountryCode: "US", Company: org, Position: "Fleet manager"}
	address = rma.Address{Line1: "100 Grid Way", City: "Denver", State: "CO", Country: "US", PostalCode: "80202"}
)

func price(cents int64) *money.Money { p := money.USD(cents); return &p }

func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	gdb := testkit.SQLite(t)
	ctx := t.Context()
	_, err := db.Migrate(ctx, gdb, batchdb.Schema())
	require.NoError(t, err)
	store := batchdb.NewStore(gdb)
	end := func(s string) *time.Time { d, _ := time.Parse(time.DateOnly, s); return &d }
	units := &batchtest.Units{Units: []rma.Unit{
		{Serial: "RT10001003", Model: "RT10", ModelFamily: "Rugged", PartNumber: "RT10-G1", ProductType: "TABLET", WarrantyEnd: end("2028-06-30")},
		{Serial: "RT10001004", Model: "RT10", ModelFamily: "Rugged", PartNumber: "RT10-G1", ProductType: "TABLET", WarrantyEnd: end("2025-06-30")},
		{Serial: "RT10001005", Model: "RT10", ModelFamily: "Rugged", PartNumber: "RT10-G1", ProductType: "TABLET", WarrantyEnd: end("2025-06-30")},
	}}
	options := &batchtest.Options{ByModel: map[string][]rma.FaultOptions{
		"RT10": {{Name: "Display", Options: []rma.Option{{Name: "Cracked", Price: money.USD(289_00)}}}},
	}}
	pay := &checkout{store: store}
	svc := batch.NewService(batch.Deps{
		Units: units, Options: options, Branches: &batchtest.Branches{}, Discounts: &batchtest.Discounts{Percent: 10},
		Now:   func() time.Time { return now },
		Store: store, Tx: db.NewTransactor(gdb), RMAs: rmas{}, Documents: documents{}, Payments: pay,
		PurchaseOrders: purchaseOrders{}, Addresses: addresses{}, Log: testkit.Quiet(),
		Settings: batch.Settings{PublicURL: "http://portal.test"},
	})

	signer := authtest.NewSigner(t)
	customer := authtest.ClientID + ":customer"
	tokens := map[string]string{
		olivia: signer.Token(t, authtest.Claims{Subject: olivia, Email: "olivia@fleetco.example",
			Roles: []string{customer, authtest.ClientID + ":" + string(auth.PermPaymentPO)},
			Extra: map[string]any{"given_name": "Olivia", "family_name": "Reyes", "org": map[string]any{"name": org}}}),
		diego: signer.Token(t, authtest.Claims{Subject: diego, Email: "diego@fleetco.example", Roles: []string{customer},
			Extra: map[string]any{"given_name": "Diego", "family_name": "Park", "org": map[string]any{"name": org}}}),
		casey: signer.Token(t, authtest.Claims{Subject: casey, Email: "casey@example.com", Roles: []string{customer}}),
	}
	var mu sync.Mutex
	caller := olivia
	as := func(user string) { mu.Lock(); caller = user; mu.Unlock() }

	reset := func() {
		for _, table := range []string{"batch_rows", "batch_batches"} {
			require.NoError(t, gdb.Exec("DELETE FROM "+table).Error)
		}
		pay.mu.Lock()
		pay.issued = nil
		pay.mu.Unlock()
		as(olivia)
	}
	createUnder := func(b batch.Batch, key string) {
		b.Owner, b.Org, b.CreatedBy, b.CreatedAt = olivia, org, "Olivia Reyes", now
		b.Contact, b.Address, b.AcknowledgeHDDBackup = contact, address, true
		require.NoError(t, store.CreateBatch(ctx, b, key))
	}
	create := func(b batch.Batch) { createUnder(b, "pact-"+b.ID) }
	row := func(index int, serial string, status batch.RowStatus) batch.BatchRow {
		return batch.BatchRow{Index: index, Row: batch.Row{Serial: serial, Fault: "Display", Problem: "Cracked", Notes: "Screen cracked in the field"},
			Model: "RT10", Entitlement: batch.OutOfWarranty, Price: price(260_10), Status: status}
	}
	completed := func() {
		finished := now.Add(time.Minute)
		created := batch.BatchRow{Index: 0, Row: batch.Row{Serial: "RT10001003", Fault: "Display", Problem: "Cracked", Notes: "Screen cracked in the field"},
			Model: "RT10", Entitlement: batch.InWarranty, Status: batch.RowCreated, RMANumber: "RMA-900101", Box: 1, TrackingNumber: "RF123456785US"}
		failed := batch.BatchRow{Index: 1, Row: batch.Row{Serial: "RT10009999", Fault: "Display", Problem: "Cracked", Notes: "Screen cracked in the field"},
			Status: batch.RowFailed, Reasons: []batch.Reason{{Field: "serial", Message: "Serial Not Found"}}}
		create(batch.Batch{ID: "BT-7K2M9Q4X", Packaging: batch.Packaging{Kind: batch.OwnBoxes, UnitsPerBox: 10, Boxes: 1},
			DocumentID: "batch/BT-7K2M9Q4X.pdf", FinishedAt: &finished, Rows: []batch.BatchRow{created, failed}})
	}
	saved := func() {
		create(batch.Batch{ID: "BT-SAVED234", Packaging: batch.Packaging{Kind: batch.RequestBoxes},
			Payment: &batch.Payment{QuoteID: "QT-SAVED", Amount: money.USD(520_20), Status: batch.QuoteOpen, ExpiresAt: now.AddDate(0, 0, 30)},
			Rows:    []batch.BatchRow{row(0, "RT10001004", batch.RowAwaitingPayment), row(1, "RT10001005", batch.RowAwaitingPayment)}})
	}
	states := states(reset, map[string]func(){
		stateOliviaUnits:     func() {},
		stateOliviaCompleted: completed,
		stateOliviaSaved:     saved,
		stateOliviaPaid: func() {
			create(batch.Batch{ID: "BT-PAYD2345", Packaging: batch.Packaging{Kind: batch.RequestBoxes},
				Payment: &batch.Payment{QuoteID: "QT-PAID", Amount: money.USD(260_10), Status: batch.QuotePaid, Method: batch.MethodPO,
					CustomerPO: "4500012345", ExpiresAt: now.AddDate(0, 0, 30)},
				Rows: []batch.BatchRow{row(0, "RT10001004", batch.RowPending)}})
		},
		stateOliviaKeyUsed: func() {
			// The key's batch was submitted with another body (its hash is not the pact's body's).
			createUnder(batch.Batch{ID: "BT-KEYUSED2", Packaging: batch.Packaging{Kind: batch.RequestBoxes}, BodyHash: "another-body",
				Rows: []batch.BatchRow{{Index: 0, Row: batch.Row{Serial: "RT10001003", Fault: "Display", Problem: "Cracked"},
					Model: "RT10", Entitlement: batch.InWarranty, Status: batch.RowPending}}}, "batch-key-reused")
		},
		stateOliviaChanged: func() {
			// RT10009999 is not in the stood-in registry: the payment's re-check fails it.
			create(batch.Batch{ID: "BT-CHANGED2", Packaging: batch.Packaging{Kind: batch.RequestBoxes},
				Payment: &batch.Payment{QuoteID: "QT-CHANGED", Amount: money.USD(520_20), Status: batch.QuoteOpen, ExpiresAt: now.AddDate(0, 0, 30)},
				Rows:    []batch.BatchRow{row(0, "RT10001004", batch.RowAwaitingPayment), row(1, "RT10009999", batch.RowAwaitingPayment)}})
		},
		stateDiegoSaved:     func() { saved(); as(diego) },
		stateCaseyCompleted: func() { completed(); as(casey) },
	})

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	batchapi.Routes(r, auth.NewGuard(signer.Verifier(), testkit.Quiet()), svc, testkit.Quiet())
	pacttest.Verify(t, "portal-batch-api", r, states, func() string {
		mu.Lock()
		defer mu.Unlock()
		return tokens[caller]
	})
}

// states are the provider-state handlers: each state first undoes what the one before left
// (reset), then runs its setup; tearing down does nothing, since the next state resets.
func states(reset func(), setups map[string]func()) models.StateHandlers {
	out := make(models.StateHandlers, len(setups))
	for name, setup := range setups {
		out[name] = func(up bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if up {
				reset()
				setup()
			}
			return nil, nil
		}
	}
	return out
}
