//go:build pact

package depotpact

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotapi"
	"rugged.example/portal/api/depot/depottest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmatest"
	"rugged.example/portal/api/uploads/uploads"
)

// provider is the pacts' provider name. The Verify call below spells it out too: the contract
// gate reads the provider a package verifies from that call's literal.
const provider = "portal-depot-api"

// The consumer's states (packages/api-client/src/depot/client.pact.test.ts), word for word.
const (
	stateTariq = "tariq, a depot technician, is signed in; RMA-100501 of unit RT10000001 awaits its unit and his photo depot/pact-photo.jpg is uploaded"
	stateLena  = "lena, a depot lead, is signed in; RMA-100501 was received by tariq, who had first scanned unit RT99999999 for it"
	stateCasey = "casey, a customer, is signed in"
	// stateRepaired is ship.pact.test.ts's.
	stateRepaired = "tariq, a depot technician, is signed in; RMA-100501 of unit RT10000001 was repaired and waits to ship back"
	stateShipped  = "tariq, a depot technician, is signed in; RMA-100501 of unit RT10000001 was shipped back under return tracking RET000001"
	stateNobody   = "nobody is signed in"
	// The parts orders' states are partsorders.pact.test.ts's.
	statePaidOrder     = "tariq, a depot technician, is signed in; parts order PB-900005 is paid and waits to ship"
	stateAwaitingOrder = "tariq, a depot technician, is signed in; parts order PB-900002 awaits its payment"
	// workpage.pact.test.ts's.
	stateReceived = "tariq, a depot technician, is signed in; RMA-100501 of in-warranty unit RT10000001 was received with his photo depot/pact-photo.jpg and awaits diagnosis"
	// turnaround.pact.test.ts's.
	stateTurnaround = "lena, a depot lead, is signed in; two RL14 repairs on STANDARD warranty shipped back after 3 and 5 days at the depot"
)

// stays are the depot stays a state sets, read by the real turnaround core.
type stays []rma.DepotStay

func (s *stays) DepotStays(_ context.Context, since time.Time) ([]rma.DepotStay, error) {
	var out []rma.DepotStay
	for _, st := range *s {
		if !st.ShippedAt.Before(since) {
			out = append(out, st)
		}
	}
	return out, nil
}

// noTx runs the function without a transaction: the fakes keep nothing to roll back.
type noTx struct{}

func (noTx) InTx(ctx context.Context, fn func(ctx context.Context) error) error { return fn(ctx) }

// photos stores nothing: it reads each photo and names it as the uploads capability would.
type photos struct{}

func (photos) Upload(_ context.Context, _ string, files iter.Seq2[uploads.File, error]) ([]uploads.Attachment, error) {
	var out []uploads.Attachment
	for f, err := range files {
		if err != nil {
			return nil, err
		}
		if _, err := io.Copy(io.Discard, f.Content); err != nil {
			return nil, err
		}
		out = append(out, uploads.Attachment{OriginalName: f.Name, BucketFileName: fmt.Sprintf("rma/2026/11/pact-%d.png", len(out))})
	}
	if len(out) == 0 {
		return nil, uploads.ErrNoFiles
	}
	return out, nil
}

// pactPhoto is the one stored photo: tariq's, of RMA-100501 once received.
const pactPhoto = "depot/pact-photo.jpg"

// photoFiles opens pactPhoto as the uploads capability opens a claimed photo.
type photoFiles struct{}

func (photoFiles) OpenClaimed(_ context.Context, name, _ string) (io.ReadCloser, uploads.Attachment, error) {
	if name != pactPhoto {
		return nil, uploads.Attachment{}, uploads.ErrNotFound
	}
	jpeg := []byte("\xff\xd8\xff\xe0 a JPEG's first bytes")
	return io.NopCloser(bytes.NewReader(jpeg)), uploads.Attachment{BucketFileName: name, ContentType: "image/jpeg", Size: int64(len(jpeg))}, nil
}

var created = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

func caseysRMA(status rma.Status) rma.RMA {
	return rma.RMA{Number: "RMA-100501", Serial: "RT10000001", Model: "RL14", Type: "REPAIR", Status: status, Owner: "usr_casey",
		Contact:   rma.Contact{FirstName: "Casey", LastName: "Morgan", Company: "Morgan Field Services"},
		Problem:   rma.Problem{PrimaryFault: "Screen", Problem: "Cracked display"},
		CreatedAt: created}
}

