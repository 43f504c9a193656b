//go:build pact

package accountpact

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountapi"
	"rugged.example/portal/api/account/accounttest"
	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// The provider states of the browser's pacts, word for word.
const (
	stateCasey           = "casey is signed in, in no organization"
	stateCaseyRMA        = "casey is signed in and has repair RMA RMA-900001 with uid 01JPACTRMA0000000000000001 for RT10000001, received on 2026-03-02, its label still valid"
	stateCaseyRepaired   = "casey is signed in and her repair RMA RMA-900002 for RT10000001 was repaired (display replaced) and shipped back"
	stateCaseyDashboard  = "casey is signed in and has RMAs in several statuses"
	stateOliviaBranch    = "olivia of FleetCo is signed in and FleetCo has branch BR-PACT1 Dallas depot"
	stateCaseyUnregister = "casey is signed in and unit RT10000009 is unregistered and casey uploaded the proof file po/pact-proof.pdf"
	stateCaseyRegistered = "casey is signed in and has registered unit RT10000001"
	stateCaseyDrivers    = "casey is signed in and has registered an RL14, whose catalogue has driver DRV-PACT1"
	stateDiegoBatchRMA   = "diego of FleetCo is signed in and olivia's RMA RMA-900004 with uid 01JPACTRMA0000000000000004 for RT10001003 was created in batch BT-PACT0001 and ships in its box 2, tracking RF0000000002"
	stateCaseyDecision   = "casey is signed in and her repair RMA RMA-900003 with uid 01JPACTRMA0000000000000003 awaits her decision on a revised quote: liquid damage shown by photo pact/liquid-1.jpg"
)

const (
	casey  = "usr_casey"
	olivia = "usr_olivia"
	diego  = "usr_diego"
	org    = "FleetCo"
)

// streamCut is how long the verification lets the endless event stream run before it ends the
// request, so the verifier can read the response to its end.
const streamCut = 300 * time.Millisecond

func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	e := accounttest.New(t)
	ctx := t.Context()
	streamCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { e.Stream.Run(streamCtx); close(done) }()
	t.Cleanup(func() { stop(); <-done })

	// signedIn is the user the state names; the verifier signs every recorded bearer as them.
	signedIn := casey
	reset := func(user string) {
		signedIn = user
		e.RMAs.Reset()
		e.Units.Reset()
		e.Proofs.Reset()
		e.Stats.ByViewer = nil
		e.Spend.ByOwner = nil
		e.Profiles.Add(caseyProfile())
		e.Diagnoses.ByNumber = nil
		e.Photos.RMA, e.Photos.Bytes = "", map[string]string{}
		require.NoError(t, e.DB.Exec("DELETE FROM account_branches").Error)
		require.NoError(t, e.DB.Exec("DELETE FROM account_drivers").Error)
	}
	state := func(user string, setup func()) models.StateHandler {
		return func(up bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if up {
				reset(user)
				setup()
			}
			return nil, nil
		}
	}
	states := models.StateHandlers{
		stateCasey:         state(casey, func() {}),
		stateCaseyRMA:      state(casey, func() { e.RMAs.Add(receivedRMA()); e.Labels["pact-label-1"] = date(2026, 4, 1) }),
		stateCaseyRepaired: state(casey, func() { e.RMAs.Add(repairedRMA()) }),
		stateCaseyDashboard: state(casey, func() {
			e.RMAs.Add(receivedRMA())
			e.RMAs.Add(repairedRMA())
			e.Stats.ByViewer = map[string]rma.DashboardStats{casey: {
				ByStatus:   map[rma.Status]int{rma.StatusReceived: 3, rma.StatusShippedBack: 1, rma.StatusClosed: 4},
				ByMonth:    []rma.MonthCount{{Month: "2026-02", Repair: 3, Recycle: 1}, {Month: "2026-03", Repair: 2, Recycle: 1}},
				Turnaround: rma.Turnaround{Closed: 4, AverageDays: 6.5, MedianDays: 6, ByMonth: []rma.MonthDays{{Month: "2026-03", AverageDays: 6.5}}},
				Units:      rma.UnitsByWarranty{InWarranty: 2, OutOfWarranty: 1},
				Open:       4,
			}}
			e.Spend.ByOwner = map[string][]account.MonthAmount{casey: {{Month: "2026-03", Amount: money.USD(28900)}}}
		}),
		stateOliviaBranch: state(olivia, func() {
			at := date(2026, 1, 5)
			require.NoError(t, e.Store.CreateBranch(ctx, account.Branch{
				ID: "BR-PACT1", Org: org, Name: "Dallas depot", CreatedAt: at, UpdatedAt: at,
				Address: rma.Address{Line1: "500 Elm St", City: "Dallas", State: "TX", Country: "US", PostalCode: "75202"},
				Contact: account.BranchContact{FirstName: "Olivia", LastName: "Reyes", Email: "olivia@fleetco.example", Phone: "2145550100", PhoneCountryCode: "US"},
			}))
		}),
		stateCaseyUnregister: state(casey, func() {
			e.Units.AddUnit(rl14("RT10000001"))
			e.Units.AddUnit(rma.Unit{Serial: "RT10000009", Model: "ST10", ModelFamily: "Summit", PartNumber: "ST10-G3-8", WarrantyEnd: ptr(date(2027, 5, 31))})
			e.Proofs.Upload(casey, "po/pact-proof.pdf", "pact-proof.pdf")
		}),
		stateCaseyRegistered: state(casey, func() { registerRL14(t, e) }),
		stateCaseyDecision: state(casey, func() {
			e.RMAs.Add(awaitingDecisionRMA())
			e.Diagnoses.Set(liquidDamage())
			e.Photos.RMA = "RMA-900003"
			e.Photos.Bytes["pact/liquid-1.jpg"] = "\x89PNG\r\n\x1a\n"
		}),
		stateDiegoBatchRMA: state(diego, func() { e.RMAs.Add(batchRMA()) }),
		stateCaseyDrivers: state(casey, func() {
			registerRL14(t, e)
			putDriver(t, e, []byte("PK"))
		}),
	}

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	accountapi.Routes(r, e.Guard, e.Service, e.Stream, accountapi.Options{Heartbeat: 50 * time.Millisecond}, testkit.Quiet())
	// The event stream never ends by itself; the browser aborts it. Here the request ends after
	// streamCut, so the verifier sees the status and headers and a complete (short) body.
	handler := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if strings.HasPrefix(req.URL.Path, accountapi.StreamPath) {
			c, cancel := context.WithTimeout(req.Context(), streamCut)
			defer cancel()
			req = req.WithContext(c)
		}
		r.ServeHTTP(w, req)
	})
	pacttest.Verify(t, "account", handler, states, func() string {
		if signedIn == olivia || signedIn == diego {
			return e.Member(t, signedIn, org)
		}
		return e.Customer(t, casey)
	})
}

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 10, 0, 0, 0, time.UTC) }

