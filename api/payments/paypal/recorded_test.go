package paypal_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/pkg/money"
)

// recorded answers each "METHOD path" with a status and a body recorded from PayPal's documented
// responses (testdata), and keeps the requests it was sent.
type recorded struct {
	t       *testing.T
	mu      sync.Mutex
	routes  map[string]answer
	seen    []seenRequest
	srv     *httptest.Server
	tokenOK bool
}

type answer struct {
	status int
	file   string
	raw    string
}

type seenRequest struct {
	method, path string
	header       http.Header
	body         []byte
}

func newRecorded(t *testing.T, routes map[string]answer) *recorded {
	t.Helper()
	rec := &recorded{t: t, routes: routes}
	if _, ok := routes["POST /v1/oauth2/token"]; !ok {
		routes["POST /v1/oauth2/token"] = answer{status: 200, file: "token.json"}
	}
	rec.srv = httptest.NewServer(http.HandlerFunc(rec.serve))
	t.Cleanup(rec.srv.Close)
	return rec
}

func (rec *recorded) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rec.mu.Lock()
	rec.seen = append(rec.seen, seenRequest{method: r.Method, path: r.URL.Path, header: r.Header.Clone(), body: body})
	a, ok := rec.routes[r.Method+" "+r.URL.Path]
	rec.mu.Unlock()
	if !ok {
		http.Error(w, "no recording for "+r.Method+" "+r.URL.Path, http.StatusTeapot)
		return
	}
	out := []byte(a.raw)
	if a.file != "" {
		var err error
		out, err = os.ReadFile(filepath.Join("testdata", a.file))
		require.NoError(rec.t, err)
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(a.status)
	_, _ = w.Write(out)
}

// requests returns what was sent to "METHOD path".
func (rec *recorded) requests(route string) []seenRequest {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	var out []seenRequest
	for _, s := range rec.seen {
		if s.method+" "+s.path == route {
			out = append(out, s)
		}
	}
	return out
}

func (rec *recorded) client(t *testing.T) *paypal.Client {
	t.Helper()
	c, err := paypal.New(paypal.Config{BaseURL: rec.srv.URL, ClientID: "portal-app", ClientSecret: "s3cret-value", WebhookID: "1JE4291016473214C"}, nil)
	require.NoError(t, err)
	return c
}

const (
	orderPath   = "/v2/checkout/orders/5O190127TN364715T"
	capturePath = orderPath + "/capture"
	quoteID     = "Q-2026-000123"
)

var quote = money.USD(28900)

func TestCreateOrder_SendsTheQuoteAndReturnsTheApproveLink(t *testing.T) {
	rec := newRecorded(t, map[string]answer{"POST /v2/checkout/orders": {status: 201, file: "order_created.json"}})
	order, err := rec.client(t).CreateOrder(context.Background(), paypal.OrderRequest{
		QuoteID: quoteID, Amount: quote, Description: "Out-of-warranty repair RT10000002",
		ReturnURL: "https://portal.example/create-rma/RT10000002?step=confirm", CancelURL: "https://portal.example/canceled",
	})
	require.NoError(t, err)
	require.Equal(t, "5O190127TN364715T", order.ID)
	require.Equal(t, paypal.StatusCreated, order.Status)
	require.Equal(t, "https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T", order.PaymentURL)
	require.Equal(t, quote, order.Amount)

	tokens := rec.requests("POST /v1/oauth2/token")
	require.Len(t, tokens, 1)
	id, secret, ok := (&http.Request{Header: tokens[0].header}).BasicAuth()
	require.True(t, ok)
	require.Equal(t, "portal-app", id)
	require.Equal(t, "s3cret-value", secret)
	require.Equal(t, "grant_type=client_credentials", string(tokens[0].body))

	sent := rec.requests("POST /v2/checkout/orders")
	require.Len(t, sent, 1)
	require.Equal(t, "order-"+quoteID, sent[0].header.Get("PayPal-Request-Id"))
	require.True(t, strings.HasPrefix(sent[0].header.Get("Authorization"), "Bearer A21AA"))
	var body struct {
		Intent        string `json:"intent"`
		PurchaseUnits []struct {
			InvoiceID string `json:"invoice_id"`
			Amount    struct {
				Currency string `json:"currency_code"`
				Value    string `json:"value"`
			} `json:"amount"`
		} `json:"purchase_units"`
		ApplicationContext struct {
			ReturnURL string `json:"return_url"`
			CancelURL string `json:"cancel_url"`
		} `json:"application_context"`
	}
	require.NoError(t, json.Unmarshal(sent[0].body, &body))
	require.Equal(t, "CAPTURE", body.Intent)
	require.Len(t, body.PurchaseUnits, 1)
	require.Equal(t, quoteID, body.PurchaseUnits[0].InvoiceID)
	require.Equal(t, "USD", body.PurchaseUnits[0].Amount.Currency)
	require.Equal(t, "289.00", body.PurchaseUnits[0].Amount.Value)
	require.Equal(t, "https://portal.example/create-rma/RT10000002?step=confirm", body.ApplicationContext.ReturnURL)
	require.Equal(t, "https://portal.example/canceled", body.ApplicationContext.CancelURL)
}

