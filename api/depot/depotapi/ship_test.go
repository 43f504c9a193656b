package depotapi_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotapi"
	"rugged.example/portal/api/depot/depottest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// shipEnv serves the routes over in-memory RMAs: RMA-100601 repaired (its QA recorded), RMA-100602
// only received.
func shipEnv(t *testing.T) (env, *depottest.RMAs, *depottest.Labels) {
	gin.SetMode(gin.TestMode)
	signer := authtest.NewSigner(t)
	rmas := depottest.NewRMAs(
		rma.RMA{Number: "RMA-100601", Owner: "usr_casey", Type: "repair", Status: rma.StatusRepairing},
		rma.RMA{Number: "RMA-100602", Owner: "usr_casey", Type: "repair", Status: rma.StatusReceived},
	)
	labels := &depottest.Labels{}
	store := &depottest.Store{Repairs: map[string]depot.RepairRecord{"RMA-100601": {RMANumber: "RMA-100601", WorkPerformed: "Display replaced",
		QA: []depot.QACheck{{Check: "Boots", Passed: true}}}}}
	svc := &depot.Service{Store: store, RMAs: rmas, Mover: rmas, Labels: labels, Tx: noTx{}, Log: testkit.Quiet(), Now: time.Now}
	r := gin.New()
	depotapi.Routes(r, auth.NewGuard(signer.Verifier(), testkit.Quiet()), svc, &photoStore{}, testkit.Quiet())
	return env{r: r, signer: signer, store: store}, rmas, labels
}

func TestShip_StaffShipARepairedUnitWithItsReturnTracking(t *testing.T) {
	e, rmas, labels := shipEnv(t)
	for role, want := range map[string]int{"": 401, "customer": 403} {
		code, _ := e.do(t, "POST", "/depot/rmas/RMA-100601/ship", role, ``)
		require.Equal(t, want, code, role)
	}
	require.Empty(t, labels.Issued, "a refused caller books nothing")

	code, body := e.do(t, "POST", "/depot/rmas/rma-100601/ship", technician, ``)
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, map[string]any{
		"rmaNumber": "RMA-100601", "status": "SHIPPED_BACK", "returnTrackingNumber": "RET000001",
		"labelId": "label000001", "invoiceId": "",
	}, body)
	require.Equal(t, rma.StatusShippedBack, rmas.ByNumber["RMA-100601"].Status)
	require.Len(t, e.store.Entries, 1)
	audit := e.store.Entries[0]
	require.Equal(t, depot.ActionShip, audit.Action)
	require.Equal(t, "usr_"+technician, audit.Actor)
	require.Equal(t, rma.StatusRepairing, audit.From)
	require.Equal(t, rma.StatusShippedBack, audit.To)
	require.Equal(t, "Return tracking RET000001", audit.Detail)

	// Shipped already: a second ship (the lead's) is refused and books no second label.
	code, body = e.do(t, "POST", "/depot/rmas/RMA-100601/ship", lead, ``)
	require.Equal(t, http.StatusConflict, code)
	require.Equal(t, "depot.notShippable", body["error"])
	require.Len(t, labels.Issued, 1)
}

func TestShip_NotRepairedOrUnknownIsRefused(t *testing.T) {
	e, rmas, labels := shipEnv(t)
	code, body := e.do(t, "POST", "/depot/rmas/RMA-100602/ship", lead, ``)
	require.Equal(t, http.StatusConflict, code)
	require.Equal(t, "depot.notShippable", body["error"])
	require.Equal(t, rma.StatusReceived, rmas.ByNumber["RMA-100602"].Status)

	code, body = e.do(t, "POST", "/depot/rmas/RMA-999999/ship", technician, ``)
	require.Equal(t, http.StatusNotFound, code)
	require.Equal(t, "rma.notFound", body["error"])
	require.Empty(t, labels.Issued)
}

func TestShip_ACarrierFailureMovesNothing(t *testing.T) {
	e, rmas, labels := shipEnv(t)
	labels.Fail = errors.New("carrier timeout")
	code, body := e.do(t, "POST", "/depot/rmas/RMA-100601/ship", technician, ``)
	require.Equal(t, http.StatusServiceUnavailable, code, body)
	require.Equal(t, "depot.returnLabelFailed", body["error"])
	require.Equal(t, rma.StatusRepairing, rmas.ByNumber["RMA-100601"].Status)
	require.Empty(t, e.store.Entries)
}

func TestReturnLabel_StaffPrintTheLabelOfAShippedRMA(t *testing.T) {
	e, _, _ := shipEnv(t)
	code, body := e.do(t, "GET", "/depot/rmas/RMA-100601/return-label", technician, ``)
	require.Equal(t, http.StatusNotFound, code, "not shipped yet")
	require.Equal(t, "depot.noReturnLabel", body["error"])

	code, _ = e.do(t, "POST", "/depot/rmas/RMA-100601/ship", technician, ``)
	require.Equal(t, http.StatusOK, code)
	for role, want := range map[string]int{"": 401, "customer": 403} {
		code, _ := e.do(t, "GET", "/depot/rmas/RMA-100601/return-label", role, ``)
		require.Equal(t, want, code, role)
	}

	req := httptest.NewRequest("GET", "/depot/rmas/RMA-100601/return-label", nil)
	req.Header.Set("Authorization", "Bearer "+e.token(t, lead))
	w := httptest.NewRecorder()
	e.r.ServeHTTP(w, req)
	require.Equal(t, http.StatusOK, w.Code)
	require.Equal(t, "application/pdf", w.Header().Get("Content-Type"))
	require.Equal(t, `inline; filename="RMA-100601-label.pdf"`, w.Header().Get("Content-Disposition"))
	require.Equal(t, "%PDF-1.4 return label RET000001", w.Body.String())
}
