package paymentsapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/authnetsandbox"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/payments/paymentstest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

// payEnv is the payments router with a checkout on SQLite and the provider sandboxes, served at
// the providers' URL so the sandboxes' webhooks reach it.
type payEnv struct {
	r         *gin.Engine
	store     *paymentsdb.Store
	signer    *authtest.Signer
	providers *paymentstest.Providers
	outbox    *mail.Outbox
}

func newPayEnv(t *testing.T) payEnv {
	t.Helper()
	gin.SetMode(gin.TestMode)
	gdb := testkit.SQLite(t)
	_, err := db.Migrate(t.Context(), gdb, paymentsdb.Schema(), mail.Schema())
	require.NoError(t, err)
	store := paymentsdb.NewStore(gdb)
	providers := paymentstest.New(t)
	pp, an := providers.Gateways()
	tx, outbox := db.NewTransactor(gdb), mail.NewOutbox(gdb)
	checkout := payments.NewCheckout(payments.CheckoutDeps{
		Store: store, Tx: tx, Mail: outbox, PayPal: pp, AuthNet: an, PublicURL: providers.URL, Log: testkit.Quiet(),
	})
	quotes := payments.NewQuotes(payments.QuotesDeps{Store: store, Tx: tx, RMAs: rmas{}, Mail: outbox, PublicURL: providers.URL, Log: testkit.Quiet()})
	signer := authtest.NewSigner(t)
	r := gin.New()
	paymentsapi.Routes(r, auth.NewGuard(signer.Verifier(), testkit.Quiet()), paymentsapi.Deps{Quotes: quotes, Checkout: checkout, Webhooks: providers.Webhooks()}, testkit.Quiet())
	providers.Serve(r)
	return payEnv{r: r, store: store, signer: signer, providers: providers, outbox: outbox}
}

func (e payEnv) serviceQuote(t *testing.T, status payments.QuoteStatus) payments.Quote {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Microsecond)
	q := payments.Quote{
		ID: payments.NewQuoteID(), Kind: payments.KindService, Owner: "casey", RMANumber: "RMA-100501", Serial: "RT10000002",
		Reference: payments.NewReference(), Amount: money.USD(125_00), Status: status,
		ExpiresAt: now.Add(payments.QuoteValidity), CreatedAt: now, UpdatedAt: now,
		Saved: payments.SavedQuote{Shipping: payments.QuoteShipping{Contact: payments.QuoteContact{FirstName: "Casey", EmailAddress: "casey@example.com"}}},
	}
	require.NoError(t, e.store.CreateQuote(t.Context(), q))
	return q
}

func decodeJSON[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal([]byte(body), &v), body)
	return v
}

func TestPayQuote_PayPalFromOrderToCapture(t *testing.T) {
	e := newPayEnv(t)
	casey := e.signer.Customer(t, "casey")
	q := e.serviceQuote(t, payments.StatusOpen)
	ref := `{"uid":"` + q.ID + `","reference":"` + q.Reference + `"}`

	// An amount in the body is not read (ARCHITECTURE.md §5): the quote's own is charged below.
	strayAmount := strings.Replace(ref, `}`, `,"amount":1}`, 1)
	w := do(e.r, http.MethodPost, "/payments/quote/paypal/order", strayAmount, casey)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	order := decodeJSON[paymentsapi.PayPalOrderResponse](t, w.Body.String())
	require.True(t, strings.HasPrefix(order.PaymentURL, e.providers.URL+"/sandbox/paypal/checkoutnow?token="), order.PaymentURL)

	back := e.providers.ApprovePayPal(t, order.PaymentURL, paymentstest.CardPays)
	require.Equal(t, "/pay-quote/"+q.ID+"/"+q.Reference, back.Path)
	capture := `{"uid":"` + q.ID + `","reference":"` + q.Reference + `","token":"` + back.Query().Get("token") + `"}`
	first := do(e.r, http.MethodPost, "/payments/quote/paypal/capture", capture, casey)
	require.Equal(t, http.StatusOK, first.Code, first.Body.String())
	paid := decodeJSON[paymentsapi.QuoteResponse](t, first.Body.String())
	require.Equal(t, "paid", paid.Status)
	require.Equal(t, "PayPal", paid.Method)
	require.NotNil(t, paid.PaidAt)
	require.Equal(t, money.USD(125_00), paid.Amount)

	repeat := do(e.r, http.MethodPost, "/payments/quote/paypal/capture", capture, casey)
	require.Equal(t, http.StatusOK, repeat.Code)
	require.JSONEq(t, first.Body.String(), repeat.Body.String(), "repeats answer the same")

	w = do(e.r, http.MethodPost, "/payments/quote/paypal/order", ref, casey)
	require.Equal(t, http.StatusConflict, w.Code)
	require.JSONEq(t, `{"error":"payments.alreadyPaid","message":"This quote has already been paid."}`, w.Body.String())
}