func TestCreateOrder_FormatsAmountsAsDecimalStringsOfTheCurrency(t *testing.T) {
	for _, tc := range []struct {
		amount   money.Money
		currency string
		value    string
	}{
		{money.USD(1), "USD", "0.01"},
		{money.USD(10), "USD", "0.10"},
		{money.USD(100), "USD", "1.00"},
		{money.USD(28900), "USD", "289.00"},
		{money.USD(123456789), "USD", "1234567.89"},
		{money.Money{Cents: 1999, Currency: "EUR"}, "EUR", "19.99"},
		{money.Money{Cents: 500, Currency: "JPY"}, "JPY", "500"},
	} {
		t.Run(tc.value+tc.currency, func(t *testing.T) {
			rec := newRecorded(t, map[string]answer{"POST /v2/checkout/orders": {status: 201, file: "order_created.json"}})
			_, err := rec.client(t).CreateOrder(context.Background(), paypal.OrderRequest{
				QuoteID: quoteID, Amount: tc.amount, ReturnURL: "https://portal.example/r", CancelURL: "https://portal.example/c",
			})
			require.NoError(t, err)
			var body struct {
				PurchaseUnits []struct {
					Amount map[string]string `json:"amount"`
				} `json:"purchase_units"`
			}
			require.NoError(t, json.Unmarshal(rec.requests("POST /v2/checkout/orders")[0].body, &body))
			require.Equal(t, map[string]string{"currency_code": tc.currency, "value": tc.value}, body.PurchaseUnits[0].Amount)
		})
	}
}

func TestCreateOrder_RefusesAmountsThatAreNotAPositiveQuote(t *testing.T) {
	rec := newRecorded(t, map[string]answer{"POST /v2/checkout/orders": {status: 201, file: "order_created.json"}})
	c := rec.client(t)
	for _, amount := range []money.Money{money.USD(0), money.USD(-100), {Cents: 100, Currency: "usd"}, {Cents: 100, Currency: "ABC"}} {
		_, err := c.CreateOrder(context.Background(), paypal.OrderRequest{QuoteID: quoteID, Amount: amount, ReturnURL: "https://p/r", CancelURL: "https://p/c"})
		require.Error(t, err, "%+v", amount)
	}
	require.Empty(t, rec.requests("POST /v2/checkout/orders"))
}

func TestCreateOrder_TakesThePayerActionLinkOfThePaymentSourceFlow(t *testing.T) {
	rec := newRecorded(t, map[string]answer{"POST /v2/checkout/orders": {status: 200, file: "order_payer_action.json"}})
	order, err := rec.client(t).CreateOrder(context.Background(), paypal.OrderRequest{QuoteID: quoteID, Amount: quote, ReturnURL: "https://p/r", CancelURL: "https://p/c"})
	require.NoError(t, err)
	require.Equal(t, paypal.StatusPayerAction, order.Status)
	require.Equal(t, "https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T", order.PaymentURL)
}

