package shippingapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/shipping/shippingapi"
	"rugged.example/portal/api/shipping/shippingtest"
)

var issuedAt = time.Date(2026, 11, 22, 15, 4, 5, 0, time.UTC)

type harness struct {
	router *gin.Engine
	signer *authtest.Signer
	fix    *shippingtest.Fixture
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	gin.SetMode(gin.TestMode)
	log := testkit.Quiet()
	h := &harness{signer: authtest.NewSigner(t), fix: shippingtest.NewService(t, issuedAt), router: gin.New()}
	shippingapi.Routes(h.router, auth.NewGuard(h.signer.Verifier(), log), h.fix.Service, log)
	return h
}

func (h *harness) get(path, token string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	h.router.ServeHTTP(w, req)
	return w
}

func officesPath(q map[string]string) string {
	v := url.Values{}
	for k, s := range q {
		v.Set(k, s)
	}
	return "/shipping/offices?" + v.Encode()
}

var austinQuery = map[string]string{
	"firstName": "Casey", "lastName": "Jones", "line1": "600 Congress Ave", "line2": "",
	"city": "Austin", "state": "TX", "postalCode": "78701", "country": "US",
}

func TestOffices_AustinGetsTenOfficesNearestFirst(t *testing.T) {
	h := newHarness(t)
	w := h.get(officesPath(austinQuery), h.signer.Customer(t, "casey"))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())

	var raw []map[string]any
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &raw))
	require.Len(t, raw, 10)
	keys := make([]string, 0, len(raw[0]))
	for k := range raw[0] {
		keys = append(keys, k)
	}
	require.ElementsMatch(t, []string{"id", "name", "line1", "city", "state", "postalCode", "country", "distanceMiles", "hours", "lat", "lng"}, keys)

	var got []shippingapi.OfficeResponse
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
	require.Equal(t, "Austin", got[0].City)
	require.True(t, strings.HasPrefix(got[0].Name, "Rugged Freight Drop-off"))
	for i := 1; i < len(got); i++ {
		require.LessOrEqual(t, got[i-1].DistanceMiles, got[i].DistanceMiles)
	}
}