func TestPayQuote_AuthNetFormThenConfirm(t *testing.T) {
	e := newPayEnv(t)
	casey := e.signer.Customer(t, "casey")
	q := e.serviceQuote(t, payments.StatusOpen)

	w := do(e.r, http.MethodPost, "/payments/quote/authnet/confirm", `{"uid":"`+q.ID+`"}`, casey)
	require.Equal(t, http.StatusConflict, w.Code)
	require.JSONEq(t, `{"error":"payments.notApproved","message":"The payment has not been approved yet."}`, w.Body.String())

	w = do(e.r, http.MethodPost, "/payments/quote/authnet/form", `{"uid":"`+q.ID+`","reference":"`+q.Reference+`"}`, casey)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	form := decodeJSON[paymentsapi.AuthNetFormResponse](t, w.Body.String())
	require.Equal(t, e.providers.URL+"/sandbox/authnet/payment/payment", form.FormURL)
	status, location := e.providers.PayAuthNet(t, payments.HostedForm{FormURL: form.FormURL, Token: form.Token}, paymentstest.CardPays, paymentstest.AuthNetZIPPays)
	require.Equal(t, http.StatusSeeOther, status)
	require.Equal(t, e.providers.URL+"/authnet-response?quote="+q.ID, location)

	w = do(e.r, http.MethodPost, "/payments/quote/authnet/confirm", `{"uid":"`+q.ID+`"}`, casey)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	paid := decodeJSON[paymentsapi.QuoteResponse](t, w.Body.String())
	require.Equal(t, "paid", paid.Status)
	require.Equal(t, "AuthorizeNet", paid.Method)

	w = do(e.r, http.MethodGet, "/payments/quote/details?uid="+q.ID, "", casey)
	require.Equal(t, http.StatusOK, w.Code)
	require.Equal(t, "paid", decodeJSON[paymentsapi.QuoteResponse](t, w.Body.String()).Status)
}

func TestPayQuote_WhoMayAndWhatIsRefused(t *testing.T) {
	e := newPayEnv(t)
	casey, olivia := e.signer.Customer(t, "casey"), e.signer.Customer(t, "olivia")
	open := e.serviceQuote(t, payments.StatusOpen)
	cancelled := e.serviceQuote(t, payments.StatusCancelled)
	body := func(q payments.Quote, reference string) string {
		return `{"uid":"` + q.ID + `","reference":"` + reference + `","token":"5O190127TN364715T"}`
	}
	notFound := `{"error":"payments.quoteNotFound","message":"Quote not found"}`
	tests := []struct {
		name, token, body string
		wantCode          int
		wantBody          string
	}{
		{"anonymous", "", body(open, open.Reference), http.StatusUnauthorized, ""},
		{"another customer", olivia, body(open, open.Reference), http.StatusNotFound, notFound},
		{"wrong reference", casey, body(open, "notthereference"), http.StatusNotFound, notFound},
		{"cancelled", casey, body(cancelled, cancelled.Reference), http.StatusConflict,
			`{"error":"payments.quoteCancelled","message":"This quote was cancelled and can no longer be paid."}`},
		{"a body that is not JSON", casey, `{"uid":"` + open.ID + `",`, http.StatusBadRequest,
			`{"error":"request.badBody","message":"The request could not be read. Please reload the page and try again."}`},
	}
	for _, tt := range tests {
		for _, path := range []string{"/payments/quote/paypal/order", "/payments/quote/paypal/capture", "/payments/quote/authnet/form"} {
			t.Run(tt.name+" "+path, func(t *testing.T) {
				b := tt.body
				if path != "/payments/quote/paypal/capture" {
					b = strings.Replace(b, `,"token":"5O190127TN364715T"`, "", 1)
				}
				w := do(e.r, http.MethodPost, path, b, tt.token)
				require.Equal(t, tt.wantCode, w.Code, w.Body.String())
				if tt.wantBody != "" {
					require.JSONEq(t, tt.wantBody, w.Body.String())
				}
			})
		}
	}
	w := do(e.r, http.MethodPost, "/payments/quote/authnet/confirm", `{"uid":"`+open.ID+`"}`, olivia)
	require.Equal(t, http.StatusNotFound, w.Code)
	require.JSONEq(t, notFound, w.Body.String())
	w = do(e.r, http.MethodPost, "/payments/quote/paypal/capture", body(open, open.Reference), casey)
	require.Equal(t, http.StatusNotFound, w.Code, "a token that is not the quote's order")
	require.JSONEq(t, `{"error":"payments.notFound","message":"Payment not found"}`, w.Body.String())
}

