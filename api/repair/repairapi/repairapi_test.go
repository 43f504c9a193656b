package repairapi_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
)

var today = time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)

func newRouter(t *testing.T, signer *authtest.Signer) *gin.Engine {
	t.Helper()
	gin.SetMode(gin.TestMode)
	log := testkit.Quiet()
	svc := rma.NewService(rmatest.NewStore(rmadb.DemoUnits()...), cache.NewMemory(100), log, func() time.Time { return today })
	r := gin.New()
	repairapi.Routes(r, auth.NewGuard(signer.Verifier(), log), svc, nil, log)
	return r
}

func get(r http.Handler, serial, token string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, "/rma-manager/rma/verify-serial?serial="+url.QueryEscape(serial), nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	return w
}

func TestVerifySerial_ReturnsEveryUnitField(t *testing.T) {
	s := authtest.NewSigner(t)
	w := get(newRouter(t, s), "RT10000001", s.Customer(t, "casey"))
	require.Equal(t, http.StatusOK, w.Code)
	require.JSONEq(t, `{"serial":"RT10000001","model":"RL14","modelFamily":"Ranger","pn":"RL14-G2-16",
		"productType":"LAPTOP","iw":true,"allowOow":false,"allowedRepairType":["STANDARD"],"rmaExists":false,
		"endDeviceWarranty":"2028-06-30","warrantyType":"STANDARD","isEOS":false,"validForNewRma":true,
		"cardState":"warranty"}`, w.Body.String())
}

func TestVerifySerial_DemoUnits(t *testing.T) {
	s := authtest.NewSigner(t)
	r := newRouter(t, s)
	tok := s.Customer(t, "casey")
	tests := []struct {
		serial string
		state  string
		valid  bool
	}{
		{"RT10000002", "out-of-warranty", true},
		{"RT10000003", "out-of-warranty", true},
		{"RT10000004", "end-of-service", false},
		{"RT10000005", "warranty", false},
		{"RT10000006", "rma-exists", false},
		{"VT10000007", "warranty", true},
		{"RT10000008", "missing-data", true},
		{"RT10000009", "special-service", true},
	}
	for _, tt := range tests {
		t.Run(tt.serial, func(t *testing.T) {
			w := get(r, tt.serial, tok)
			require.Equal(t, http.StatusOK, w.Code)
			require.Contains(t, w.Body.String(), `"cardState":"`+tt.state+`"`)
			if tt.valid {
				require.Contains(t, w.Body.String(), `"validForNewRma":true`)
			} else {
				require.Contains(t, w.Body.String(), `"validForNewRma":false`)
			}
		})
	}
}

func TestVerifySerial_BadInputNeverFails500(t *testing.T) {
	s := authtest.NewSigner(t)
	r := newRouter(t, s)
	tok := s.Customer(t, "casey")
	tests := []struct {
		name, serial string
		status       int
		body         string
	}{
		{"lower case and spaces are read as the serial", "  rt10000001 ", http.StatusOK, `"serial":"RT10000001"`},
		{"unknown serial", "ZZ99999999", http.StatusNotFound, `{"error":"rma.unitNotFound","message":"Serial Not Found"}`},
		{"empty", "", http.StatusBadRequest, `"serial":"Required"`},
		{"200 characters", strings.Repeat("A", 200), http.StatusBadRequest, `"serial":"Must be less than 51 characters"`},
		{"SQL", "RT1' OR '1'='1", http.StatusNotFound, `"Serial Not Found"`},
		{"HTML", "<img src=x onerror=alert(1)>", http.StatusNotFound, `"Serial Not Found"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := get(r, tt.serial, tok)
			require.Equal(t, tt.status, w.Code)
			require.Contains(t, w.Body.String(), tt.body)
		})
	}
}

func TestVerifySerial_Access(t *testing.T) {
	s := authtest.NewSigner(t)
	r := newRouter(t, s)
	require.Equal(t, http.StatusUnauthorized, get(r, "RT10000001", "").Code)
	require.Equal(t, http.StatusUnauthorized, get(r, "RT10000001", authtest.NewSigner(t).Customer(t, "mallory")).Code)
	nora := s.Token(t, authtest.Claims{Subject: "nora", Roles: []string{"field-app:viewer"}})
	require.Equal(t, http.StatusForbidden, get(r, "RT10000001", nora).Code)
}