func TestCapture_MapsRecordedResponses(t *testing.T) {
	for _, tc := range []struct {
		name     string
		routes   map[string]answer
		want     error
		captured bool
	}{
		{"completed with the quote's amount", map[string]answer{"POST " + capturePath: {201, "capture_completed.json", ""}}, nil, true},
		{"completed with another amount", map[string]answer{"POST " + capturePath: {201, "capture_completed_other_amount.json", ""}}, payments.ErrAmountMismatch, true},
		{"pending review", map[string]answer{"POST " + capturePath: {201, "capture_pending.json", ""}}, payments.ErrPending, true},
		{"capture declined", map[string]answer{"POST " + capturePath: {201, "capture_declined.json", ""}}, payments.ErrDeclined, true},
		{"instrument declined", map[string]answer{"POST " + capturePath: {422, "error_instrument_declined.json", ""}}, payments.ErrDeclined, false},
		{"not approved", map[string]answer{"POST " + capturePath: {422, "error_order_not_approved.json", ""}}, payments.ErrNotApproved, false},
		{"duplicate invoice", map[string]answer{"POST " + capturePath: {422, "error_duplicate_invoice.json", ""}}, payments.ErrAlreadyPaid, false},
		{"unknown order", map[string]answer{"POST " + capturePath: {404, "error_not_found.json", ""}}, payments.ErrNotFound, false},
		{"already captured is read back", map[string]answer{
			"POST " + capturePath: {422, "error_order_already_captured.json", ""},
			"GET " + orderPath:    {200, "order_completed.json", ""},
		}, nil, true},
		{"gateway outage", map[string]answer{"POST " + capturePath: {503, "", "<html><body>503 Service Unavailable</body></html>"}}, payments.ErrProviderUnavailable, false},
		{"server error", map[string]answer{"POST " + capturePath: {500, "", `{"name":"INTERNAL_SERVER_ERROR","message":"An internal server error occurred.","debug_id":"90957fca61718"}`}}, payments.ErrProviderUnavailable, false},
		{"credentials refused", map[string]answer{"POST /v1/oauth2/token": {401, "token_invalid_client.json", ""}}, payments.ErrProviderUnavailable, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := newRecorded(t, tc.routes)
			got, err := rec.client(t).Capture(context.Background(), "5O190127TN364715T", quoteID, quote)
			if tc.want == nil {
				require.NoError(t, err)
			} else {
				require.ErrorIs(t, err, tc.want)
			}
			if tc.captured {
				require.Equal(t, "3C679366HH908993F", got.ID)
				require.Equal(t, "5O190127TN364715T", got.OrderID)
			}
			if caps := rec.requests("POST " + capturePath); len(caps) > 0 {
				require.Equal(t, "capture-"+quoteID+"-5O190127TN364715T", caps[0].header.Get("PayPal-Request-Id"))
				require.Equal(t, "return=representation", caps[0].header.Get("Prefer"))
				require.JSONEq(t, `{}`, string(caps[0].body))
			}
		})
	}
}

func TestCapture_RefusesACompletedCaptureInAnotherCurrency(t *testing.T) {
	rec := newRecorded(t, map[string]answer{"POST " + capturePath: {status: 201, file: "capture_completed.json"}})
	got, err := rec.client(t).Capture(context.Background(), "5O190127TN364715T", quoteID, money.Money{Cents: 28900, Currency: "EUR"})
	require.ErrorIs(t, err, payments.ErrAmountMismatch)
	require.Equal(t, money.USD(28900), got.Amount)
}

func TestGetOrder_ReadsAnApprovedOrder(t *testing.T) {
	rec := newRecorded(t, map[string]answer{"GET " + orderPath: {status: 200, file: "order_approved.json"}})
	order, err := rec.client(t).GetOrder(context.Background(), "5O190127TN364715T")
	require.NoError(t, err)
	require.Equal(t, paypal.Order{ID: "5O190127TN364715T", Status: paypal.StatusApproved, Amount: quote, InvoiceID: quoteID, PayerID: "QYR5Z8XDVJNXQ"}, order)
}