// receivedRMA is RMA-100501 as tariq's receipt left it: its timeline, its receipt with pactPhoto
// and its promised ship-back date.
func receivedRMA() (*depottest.RMAs, *depottest.Store) {
	received := caseysRMA(rma.StatusReceived)
	promised := time.Date(2026, 3, 12, 0, 0, 0, 0, time.UTC)
	received.PromisedShipDate = &promised
	rmas := depottest.NewRMAs(received)
	rmas.Units["RT10000001"] = rma.Unit{Serial: "RT10000001", Model: "RL14", WarrantyType: "STANDARD"}
	rmas.Events["RMA-100501"] = []rma.Event{
		{RMANumber: "RMA-100501", At: created, Kind: rma.EventCreated, Status: rma.StatusAwaitingUnit, Actor: "usr_casey"},
		{RMANumber: "RMA-100501", At: created.Add(25 * time.Hour), Kind: rma.MoveEvent(rma.StatusAwaitingUnit, rma.StatusReceived), Status: rma.StatusReceived,
			Actor: "usr_tariq", Detail: rma.MovedDetail(rma.StatusAwaitingUnit, rma.StatusReceived)},
	}
	store := &depottest.Store{Rows: []rma.WorkRow{queueRow(rma.StatusReceived)},
		Receipts: []depot.Receipt{{RMANumber: "RMA-100501", Serial: "RT10000001", Photos: []string{pactPhoto}, Notes: "Case intact", Actor: "usr_tariq", At: created.Add(25 * time.Hour)}}}
	return rmas, store
}

func queueRow(status rma.Status) rma.WorkRow {
	return rma.WorkRow{Number: "RMA-100501", Serial: "RT10000001", Model: "RL14", Type: "REPAIR", Status: status,
		WarrantyType: "STANDARD", Contact: rma.Contact{FirstName: "Casey", LastName: "Morgan"}, CreatedAt: created}
}

// fixture is the router over fakes a state fills.
type fixture struct {
	svc   *depot.Service
	stays stays
	roles []string
	sub   string
}

func (f *fixture) reset(sub string, roles []string, rmas *depottest.RMAs, store *depottest.Store) {
	f.sub, f.roles = sub, roles
	f.svc.Store, f.svc.InWork, f.svc.RMAs, f.svc.Mover, f.svc.Records = store, store, rmas, rmas, rmas
	f.svc.Photos = rmatest.NewClaimer("usr_tariq", pactPhoto)
	f.svc.PhotoFiles = photoFiles{}
	// In warranty, no interaction reaches a revised quote: the diagnosis needs no Quotes.
	f.svc.Diagnoses, f.svc.Prices, f.svc.Payments = &depottest.Diagnoses{}, depottest.NewPrices(), depottest.Payments{}
	f.svc.Labels = &depottest.Labels{}
	f.svc.PartsOrders = depottest.NewPartsOrders()
	f.stays = nil
}

