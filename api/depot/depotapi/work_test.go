package depotapi_test

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotapi"
	"rugged.example/portal/api/depot/depottest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/uploads/uploads"
)

// claimedPhotos holds one photo claimed to an RMA: a PNG's first bytes.
type claimedPhotos struct{}

const claimedPhoto = "rma/2026/11/0b5c7d0e-4f6a-4b7c-8d9e-0f1a2b3c4d5e.png"

func (claimedPhotos) OpenClaimed(_ context.Context, name, _ string) (io.ReadCloser, uploads.Attachment, error) {
	if name != claimedPhoto {
		return nil, uploads.Attachment{}, uploads.ErrNotFound
	}
	return io.NopCloser(strings.NewReader("\x89PNG")), uploads.Attachment{ContentType: "image/png", Size: 4, RMANumber: "RMA-100601"}, nil
}

func workEnv(t *testing.T) env {
	gin.SetMode(gin.TestMode)
	signer := authtest.NewSigner(t)
	at := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	rmas := depottest.NewRMAs(rma.RMA{Number: "RMA-100601", Owner: "usr_casey", Serial: "RT10000001", Model: "RL14", Type: "REPAIR",
		Status: rma.StatusQuotePending, CreatedAt: at, Contact: rma.Contact{FirstName: "Casey", LastName: "Morgan", Company: "Morgan Surveying"},
		Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Dropped."}})
	rmas.Units["RT10000001"] = rma.Unit{Serial: "RT10000001", WarrantyType: "STANDARD"}
	rmas.Events["RMA-100601"] = []rma.Event{
		{At: at.Add(-72 * time.Hour), Kind: rma.EventCreated, Status: rma.StatusAwaitingUnit, Actor: "usr_casey"},
		{At: at.Add(-71 * time.Hour), Kind: rma.EventLabelIssued, Actor: rma.ActorSystem},
		{At: at.Add(-time.Hour), Kind: rma.EventStatus, Status: rma.StatusAwaitingUnit, Actor: "usr_adam"},
		{At: at, Kind: rma.EventStatus, Status: rma.StatusReceived, Actor: "usr_tariq", Note: "Box dented"},
	}
	store := &depottest.Store{
		Receipts: []depot.Receipt{{RMANumber: "RMA-100601", Photos: []string{claimedPhoto}, Notes: "Box dented", At: at}},
		Entries:  []depot.AuditEntry{{ID: 1, At: at, Actor: "usr_tariq", ActorEmail: "tariq@rugged.example", Action: depot.ActionReceive, RMANumber: "RMA-100601"}},
	}
	by := at.Add(rma.DecisionWindow)
	diagnoses := &depottest.Diagnoses{ByNumber: map[string]rma.Diagnosis{"RMA-100601": {
		RMANumber: "RMA-100601", At: at, Outcome: rma.OutcomeRevisedQuote, QuoteID: "QT-1", DecideBy: &by,
		Findings:  []rma.Finding{{Code: rma.FindingLiquidDamage, Description: "Corrosion", Photos: []string{claimedPhoto}}},
		LineItems: []rma.LineItem{{Kind: rma.LinePart, Code: "RL14-BAT", Description: "Battery pack", Quantity: 2, UnitPrice: money.USD(40_00)}},
		Total:     money.USD(80_00), AlreadyPaid: money.USD(0), AmountDue: money.USD(80_00), ReturnFee: money.USD(45_00),
	}}}
	svc := &depot.Service{Store: store, RMAs: rmas, Records: rmas, Mover: rmas, Diagnoses: diagnoses, PhotoFiles: claimedPhotos{},
		Tx: noTx{}, Log: testkit.Quiet(), Now: time.Now}
	r := gin.New()
	depotapi.Routes(r, auth.NewGuard(signer.Verifier(), testkit.Quiet()), svc, &photoStore{}, testkit.Quiet())
	return env{r: r, signer: signer, store: store}
}

func TestWork_AnswersTheRMAAsTheWorkPageNeedsIt(t *testing.T) {
	e := workEnv(t)
	code, body := e.do(t, "GET", "/depot/rmas/rma-100601", technician, "")
	require.Equal(t, 200, code, body)
	require.Equal(t, "Casey Morgan", body["customer"])
	require.Equal(t, "Morgan Surveying", body["company"])
	require.Equal(t, "STANDARD", body["warrantyType"])
	require.Equal(t, "2026-11-20T15:00:00Z", body["receivedAt"])
	require.Equal(t, map[string]any{"fault": "Display", "problem": "Cracked or broken screen", "notes": "Dropped."}, body["problem"])
	require.Equal(t, []any{map[string]any{"id": claimedPhoto}}, body["receipt"].(map[string]any)["photos"])
	require.Equal(t, []any{}, body["moves"], "the customer decides first")
	var actors []any
	for _, e := range body["timeline"].([]any) {
		actors = append(actors, e.(map[string]any)["actor"])
	}
	// The customer by name, the portal, staff the audit does not know (an administrator's
	// advance) as the service center, and the technician by e-mail.
	require.Equal(t, []any{"Casey Morgan (customer)", "Portal", "Service center", "tariq@rugged.example"}, actors)
	require.Nil(t, body["repair"])
	d := body["diagnosis"].(map[string]any)
	require.Equal(t, "80.00", d["amountDue"])
	require.Equal(t, "QT-1", d["quoteId"])
	f := d["findings"].([]any)[0].(map[string]any)
	require.Equal(t, "Liquid damage", f["label"])
	require.Equal(t, true, f["removesCover"])
	require.Equal(t, "/depot/photos/"+claimedPhoto, f["photos"].([]any)[0].(map[string]any)["url"])
	require.Equal(t, []any{
		map[string]any{"choice": "APPROVE", "price": "80.00"}, map[string]any{"choice": "RETURN_UNREPAIRED", "price": "45.00"},
		map[string]any{"choice": "RECYCLE", "price": "0.00"},
	}, d["choices"])
	line := d["lineItems"].([]any)[0].(map[string]any)
	require.Equal(t, "40.00", line["unitPrice"])
	require.Equal(t, "80.00", line["amount"])

	code, body = e.do(t, "GET", "/depot/rmas/RMA-999999", technician, "")
	require.Equal(t, 404, code)
	require.Equal(t, "rma.notFound", body["error"])
}

func TestPhoto_StaffReadAPhotoOfAnRMA(t *testing.T) {
	e := workEnv(t)
	req := httptest.NewRequest("GET", "/depot/photos/"+claimedPhoto, nil)
	req.Header.Set("Authorization", "Bearer "+e.token(t, lead))
	w := httptest.NewRecorder()
	e.r.ServeHTTP(w, req)
	require.Equal(t, 200, w.Code)
	require.Equal(t, "image/png", w.Header().Get("Content-Type"))
	require.Equal(t, "private, no-store", w.Header().Get("Cache-Control"))
	require.Equal(t, "nosniff", w.Header().Get("X-Content-Type-Options"))
	require.Equal(t, "default-src 'none'; sandbox", w.Header().Get("Content-Security-Policy"))
	require.Equal(t, "\x89PNG", w.Body.String())

	for role, want := range map[string]int{"": 401, "customer": 403} {
		code, _ := e.do(t, "GET", "/depot/photos/"+claimedPhoto, role, "")
		require.Equal(t, want, code, role)
	}
	code, body := e.do(t, "GET", "/depot/photos/rma/2026/11/nope.png", technician, "")
	require.Equal(t, 404, code)
	require.Equal(t, "depot.photoNotFound", body["error"])
}
