package paymentsapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
)

// rmas is the rma module as a service quote sees it: one RMA of casey's.
type rmas struct{}

func (rmas) ServiceRMA(_ context.Context, number string) (payments.ServiceRMA, error) {
	if number != "RMA-100501" {
		return payments.ServiceRMA{}, payments.ErrRMANotFound
	}
	return payments.ServiceRMA{Number: number, Owner: "casey", Serial: "RT10000002",
		Contact: payments.QuoteContact{FirstName: "Casey", LastName: "Morgan", EmailAddress: "casey@example.com"}}, nil
}

type env struct {
	r      *gin.Engine
	outbox *mail.Outbox
	signer *authtest.Signer
}

var now = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func newEnv(t *testing.T, clock *time.Time) env {
	t.Helper()
	gin.SetMode(gin.TestMode)
	gdb := testkit.SQLite(t)
	_, err := db.Migrate(t.Context(), gdb, paymentsdb.Schema(), mail.Schema())
	require.NoError(t, err)
	quotes := payments.NewQuotes(payments.QuotesDeps{
		Store: paymentsdb.NewStore(gdb), Tx: db.NewTransactor(gdb), RMAs: rmas{}, Mail: mail.NewOutbox(gdb),
		PublicURL: "https://service.example", Log: testkit.Quiet(), Now: func() time.Time { return *clock },
	})
	signer := authtest.NewSigner(t)
	r := gin.New()
	paymentsapi.Routes(r, auth.NewGuard(signer.Verifier(), testkit.Quiet()), paymentsapi.Deps{Quotes: quotes}, testkit.Quiet())
	return env{r: r, outbox: mail.NewOutbox(gdb), signer: signer}
}

func (e env) admin(t *testing.T) string {
	return e.signer.Token(t, authtest.Claims{Subject: "adam", Roles: []string{"service-portal:customer", "service-portal:service:admin:rma:override:oow"}})
}

func do(r http.Handler, method, path, body, token string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	return w
}

func issue(t *testing.T, e env) paymentsapi.ServiceQuoteResponse {
	t.Helper()
	w := do(e.r, http.MethodPost, "/payments/admin/service-quotes", `{"rmaNumber":"RMA-100501","amountCents":18950,"note":"New display."}`, e.admin(t))
	require.Equal(t, http.StatusCreated, w.Code, w.Body.String())
	var got paymentsapi.ServiceQuoteResponse
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
	return got
}

func TestIssueServiceQuote_StaffPriceAnRMAAndTheCustomerIsMailed(t *testing.T) {
	clock := now
	e := newEnv(t, &clock)
	got := issue(t, e)
	require.Regexp(t, `^QT-[A-Z2-7]{12}$`, got.UID)
	require.Equal(t, "service", got.Kind)
	require.Equal(t, "casey", got.Owner)
	require.Equal(t, "open", got.Status)
	require.Regexp(t, `^https://service\.example/pay-quote/`+got.UID+`/[a-z2-7]{26}$`, got.PayURL)

	sent, err := e.outbox.Recent(t.Context(), "casey@example.com", 5)
	require.NoError(t, err)
	require.Len(t, sent, 1)
	require.Contains(t, sent[0].Message.Text, got.PayURL)
}

