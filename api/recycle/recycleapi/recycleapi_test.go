package recycleapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/recycle/recycleapi"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
	"rugged.example/portal/api/shipping/shippingapi"
)

func router(t *testing.T) (*gin.Engine, *authtest.Signer, *rmadb.Store) {
	t.Helper()
	gin.SetMode(gin.TestMode)
	log := testkit.Quiet()
	gdb := testkit.SQLite(t)
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	store := rmadb.NewStore(gdb)
	require.NoError(t, store.UpsertUnits(t.Context(), rmadb.DemoUnits()))
	creator := &rma.Creator{
		Store: store, Tx: db.NewTransactor(gdb), Addresses: rmatest.Addresses{}, Uploads: rmatest.NewClaimer("casey"),
		Shipping: &rmatest.Issuer{}, Mail: &rmatest.Mailer{}, Units: rma.NewService(store, cache.NewMemory(10), log, nil),
		Secrets: rmatest.Sealer{}, Log: log, DocumentURL: shippingapi.DocumentPath, Now: time.Now,
	}
	s := authtest.NewSigner(t)
	r := gin.New()
	recycleapi.Routes(r, auth.NewGuard(s.Verifier(), log), creator, log)
	return r, s, store
}

const body = `{"serial":"%s","rmaInput":{"rmaType":"REPAIR","primaryFault":"x","problem":"x","initialNotes":"x","userId":"someone-else",
"permissions":{},"acc":{"battery":true},"attachments":[]},
"address":{"line1":" 2100 Riverside Dr ","line2":"","city":"Austin","state":"TX","country":"US","postalCode":"78741"},
"contact":{"firstName":"Casey","lastName":"Morgan","email":"casey@example.com","phone":"5125550142","phoneCountryCode":"US","company":"","position":""},
"packaging":{"havePackaging":false,"requestBox":true,"forgoShipping":true},
"override":{"rmaType":"RECYCLE_CREDIT","tpm":"GREENLOOP-RNO"}}`

func post(r http.Handler, token, serial string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/rma-manager/rma/recycle", strings.NewReader(strings.Replace(body, "%s", serial, 1)))
	req.Header.Set("Authorization", "Bearer "+token)
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	return w
}

func TestRecycle_CustomerGetsAFixedRecycleRMAWhateverTheBodySays(t *testing.T) {
	r, s, store := router(t)
	w := post(r, s.Customer(t, "casey"), "RT10000002")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"rmaNumber":"RMA-100501","label":"/shipping/documents/label-1","commercialInvoice":null}`, w.Body.String())

	got, err := store.RMAByNumber(t.Context(), "casey", "RMA-100501")
	require.NoError(t, err, "the owner is the token's subject, not the body's userId")
	require.Equal(t, rma.RMATypeRecycle, got.Type, "a customer's override is ignored")
	require.Equal(t, rma.TPMDepot, got.TPM)
	require.Equal(t, "RECYCLE", got.Problem.PrimaryFault)
	require.Equal(t, rma.Packaging{HavePackaging: true}, got.Packaging, "packaging is fixed")
}

func TestRecycle_StoresTheCallersOrganization(t *testing.T) {
	r, s, store := router(t)
	token := s.Token(t, authtest.Claims{Subject: "casey", Roles: []string{authtest.ClientID + ":customer"},
		Extra: map[string]any{"org": map[string]any{"name": "FleetCo"}}})
	w := post(r, token, "RT10000002")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	got, err := store.RMAByNumber(t.Context(), "casey", "RMA-100501")
	require.NoError(t, err)
	require.Equal(t, "FleetCo", got.Org)
}

// Who opened the recycle RMA is the name of the caller's token, not the contact the body gives.
func TestRecycle_StoresTheOpenersNameFromTheToken(t *testing.T) {
	r, s, store := router(t)
	token := s.Token(t, authtest.Claims{Subject: "casey", Email: "olivia@fleetco.example", Roles: []string{authtest.ClientID + ":customer"},
		Extra: map[string]any{"name": "Olivia Chen", "org": map[string]any{"name": "FleetCo"}}})
	w := post(r, token, "RT10000002")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	got, err := store.RMAByNumber(t.Context(), "casey", "RMA-100501")
	require.NoError(t, err)
	require.Equal(t, "Olivia Chen", got.OpenedByName)
	require.Equal(t, "Casey", got.Contact.FirstName)
}

func TestRecycle_AdministratorOverrideApplies(t *testing.T) {
	r, s, store := router(t)
	adam := s.Token(t, authtest.Claims{Subject: "adam", Roles: []string{"service-portal:admin", "service-portal:service:admin:rma:override:oow"}})
	w := post(r, adam, "RT10000004")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	got, err := store.RMAByNumber(t.Context(), "adam", "RMA-100501")
	require.NoError(t, err)
	require.Equal(t, rma.RMATypeRecycleCredit, got.Type)
	require.Equal(t, "GREENLOOP-RNO", got.TPM)
}

func TestRecycle_RefusesInWarrantyUnitsAndStrangers(t *testing.T) {
	r, s, _ := router(t)
	w := post(r, s.Customer(t, "casey"), "RT10000001")
	require.Equal(t, http.StatusConflict, w.Code)
	require.JSONEq(t, `{"error":"rma.inWarranty","message":"This unit is still in warranty, so it cannot be recycled here. Open a repair instead."}`, w.Body.String())
	require.Equal(t, http.StatusUnauthorized, post(r, "", "RT10000002").Code)
}

func TestRecycle_RefusesABodyPastItsLimitAndAKeyItCannotStore(t *testing.T) {
	r, s, store := router(t)
	casey := s.Customer(t, "casey")
	send := func(payload, key string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/rma-manager/rma/recycle", strings.NewReader(payload))
		req.Header.Set("Authorization", "Bearer "+casey)
		req.Header.Set("Idempotency-Key", key)
		w := httptest.NewRecorder()
		r.ServeHTTP(w, req)
		return w
	}
	valid := strings.Replace(body, "%s", "RT10000002", 1)

	w := send(`{"serial":"RT10000002","pad":"`+strings.Repeat(" ", 32<<10)+`"}`, "")
	require.Equal(t, http.StatusRequestEntityTooLarge, w.Code, "an oversize body is refused as such, not as malformed")
	require.JSONEq(t, `{"error":"request.tooLarge","message":"The request body is too large."}`, w.Body.String())

	w = send(valid, strings.Repeat("k", 101))
	require.Equal(t, http.StatusBadRequest, w.Code, "a key longer than its column is refused before anything is stored")
	require.JSONEq(t, `{"error":"validation","message":"Some fields are invalid.","fields":{"Idempotency-Key":"Must be less than 101 characters"}}`, w.Body.String())
	_, err := store.RMAByNumber(t.Context(), "casey", "RMA-100501")
	require.ErrorIs(t, err, rma.ErrRMANotFound)

	first := send(valid, "k-recycle")
	require.Equal(t, http.StatusOK, first.Code, first.Body.String())
	again := send(valid, " k-recycle ")
	require.Equal(t, http.StatusOK, again.Code, again.Body.String())
	require.JSONEq(t, first.Body.String(), again.Body.String(), "the same key, trimmed, answers the first RMA")
}
