package repairapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmatest"
	"rugged.example/portal/api/shipping/shippingapi"
)

type adminEnv struct {
	router *gin.Engine
	mailer *rmatest.Mailer
	number string
	casey  string
	admin  string
}

func newAdminEnv(t *testing.T) adminEnv {
	t.Helper()
	gin.SetMode(gin.TestMode)
	log := testkit.Quiet()
	tx, store := demoRegistry(t)
	creator := &rma.Creator{
		Store: store, Tx: tx, Addresses: rmatest.Addresses{}, Uploads: rmatest.NewClaimer("usr_casey", "rma/photo.jpg"),
		Shipping: &rmatest.Issuer{}, Mail: &rmatest.Mailer{}, Units: rmatest.NoCache{}, Secrets: rmatest.Sealer{},
		Log: log, DocumentURL: shippingapi.DocumentPath, Now: time.Now,
	}
	created, err := creator.Create(t.Context(), rma.CreateRequest{
		Owner: "usr_casey", Serial: "RT10000001", RMAType: rma.DefaultRMAType,
		Problem: rma.Problem{
			PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Cracked.",
			Permissions: rma.Permissions{AcknowledgeHDDBackup: true}, Attachments: []string{"rma/photo.jpg"},
		},
		Contact:   rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "5125550142", PhoneCountryCode: "US"},
		Address:   rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
		Packaging: rma.Packaging{HavePackaging: true},
	})
	require.NoError(t, err)

	e := adminEnv{router: gin.New(), mailer: &rmatest.Mailer{}, number: created.RMA.Number}
	lifecycle := &rma.Lifecycle{Store: store, Tx: tx, Mail: e.mailer, Units: rmatest.NoCache{}, Log: log, Now: time.Now}
	s := authtest.NewSigner(t)
	repairapi.AdminRoutes(e.router, auth.NewGuard(s.Verifier(), log), lifecycle, log)
	e.casey = s.Customer(t, "usr_casey")
	e.admin = s.Token(t, authtest.Claims{Subject: "usr_admin", Email: "admin@rugged.example",
		Roles: []string{authtest.ClientID + ":customer", authtest.ClientID + ":" + string(auth.PermRMAOverride)}})
	return e
}

func (e adminEnv) advance(t *testing.T, number, token string, body map[string]any) *httptest.ResponseRecorder {
	t.Helper()
	raw, err := json.Marshal(body)
	require.NoError(t, err)
	r := httptest.NewRequest(http.MethodPost, "/rma-manager/admin/rmas/"+number+"/advance", strings.NewReader(string(raw)))
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	e.router.ServeHTTP(w, r)
	return w
}

func TestAdvance_StaffMoveTheRMAOthersAreRefused(t *testing.T) {
	e := newAdminEnv(t)
	received := map[string]any{"status": "RECEIVED", "note": "Arrived"}

	require.Equal(t, http.StatusUnauthorized, e.advance(t, e.number, "", received).Code)
	require.Equal(t, http.StatusForbidden, e.advance(t, e.number, e.casey, received).Code, "a plain customer, even the owner")

	w := e.advance(t, "RMA-1", e.admin, received)
	require.Equal(t, http.StatusNotFound, w.Code, w.Body.String())

	w = e.advance(t, e.number, e.admin, map[string]any{"status": "SHIPPED_BACK", "returnTracking": "1Z1"})
	require.Equal(t, http.StatusConflict, w.Code, w.Body.String())
	require.JSONEq(t, `{"error":"rma.badTransition","message":"This RMA cannot move to that status from its current one."}`, w.Body.String())

	w = e.advance(t, e.number, e.admin, map[string]any{"status": "LOST"})
	require.Equal(t, http.StatusBadRequest, w.Code, w.Body.String())

	w = e.advance(t, e.number, e.admin, received)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"rmaNumber":"`+e.number+`","status":"RECEIVED","returnTracking":""}`, w.Body.String())
	require.Equal(t, []string{"casey@example.com|RMA " + e.number + ": we received your unit"}, e.mailer.Sent)

	w = e.advance(t, e.number, e.admin, received)
	require.Equal(t, http.StatusConflict, w.Code, "the same move twice happens once")
	require.Len(t, e.mailer.Sent, 1)
}