func TestGetOrder_IDsThatCannotBeOrdersAreNotFoundWithoutACall(t *testing.T) {
	rec := newRecorded(t, map[string]answer{})
	c := rec.client(t)
	for _, id := range []string{"", "../../v1/oauth2/token", "5O19 0127", "5O190127TN364715T?x=1", strings.Repeat("A", 65)} {
		_, err := c.GetOrder(context.Background(), id)
		require.ErrorIs(t, err, payments.ErrNotFound, id)
	}
	require.Empty(t, rec.seen)
}

func TestNew_RefusesIncompleteConfig(t *testing.T) {
	for _, cfg := range []paypal.Config{
		{BaseURL: "", ClientID: "a", ClientSecret: "b"},
		{BaseURL: "api-m.paypal.com", ClientID: "a", ClientSecret: "b"},
		{BaseURL: "ftp://api-m.paypal.com", ClientID: "a", ClientSecret: "b"},
		{BaseURL: "https://api-m.paypal.com", ClientSecret: "b"},
		{BaseURL: "https://api-m.paypal.com", ClientID: "a"},
	} {
		_, err := paypal.New(cfg, nil)
		require.Error(t, err, "%+v", cfg)
	}
}

func TestConfig_NeverPrintsTheSecret(t *testing.T) {
	cfg := paypal.Config{BaseURL: "https://api-m.paypal.com", ClientID: "portal-app", ClientSecret: "s3cret-value"}
	js, err := json.Marshal(cfg)
	require.NoError(t, err)
	require.NotContains(t, string(js), "s3cret-value")
}

func TestClient_CachesTheTokenUntilShortlyBeforeItExpires(t *testing.T) {
	for _, tc := range []struct {
		name      string
		expiresIn int
		fetches   int
	}{
		{"nine hours: one token for every call", 32400, 1},
		{"expires within the renewal minute: a token per call", 30, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := newRecorded(t, map[string]answer{
				"POST /v1/oauth2/token": {status: 200, raw: `{"access_token":"A21AAtoken","token_type":"Bearer","app_id":"APP-80W284485P519543T","expires_in":` + itoa(tc.expiresIn) + `}`},
				"GET " + orderPath:      {status: 200, file: "order_approved.json"},
			})
			c := rec.client(t)
			for range 3 {
				_, err := c.GetOrder(context.Background(), "5O190127TN364715T")
				require.NoError(t, err)
			}
			require.Len(t, rec.requests("POST /v1/oauth2/token"), tc.fetches)
		})
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// eventLog is the caller's side of deduplication, as a table with a unique key would do it.
type eventLog struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (l *eventLog) Claim(_ context.Context, provider, id string) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seen == nil {
		l.seen = map[string]bool{}
	}
	if l.seen[provider+"/"+id] {
		return false, nil
	}
	l.seen[provider+"/"+id] = true
	return true, nil
}

func webhookHeader() http.Header {
	h := http.Header{}
	h.Set("Paypal-Transmission-Id", "b2384410-f8d2-11ec-a45e-2b9b6e8b1f4c")
	h.Set("Paypal-Transmission-Time", "2026-11-23T10:14:42Z")
	h.Set("Paypal-Transmission-Sig", "Hj4TDwH4BdO6Zlhhx8vsJrvmgvh2qfCSDHMsxrbMqzQMXnN7hzGkcZ/rFyfgPBXrCgoMc8sbKpC8ZVITvmi3Xjgm4GVWvqbpzSVA5oUWV1dLmmSpGNQ8f6X0T8gfm+DFjJPTbdyFgdhBxrgRAUxl09RNtTQHEwNnRGkiNHjPbsoxgiF80RyRk1L7ooqLc65axN4pQrA1h9HNTqiHu7P5RyU8Mr8GixdcS3eqzfPoDAdFsYBYBPoGBvHNVfDDSiVuWw7jj+4lmzcFFE7nbLHmYkUUX96i2HqHJEY5Bo2Zp2bU8NPK6rMuuGTeD0QuOPPHaHNwVSvtQwePy/0zTZCOBA==")
	h.Set("Paypal-Cert-Url", "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a2d3b1ff")
	h.Set("Paypal-Auth-Algo", "SHA256withRSA")
	return h
}