func TestIssueServiceQuote_WhoMayAndWhatIsRefused(t *testing.T) {
	clock := now
	e := newEnv(t, &clock)
	customer := e.signer.Customer(t, "casey")
	noClientRole := e.signer.Token(t, authtest.Claims{Subject: "eve", Roles: []string{"other-app:service:admin:rma:override:oow"}})
	tests := []struct {
		name     string
		token    string
		body     string
		wantCode int
		wantBody string
	}{
		{"anonymous", "", `{"rmaNumber":"RMA-100501","amountCents":100}`, http.StatusUnauthorized, ""},
		{"customer", customer, `{"rmaNumber":"RMA-100501","amountCents":100}`, http.StatusForbidden, ""},
		{"override of another client", noClientRole, `{"rmaNumber":"RMA-100501","amountCents":100}`, http.StatusForbidden, ""},
		{"zero amount", e.admin(t), `{"rmaNumber":"RMA-100501","amountCents":0}`, http.StatusBadRequest,
			`{"error":"validation","message":"Some fields are invalid.","fields":{"amountCents":"Must be more than 0.00"}}`},
		{"too large", e.admin(t), `{"rmaNumber":"RMA-100501","amountCents":10000001}`, http.StatusBadRequest,
			`{"error":"validation","message":"Some fields are invalid.","fields":{"amountCents":"Must be at most 100000.00"}}`},
		{"missing rma", e.admin(t), `{"amountCents":100}`, http.StatusBadRequest,
			`{"error":"validation","message":"Some fields are invalid.","fields":{"rmaNumber":"Required"}}`},
		{"dollars, not cents", e.admin(t), `{"rmaNumber":"RMA-100501","amountCents":189.5}`, http.StatusBadRequest, ""},
		{"amount as text", e.admin(t), `{"rmaNumber":"RMA-100501","amountCents":"18950"}`, http.StatusBadRequest, ""},
		{"misspelt field", e.admin(t), `{"rmaNumber":"RMA-100501","amount":18950}`, http.StatusBadRequest, ""},
		{"two objects", e.admin(t), `{"rmaNumber":"RMA-100501","amountCents":1}{}`, http.StatusBadRequest, ""},
		{"unknown rma", e.admin(t), `{"rmaNumber":"RMA-999999","amountCents":100}`, http.StatusNotFound,
			`{"error":"payments.rmaNotFound","message":"There is no RMA with this number."}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(e.r, http.MethodPost, "/payments/admin/service-quotes", tt.body, tt.token)
			require.Equal(t, tt.wantCode, w.Code, w.Body.String())
			if tt.wantBody != "" {
				require.JSONEq(t, tt.wantBody, w.Body.String())
			}
		})
	}
	sent, err := e.outbox.Recent(t.Context(), "", 5)
	require.NoError(t, err)
	require.Empty(t, sent, "nothing refused was mailed")
}

func TestQuoteDetails_OnlyTheOwnerAndAlikeForUnknownAndForeign(t *testing.T) {
	clock := now
	e := newEnv(t, &clock)
	issued := issue(t, e)
	casey := e.signer.Customer(t, "casey")

	w := do(e.r, http.MethodGet, "/payments/quote/details?uid="+issued.UID, "", casey)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"uid":"`+issued.UID+`","kind":"service","rmaNumber":"RMA-100501","serial":"RT10000002",
		"amount":{"cents":18950,"currency":"USD"},"status":"open","note":"New display.",
		"expiresAt":"2026-12-23T12:00:00Z","createdAt":"2026-11-23T12:00:00Z",
		"reference":"`+strings.TrimPrefix(issued.PayURL, "https://service.example/pay-quote/"+issued.UID+"/")+`","method":"","paidAt":null,"customerPO":"",
		"quoteData":{"shipping":{"address":{"line1":"","line2":"","city":"","state":"","country":"","postalCode":""},
			"contact":{"firstName":"Casey","lastName":"Morgan","emailAddress":"casey@example.com","phoneNumber":"","phoneCountryCode":"","companyName":""}},
			"externalResource":{"serial":"RT10000002"},"total":{"cents":18950,"currency":"USD"}},"refunds":[]}`, w.Body.String())

	foreign := do(e.r, http.MethodGet, "/payments/quote/details?uid="+issued.UID, "", e.signer.Customer(t, "olivia"))
	unknown := do(e.r, http.MethodGet, "/payments/quote/details?uid=QT-AAAAAAAAAAAA", "", e.signer.Customer(t, "olivia"))
	missing := do(e.r, http.MethodGet, "/payments/quote/details", "", casey)
	for _, got := range []*httptest.ResponseRecorder{foreign, unknown, missing} {
		require.Equal(t, http.StatusNotFound, got.Code)
		require.JSONEq(t, `{"error":"payments.quoteNotFound","message":"Quote not found"}`, got.Body.String())
	}
	require.Equal(t, foreign.Header(), unknown.Header(), "nothing tells a foreign quote from an unknown one")

	require.Equal(t, http.StatusUnauthorized, do(e.r, http.MethodGet, "/payments/quote/details?uid="+issued.UID, "", "").Code)

	clock = now.Add(payments.QuoteValidity)
	w = do(e.r, http.MethodGet, "/payments/quote/details?uid="+issued.UID, "", casey)
	require.Equal(t, http.StatusOK, w.Code)
	require.Contains(t, w.Body.String(), `"status":"expired"`)
}

func TestRoutes_SandboxesAreMountedOnlyWhenGiven(t *testing.T) {
	gin.SetMode(gin.TestMode)
	log := testkit.Quiet()
	guard := auth.NewGuard(authtest.NewSigner(t).Verifier(), log)
	sandbox := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("sandbox " + r.URL.Path)) })

	with := gin.New()
	paymentsapi.Routes(with, guard, paymentsapi.Deps{PayPalSandbox: sandbox, AuthNetSandbox: sandbox}, log)
	w := do(with, http.MethodPost, "/sandbox/paypal/v1/oauth2/token", "", "")
	require.Equal(t, "sandbox /v1/oauth2/token", w.Body.String(), "mounted with its prefix stripped")
	w = do(with, http.MethodGet, "/sandbox/authnet/payment/payment", "", "")
	require.Equal(t, "sandbox /payment/payment", w.Body.String())

	without := gin.New()
	paymentsapi.Routes(without, guard, paymentsapi.Deps{}, log)
	require.Equal(t, http.StatusNotFound, do(without, http.MethodPost, "/sandbox/paypal/v1/oauth2/token", "", "").Code)
	require.Equal(t, http.StatusNotFound, do(without, http.MethodGet, "/sandbox/authnet/payment/payment", "", "").Code)
}