func TestOffices_ValidatesTheAddress(t *testing.T) {
	h := newHarness(t)
	tok := h.signer.Customer(t, "casey")
	with := func(k, v string) map[string]string {
		q := map[string]string{}
		for kk, vv := range austinQuery {
			q[kk] = vv
		}
		q[k] = v
		return q
	}
	tests := []struct {
		name   string
		query  map[string]string
		status int
		body   string
	}{
		{"no postal code", with("postalCode", ""), http.StatusBadRequest, `"postalCode":"Required"`},
		{"blank country", with("country", "  "), http.StatusBadRequest, `"country":"Required"`},
		{"long postal code", with("postalCode", "1234567890123"), http.StatusBadRequest, `"postalCode":"Must be less than 13 characters"`},
		{"nothing at all", map[string]string{}, http.StatusBadRequest, `{"error":"validation","message":"Some fields are invalid.","fields":{"country":"Required","postalCode":"Required"}}`},
		{"outside the US", map[string]string{"city": "Toronto", "state": "ON", "postalCode": "M5X 1A9", "country": "CA"}, http.StatusOK, `[]`},
		{"a known ZIP wins over an unknown city", with("city", "Nowhere"), http.StatusOK, `"id"`},
		{"SQL in the ZIP", with("postalCode", "' OR 1=1"), http.StatusOK, `"city":"Austin"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := h.get(officesPath(tt.query), tok)
			require.Equal(t, tt.status, w.Code, w.Body.String())
			require.Contains(t, w.Body.String(), tt.body)
		})
	}
}

func TestOffices_Access(t *testing.T) {
	h := newHarness(t)
	path := officesPath(austinQuery)
	require.Equal(t, http.StatusUnauthorized, h.get(path, "").Code)
	require.Equal(t, http.StatusUnauthorized, h.get(path, authtest.NewSigner(t).Customer(t, "mallory")).Code)
	nora := h.signer.Token(t, authtest.Claims{Subject: "nora", Roles: []string{"field-app:viewer"}})
	require.Equal(t, http.StatusForbidden, h.get(path, nora).Code)
}

func TestDocument_OwnerGetsTheInlinePDF(t *testing.T) {
	h := newHarness(t)
	req := shippingtest.Request("casey", "RMA-100001")
	docs, err := h.fix.Service.IssueDocuments(t.Context(), req)
	require.NoError(t, err)

	w := h.get("/shipping/documents/"+docs.LabelID, h.signer.Customer(t, "casey"))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.Equal(t, "application/pdf", w.Header().Get("Content-Type"))
	require.Equal(t, `inline; filename="RMA-100001-label.pdf"`, w.Header().Get("Content-Disposition"))
	require.Equal(t, "private, no-store", w.Header().Get("Cache-Control"))
	require.Equal(t, w.Header().Get("Content-Length"), strconv.Itoa(w.Body.Len()))
	require.True(t, strings.HasPrefix(w.Body.String(), "%PDF-"))
}

func TestDocument_SomeoneElsesOrUnknownIsNotFound(t *testing.T) {
	h := newHarness(t)
	docs, err := h.fix.Service.IssueDocuments(t.Context(), shippingtest.Request("casey", "RMA-100001"))
	require.NoError(t, err)
	mallory := h.signer.Customer(t, "mallory")
	for _, path := range []string{
		"/shipping/documents/" + docs.LabelID,
		"/shipping/documents/0123456789abcdef0123456789abcdef",
		"/shipping/documents/not-an-id",
	} {
		w := h.get(path, mallory)
		require.Equal(t, http.StatusNotFound, w.Code, path)
		require.JSONEq(t, `{"error":"shipping.documentNotFound","message":"This shipping document does not exist."}`, w.Body.String())
	}
	require.Equal(t, http.StatusUnauthorized, h.get("/shipping/documents/"+docs.LabelID, "").Code)
}

func TestDocument_ExpiredIsGoneWithTheSupportMessage(t *testing.T) {
	h := newHarness(t)
	docs, err := h.fix.Service.IssueDocuments(t.Context(), shippingtest.Request("casey", "RMA-100001"))
	require.NoError(t, err)
	h.fix.Now = issuedAt.AddDate(0, 0, 31)

	w := h.get("/shipping/documents/"+docs.LabelID, h.signer.Customer(t, "casey"))
	require.Equal(t, http.StatusGone, w.Code)
	require.Equal(t, "application/json; charset=utf-8", w.Header().Get("Content-Type"))
	require.JSONEq(t, `{"error":"shipping.documentExpired","message":"This shipping label expired on Dec 22 2026. Please contact support for a new label."}`, w.Body.String())

	// Someone else still learns nothing.
	require.Equal(t, http.StatusNotFound, h.get("/shipping/documents/"+docs.LabelID, h.signer.Customer(t, "mallory")).Code)
}

// A batch's one PDF of box labels and packing lists is a document of the batch's owner like any
// other; the batch service serves it to the owner's organization through OpenDocument.
func TestDocument_ABatchsBoxDocumentsAreTheOwnersPDF(t *testing.T) {
	h := newHarness(t)
	docs, err := h.fix.Service.IssueBoxDocuments(t.Context(), shippingtest.BoxesRequest("olivia", "BT-7K2M9Q4X", 12, 10, true))
	require.NoError(t, err)

	w := h.get("/shipping/documents/"+docs.DocumentID, h.signer.Customer(t, "olivia"))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.Equal(t, "application/pdf", w.Header().Get("Content-Type"))
	require.Equal(t, `inline; filename="BT-7K2M9Q4X-labels.pdf"`, w.Header().Get("Content-Disposition"))
	require.True(t, strings.HasPrefix(w.Body.String(), "%PDF-"))

	require.Equal(t, http.StatusNotFound, h.get("/shipping/documents/"+docs.DocumentID, h.signer.Customer(t, "diego")).Code)
}