func ptr[T any](v T) *T { return &v }

func caseyProfile() identitycore.Profile {
	return identitycore.Profile{
		Subject: casey, Email: "casey@example.com", FirstName: "Casey", LastName: "Morgan", Company: "Morgan Field Services",
		Position: "Technician", Phone: "5125550142", PhoneCountryCode: "US", Roles: []string{"service-portal:customer"},
		Address: identitycore.Addresses{Shipping: identitycore.Address{Line1: "100 Congress Ave", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"}},
	}
}

func rl14(serial string) rma.Unit {
	return rma.Unit{Serial: serial, Model: "RL14", ModelFamily: "Ranger", PartNumber: "RL14-G2-16", WarrantyEnd: ptr(date(2028, 6, 30))}
}

// pactRMA is casey's repair of RT10000001 opened on 2026-03-02.
func pactRMA(uid, number string, status rma.Status) rma.RMA {
	return rma.RMA{
		UID: uid, Number: number, Owner: casey, OpenedByName: "Casey Morgan", Serial: "RT10000001", Model: "RL14", PartNumber: "RL14-G2-16", Type: "REPAIR",
		Status: status, Method: rma.ShipLabel, TrackingNumber: "794600000001", CreatedAt: date(2026, 3, 2),
		Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Dropped on the site", CustomerReference: "PO-7781", AssetTag: "AT-1"},
		Contact: rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "5125550142", PhoneCountryCode: "US", Company: "Morgan Field Services", Position: "Technician"},
		Address: rma.Address{Line1: "100 Congress Ave", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"},
	}
}

func receivedRMA() accounttest.RMA {
	r := pactRMA("01JPACTRMA0000000000000001", "RMA-900001", rma.StatusReceived)
	r.LabelID, r.InvoiceID = "pact-label-1", "pact-invoice-1"
	// Received Thursday Mar 5: a STANDARD unit's 10 business days.
	promised := time.Date(2026, 3, 19, 0, 0, 0, 0, time.UTC)
	r.PromisedShipDate = &promised
	return accounttest.RMA{RMA: r, UpdatedAt: date(2026, 3, 5), Timeline: []rma.Event{
		{RMANumber: r.Number, At: date(2026, 3, 2), Kind: "created", Status: rma.StatusAwaitingUnit, Actor: casey},
		{RMANumber: r.Number, At: date(2026, 3, 5), Kind: rma.EventPromise, Actor: "usr_adam", Note: "Promised ship-back date: Mar 19 2026"},
		{RMANumber: r.Number, At: date(2026, 3, 5), Kind: "status", Status: rma.StatusReceived, Actor: "usr_adam", Note: "Unit arrived"},
	}}
}

// batchRMA is olivia's RMA-900004 of FleetCo, created in fleet batch BT-PACT0001, whose box 2
// it ships in: no label of its own, the box's tracking number.
func batchRMA() accounttest.RMA {
	r := pactRMA("01JPACTRMA0000000000000004", "RMA-900004", rma.StatusAwaitingUnit)
	r.Owner, r.Org, r.OpenedByName, r.Serial = olivia, org, "Olivia Reyes", "RT10001003"
	r.Method, r.TrackingNumber, r.BatchID, r.BatchBox = rma.ShipBatch, "RF0000000002", "BT-PACT0001", 2
	return accounttest.RMA{RMA: r, UpdatedAt: date(2026, 3, 2), Timeline: []rma.Event{
		{RMANumber: r.Number, At: date(2026, 3, 2), Kind: rma.EventCreated, Status: rma.StatusAwaitingUnit, Actor: olivia, Note: rma.CreatedInBatchNote(r.BatchID)},
	}}
}

func repairedRMA() accounttest.RMA {
	r := pactRMA("01JPACTRMA0000000000000002", "RMA-900002", rma.StatusShippedBack)
	r.ReturnTrackingNumber = "794600000099"
	return accounttest.RMA{RMA: r, UpdatedAt: date(2026, 3, 9), Timeline: []rma.Event{
		{RMANumber: r.Number, At: date(2026, 3, 2), Kind: "created", Status: rma.StatusAwaitingUnit, Actor: casey},
		{RMANumber: r.Number, At: date(2026, 3, 3), Kind: "status", Status: rma.StatusReceived, Actor: "usr_adam"},
		{RMANumber: r.Number, At: date(2026, 3, 9), Kind: "status", Status: rma.StatusShippedBack, Actor: "usr_adam"},
	}, Work: []rma.RepairWork{{At: date(2026, 3, 6), Actor: "usr_adam", Status: rma.StatusRepairing,
		PartsReplaced: "Display assembly", WorkPerformed: "Replaced the display", TechnicianNotes: "Passed burn-in"}}}
}

// awaitingDecisionRMA is casey's RMA-900003, received Mar 5 and diagnosed Mar 6: its revised
// quote waits for her decision.
func awaitingDecisionRMA() accounttest.RMA {
	r := pactRMA("01JPACTRMA0000000000000003", "RMA-900003", rma.StatusQuotePending)
	return accounttest.RMA{RMA: r, UpdatedAt: date(2026, 3, 6), Timeline: []rma.Event{
		{RMANumber: r.Number, At: date(2026, 3, 2), Kind: "created", Status: rma.StatusAwaitingUnit, Actor: casey},
		{RMANumber: r.Number, At: date(2026, 3, 5), Kind: "status", Status: rma.StatusReceived, Actor: "usr_tariq"},
		{RMANumber: r.Number, At: date(2026, 3, 6), Kind: "status", Status: rma.StatusDiagnosing, Actor: "usr_tariq"},
		{RMANumber: r.Number, At: date(2026, 3, 6), Kind: "status", Status: rma.StatusQuotePending, Actor: "usr_tariq"},
	}}
}

// liquidDamage is RMA-900003's diagnosis: liquid damage removes the warranty's cover, so the
// main board is a revised quote of 240.00 that casey has not decided on.
func liquidDamage() rma.Diagnosis {
	at := date(2026, 3, 6)
	by := at.Add(rma.DecisionWindow)
	return rma.Diagnosis{
		RMANumber: "RMA-900003", At: at, Actor: "usr_tariq", Outcome: rma.OutcomeRevisedQuote, TechnicianNote: "The main board must be replaced.",
		Findings:  []rma.Finding{{Code: rma.FindingLiquidDamage, Description: "Corrosion on the main board near the charging port.", Photos: []string{"pact/liquid-1.jpg"}}},
		LineItems: []rma.LineItem{{Kind: rma.LinePart, Code: "RL14-MB", Description: "Main board", Quantity: 1, UnitPrice: money.USD(240_00)}},
		Total:     money.USD(240_00), AlreadyPaid: money.USD(0), AmountDue: money.USD(240_00), ReturnFee: money.USD(45_00),
		QuoteID: "QT-PACT-1", DecideBy: &by,
	}
}

// registerRL14 registers casey's RT10000001 through the service, as the page does.
func registerRL14(t *testing.T, e *accounttest.Env) {
	e.Units.AddUnit(rl14("RT10000001"))
	e.Proofs.Upload(casey, "po/pact-receipt.pdf", "receipt.pdf")
	_, err := e.Service.Register(t.Context(), rma.Viewer{Subject: casey}, "RT10000001", date(2026, 1, 31), "po/pact-receipt.pdf")
	require.NoError(t, err)
}

// putDriver adds DRV-PACT1, an RL14 chipset driver whose file is body.
func putDriver(t *testing.T, e *accounttest.Env, body []byte) {
	key := "drivers/DRV-PACT1/rl14-chipset-10.1.19.zip"
	require.NoError(t, e.Bucket.WriteAll(t.Context(), key, body, nil))
	sum := sha256.Sum256(body)
	require.NoError(t, e.DB.Exec(`INSERT INTO account_drivers (id, model, model_family, name, category, os, version, release_date,
		release_notes, file_name, size, sha256, blob_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		"DRV-PACT1", "RL14", "Ranger", "Chipset driver", "Chipset", "Windows 11 64-bit", "10.1.19", date(2026, 2, 14),
		"Fixes sleep on lid close.", "rl14-chipset-10.1.19.zip", len(body), hex.EncodeToString(sum[:]), key).Error)
}