func TestWebhooks_ForgedIs401ReplayIs200AndNeitherChangesAnything(t *testing.T) {
	e := newPayEnv(t)
	q := e.serviceQuote(t, payments.StatusOpen)
	// Stop the sandboxes' own deliveries reaching the router: this test posts them itself.
	deliveries := make(chan *http.Request, 4)
	bodies := make(chan string, 4)
	e.providers.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		deliveries <- r
		bodies <- string(b)
	}))
	casey := e.signer.Customer(t, "casey")
	w := do(e.r, http.MethodPost, "/payments/quote/authnet/form", `{"uid":"`+q.ID+`","reference":"`+q.Reference+`"}`, casey)
	require.Equal(t, http.StatusOK, w.Code)
	form := decodeJSON[paymentsapi.AuthNetFormResponse](t, w.Body.String())
	status, _ := e.providers.PayAuthNet(t, payments.HostedForm{FormURL: form.FormURL, Token: form.Token}, paymentstest.CardPays, paymentstest.AuthNetZIPPays)
	require.Equal(t, http.StatusSeeOther, status)
	var (
		req  *http.Request
		body string
	)
	select {
	case req = <-deliveries:
		body = <-bodies
	case <-time.After(10 * time.Second):
		t.Fatal("no webhook delivery")
	}
	signature := req.Header.Get("X-ANET-Signature")

	post := func(path, body, signature string) (int, string) {
		r, _ := http.NewRequest(http.MethodPost, path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		if signature != "" {
			r.Header.Set("X-ANET-Signature", signature)
		}
		rec := httptest.NewRecorder()
		e.r.ServeHTTP(rec, r)
		return rec.Code, rec.Body.String()
	}

	code, answer := post("/payments/webhooks/authnet", body, authnetsandbox.Sign("not-the-key", []byte(body)))
	require.Equal(t, http.StatusUnauthorized, code)
	require.JSONEq(t, `{"error":"payments.webhookUnverified","message":"The notification could not be verified."}`, answer)
	code, _ = post("/payments/webhooks/authnet", body, "")
	require.Equal(t, http.StatusUnauthorized, code, "no signature")
	code, _ = post("/payments/webhooks/paypal", `{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED"}`, "")
	require.Equal(t, http.StatusUnauthorized, code, "no PayPal transmission headers")
	got, err := e.store.QuoteByID(t.Context(), q.ID)
	require.NoError(t, err)
	require.Equal(t, payments.StatusOpen, got.Status, "forgeries change nothing")

	code, answer = post("/payments/webhooks/authnet", body, signature)
	require.Equal(t, http.StatusOK, code, answer)
	require.JSONEq(t, `{"status":"handled"}`, answer)
	code, answer = post("/payments/webhooks/authnet", body, signature)
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `{"status":"duplicate"}`, answer)

	got, err = e.store.QuoteByID(t.Context(), q.ID)
	require.NoError(t, err)
	require.Equal(t, payments.StatusPaid, got.Status)
	sent, err := e.outbox.Recent(t.Context(), "casey@example.com", 10)
	require.NoError(t, err)
	require.Len(t, sent, 1, "one receipt")
}