func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	// A domain the browser does not call under contract is not done: this fails, rather than
	// passing on nothing, until a typed client in packages/api-client records its pact.
	if pacts, _ := filepath.Glob(filepath.Join(os.Getenv("PACT_DIR"), "*-"+provider+".json")); len(pacts) == 0 {
		t.Fatalf("no consumer has recorded a pact with %s: write the typed client and its pact test in packages/api-client", provider)
	}
	signer := authtest.NewSigner(t)
	f := &fixture{svc: &depot.Service{Tx: noTx{}, Log: testkit.Quiet(), Now: time.Now}}
	f.reset("", nil, depottest.NewRMAs(), &depottest.Store{})
	client := func(role auth.Permission) []string { return []string{authtest.ClientID + ":" + string(role)} }
	state := func(setUp func()) models.StateHandler {
		return func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if setup {
				setUp()
			}
			return nil, nil
		}
	}
	states := models.StateHandlers{
		stateTariq: state(func() {
			f.reset("usr_tariq", client(auth.PermDepotTechnician), depottest.NewRMAs(caseysRMA(rma.StatusAwaitingUnit)),
				&depottest.Store{Rows: []rma.WorkRow{queueRow(rma.StatusAwaitingUnit)}})
		}),
		stateLena: state(func() {
			store := &depottest.Store{Rows: []rma.WorkRow{queueRow(rma.StatusReceived)}}
			_ = store.AddAudit(context.Background(), depot.AuditEntry{At: created.Add(25 * time.Hour), Actor: "usr_tariq", ActorEmail: "tariq@rugged.example",
				Action: depot.ActionReceive, RMANumber: "RMA-100501", From: rma.StatusAwaitingUnit, To: rma.StatusReceived, Detail: "Serial RT10000001 scanned, 1 photo(s)"})
			_ = store.AddFlag(context.Background(), depot.Flag{Kind: depot.FlagSerialMismatch, RMANumber: "RMA-100501", Serial: "RT99999999",
				Expected: "RT10000001", Actor: "usr_tariq", At: created.Add(24 * time.Hour)})
			f.reset("usr_lena", client(auth.PermDepotLead), depottest.NewRMAs(caseysRMA(rma.StatusReceived)), store)
		}),
		stateRepaired: state(func() {
			// A repaired unit ships once its repair with QA is on record.
			f.reset("usr_tariq", client(auth.PermDepotTechnician), depottest.NewRMAs(caseysRMA(rma.StatusRepairing)),
				&depottest.Store{Rows: []rma.WorkRow{queueRow(rma.StatusRepairing)}, Repairs: map[string]depot.RepairRecord{"RMA-100501": {
					RMANumber: "RMA-100501", WorkPerformed: "Replaced the display", QA: []depot.QACheck{{Check: "Powers on", Passed: true}},
					Actor: "usr_tariq", At: created.Add(48 * time.Hour)}}})
		}),
		stateReceived: state(func() {
			rmas, store := receivedRMA()
			f.reset("usr_tariq", client(auth.PermDepotTechnician), rmas, store)
		}),
		stateShipped: state(func() {
			shipped := caseysRMA(rma.StatusShippedBack)
			shipped.ReturnTrackingNumber = "RET000001"
			f.reset("usr_tariq", client(auth.PermDepotTechnician), depottest.NewRMAs(shipped), &depottest.Store{})
		}),
		stateCasey: state(func() {
			f.reset("usr_casey", []string{authtest.ClientID + ":customer"}, depottest.NewRMAs(), &depottest.Store{})
		}),
		stateNobody: state(func() { f.reset("", nil, depottest.NewRMAs(), &depottest.Store{}) }),
		statePaidOrder: state(func() {
			f.reset("usr_tariq", client(auth.PermDepotTechnician), depottest.NewRMAs(), &depottest.Store{})
			orders := depottest.NewPartsOrders("PB-900005")
			orders.Waiting = []depot.AwaitingPartsOrder{{Number: "PB-900005", Kind: "parts", Customer: "Adam Price", CreatedAt: created.Add(24 * time.Hour),
				Total: money.USD(17800), ShipTo: "Austin, TX, US",
				Lines: []depot.PartsOrderLine{{PartNumber: "VX12-BAT-STD", Description: "VX12 standard battery", Quantity: 2}}}}
			f.svc.PartsOrders = orders
		}),
		stateTurnaround: state(func() {
			f.reset("usr_lena", client(auth.PermDepotLead), depottest.NewRMAs(), &depottest.Store{})
			shipped := time.Now().AddDate(0, 0, -7)
			f.stays = stays{
				{Number: "RMA-100501", Model: "RL14", WarrantyType: "STANDARD", ReceivedAt: shipped.AddDate(0, 0, -3), ShippedAt: shipped},
				{Number: "RMA-100502", Model: "RL14", WarrantyType: "STANDARD", ReceivedAt: shipped.AddDate(0, 0, -5), ShippedAt: shipped},
			}
		}),
		stateAwaitingOrder: state(func() {
			f.reset("usr_tariq", client(auth.PermDepotTechnician), depottest.NewRMAs(), &depottest.Store{})
			orders := depottest.NewPartsOrders()
			orders.Awaiting["PB-900002"] = true
			f.svc.PartsOrders = orders
		}),
	}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	guard := auth.NewGuard(signer.Verifier(), testkit.Quiet())
	depotapi.Routes(r, guard, f.svc, photos{}, testkit.Quiet())
	depotapi.TurnaroundRoutes(r, guard, depot.Turnarounds{Stays: &f.stays, Now: time.Now}, testkit.Quiet())
	pacttest.Verify(t, "portal-depot-api", r, states, func() string {
		return signer.Token(t, authtest.Claims{Subject: f.sub, Email: f.sub + "@rugged.example", Roles: f.roles})
	})
}