func TestVerifyWebhook_AcceptsWhatPayPalVouchesForOnce(t *testing.T) {
	rec := newRecorded(t, map[string]answer{"POST /v1/notifications/verify-webhook-signature": {status: 200, file: "verify_success.json"}})
	body, err := os.ReadFile("testdata/webhook_capture_completed.json")
	require.NoError(t, err)
	c, log := rec.client(t), &eventLog{}

	ev, err := c.VerifyWebhook(context.Background(), webhookHeader(), body, log)
	require.NoError(t, err)
	require.Equal(t, paypal.Event{
		ID: "WH-58D329510W468432D-8HN650336L201105X", Type: paypal.EventCaptureCompleted, ResourceID: "3C679366HH908993F",
		Status: "COMPLETED", Amount: quote, InvoiceID: quoteID, OrderID: "5O190127TN364715T",
	}, ev)

	var sent map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(rec.requests("POST /v1/notifications/verify-webhook-signature")[0].body, &sent))
	require.JSONEq(t, `"1JE4291016473214C"`, string(sent["webhook_id"]))
	require.JSONEq(t, `"SHA256withRSA"`, string(sent["auth_algo"]))
	require.JSONEq(t, `"b2384410-f8d2-11ec-a45e-2b9b6e8b1f4c"`, string(sent["transmission_id"]))
	require.True(t, bytes.Contains(rec.requests("POST /v1/notifications/verify-webhook-signature")[0].body, body), "the event goes to PayPal byte for byte")

	_, err = c.VerifyWebhook(context.Background(), webhookHeader(), body, log)
	require.ErrorIs(t, err, payments.ErrDuplicateEvent)
}

func TestVerifyWebhook_SendsTheBodyByteForByte(t *testing.T) {
	rec := newRecorded(t, map[string]answer{"POST /v1/notifications/verify-webhook-signature": {status: 200, file: "verify_success.json"}})
	// Indented, with characters a JSON encoder would escape: PayPal's CRC32 covers these bytes.
	body := []byte("{\n  \"id\": \"WH-1\",\n  \"event_type\": \"PAYMENT.CAPTURE.COMPLETED\",\n  \"summary\": \"Repair & return <RT10000002>\",\n  \"resource\": {\"id\": \"3C679366HH908993F\", \"status\": \"COMPLETED\"}\n}")
	_, err := rec.client(t).VerifyWebhook(context.Background(), webhookHeader(), body, &eventLog{})
	require.NoError(t, err)
	sent := rec.requests("POST /v1/notifications/verify-webhook-signature")[0].body
	require.True(t, bytes.Contains(sent, append([]byte(`"webhook_event":`), body...)), string(sent))
	require.True(t, json.Valid(sent))
}

func TestVerifyWebhook_RefusesWhatPayPalDoesNotVouchFor(t *testing.T) {
	rec := newRecorded(t, map[string]answer{"POST /v1/notifications/verify-webhook-signature": {status: 200, file: "verify_failure.json"}})
	body, err := os.ReadFile("testdata/webhook_capture_completed.json")
	require.NoError(t, err)
	c, log := rec.client(t), &eventLog{}
	_, err = c.VerifyWebhook(context.Background(), webhookHeader(), body, log)
	require.ErrorIs(t, err, payments.ErrWebhookUnverified)
	require.Empty(t, log.seen, "an unverified event claims nothing")

	noSig := webhookHeader()
	noSig.Del("Paypal-Transmission-Sig")
	_, err = c.VerifyWebhook(context.Background(), noSig, body, log)
	require.ErrorIs(t, err, payments.ErrWebhookUnverified)
	_, err = c.VerifyWebhook(context.Background(), webhookHeader(), []byte("not json"), log)
	require.ErrorIs(t, err, payments.ErrWebhookUnverified)
	require.Len(t, rec.requests("POST /v1/notifications/verify-webhook-signature"), 1, "malformed deliveries never reach PayPal")
}
