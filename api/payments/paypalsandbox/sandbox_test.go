package paypalsandbox_test

import (
	"context"
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/paypalsandbox"
)

type fixture struct {
	srv   *httptest.Server
	base  string
	sb    *paypalsandbox.Sandbox
	now   time.Time
	mu    sync.Mutex
	hooks chan *http.Request
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{now: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), hooks: make(chan *http.Request, 8)}
	mux := http.NewServeMux()
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	f.base = f.srv.URL + "/sandbox/paypal"
	sb, err := paypalsandbox.New(paypalsandbox.Config{
		BaseURL: f.base, ClientID: "app", ClientSecret: "secret", WebhookID: "WH-ID", WebhookURL: f.srv.URL + "/hook",
		TokenLifetime: time.Hour, Now: f.clock,
	})
	require.NoError(t, err)
	f.sb = sb
	mux.Handle("/sandbox/paypal/", http.StripPrefix("/sandbox/paypal", sb))
	mux.HandleFunc("POST /hook", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		f.hooks <- r
	})
	return f
}

func (f *fixture) clock() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fixture) advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

// call sends a request to the sandbox and decodes its JSON answer.
func (f *fixture) call(t *testing.T, method, path, token, body string, header map[string]string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, f.base+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	var out map[string]any
	raw, _ := io.ReadAll(res.Body)
	if len(raw) > 0 && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		require.NoError(t, json.Unmarshal(raw, &out), string(raw))
	}
	return res.StatusCode, out
}

func (f *fixture) token(t *testing.T) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, f.base+"/v1/oauth2/token", strings.NewReader("grant_type=client_credentials"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth("app", "secret")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	var out struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int    `json:"expires_in"`
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
	require.Equal(t, "Bearer", out.TokenType)
	require.Equal(t, 3600, out.ExpiresIn)
	return out.AccessToken
}

const validOrder = `{"intent":"CAPTURE","purchase_units":[{"invoice_id":"Q-1","amount":{"currency_code":"USD","value":"289.00"}}],
 "application_context":{"return_url":"https://portal.example/return","cancel_url":"https://portal.example/cancel"}}`

func TestToken_RefusesWrongClientsAndGrants(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name, id, secret, body string
		status                 int
		errCode                string
	}{
		{"wrong secret", "app", "nope", "grant_type=client_credentials", 401, "invalid_client"},
		{"unknown client", "other", "secret", "grant_type=client_credentials", 401, "invalid_client"},
		{"other grant", "app", "secret", "grant_type=password", 400, "unsupported_grant_type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, f.base+"/v1/oauth2/token", strings.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.SetBasicAuth(tc.id, tc.secret)
			res, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			defer res.Body.Close()
			require.Equal(t, tc.status, res.StatusCode)
			var out map[string]string
			require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
			require.Equal(t, tc.errCode, out["error"])
		})
	}
}

func TestAPI_RefusesMissingForgedAndExpiredTokens(t *testing.T) {
	f := newFixture(t)
	token := f.token(t)
	for _, tc := range []struct{ name, token string }{
		{"missing", ""},
		{"forged", "A21AA9999999999.XXXX.bm90LWEtbWFj"},
		{"altered", strings.Replace(token, "A21AA", "A21AA9", 1)},
	} {
		status, body := f.call(t, http.MethodGet, "/v2/checkout/orders/ANY", tc.token, "", nil)
		require.Equal(t, http.StatusUnauthorized, status, tc.name)
		require.Equal(t, "invalid_token", body["error"], tc.name)
	}
	status, _ := f.call(t, http.MethodGet, "/v2/checkout/orders/ANY", token, "", nil)
	require.Equal(t, http.StatusNotFound, status, "a valid token passes")
	f.advance(time.Hour)
	status, body := f.call(t, http.MethodGet, "/v2/checkout/orders/ANY", token, "", nil)
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, "Access Token not found in cache", body["error_description"])
}

func TestToken_OutlivesARestartOfTheSandbox(t *testing.T) {
	f := newFixture(t)
	token := f.token(t)
	restarted, err := paypalsandbox.New(paypalsandbox.Config{BaseURL: f.base, ClientID: "app", ClientSecret: "secret", Now: f.clock})
	require.NoError(t, err)
	req := httptest.NewRequest(http.MethodGet, "/v2/checkout/orders/5O190127TN364715T", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	rec := httptest.NewRecorder()
	restarted.ServeHTTP(rec, req)
	require.Equal(t, http.StatusNotFound, rec.Code, "the token is accepted; the order, kept in memory, is gone")

	otherApp, err := paypalsandbox.New(paypalsandbox.Config{BaseURL: f.base, ClientID: "app", ClientSecret: "another", Now: f.clock})
	require.NoError(t, err)
	rec = httptest.NewRecorder()
	otherApp.ServeHTTP(rec, req)
	require.Equal(t, http.StatusUnauthorized, rec.Code)
}

func TestCreateOrder_ValidatesAsPayPalDoes(t *testing.T) {
	f := newFixture(t)
	token := f.token(t)
	unit := func(amount string) string {
		return `{"intent":"CAPTURE","purchase_units":[{"amount":` + amount + `}]}`
	}
	for _, tc := range []struct {
		name, body string
		status     int
		errName    string
		issue      string
		field      string
	}{
		{"malformed JSON", `{"intent":`, 400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", ""},
		{"no intent", `{"purchase_units":[{"amount":{"currency_code":"USD","value":"1.00"}}]}`, 400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "/intent"},
		{"unknown intent", `{"intent":"SALE","purchase_units":[]}`, 400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "/intent"},
		{"authorize", `{"intent":"AUTHORIZE","purchase_units":[]}`, 422, "UNPROCESSABLE_ENTITY", "UNSUPPORTED_INTENT", "/intent"},
		{"no purchase units", `{"intent":"CAPTURE","purchase_units":[]}`, 400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "/purchase_units"},
		{"no amount", `{"intent":"CAPTURE","purchase_units":[{}]}`, 400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "/purchase_units/@reference_id=='default'/amount"},
		{"no currency", unit(`{"value":"1.00"}`), 400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "/purchase_units/@reference_id=='default'/amount/currency_code"},
		{"currency not a code", unit(`{"currency_code":"DOLLAR","value":"1.00"}`), 400, "INVALID_REQUEST", "INVALID_PARAMETER_SYNTAX", "/purchase_units/@reference_id=='default'/amount/currency_code"},
		{"unknown currency", unit(`{"currency_code":"ABC","value":"1.00"}`), 422, "UNPROCESSABLE_ENTITY", "CURRENCY_NOT_SUPPORTED", "/purchase_units/@reference_id=='default'/amount/currency_code"},
		{"value not a number", unit(`{"currency_code":"USD","value":"1,00"}`), 400, "INVALID_REQUEST", "INVALID_PARAMETER_SYNTAX", "/purchase_units/@reference_id=='default'/amount/value"},
		{"three decimals", unit(`{"currency_code":"USD","value":"289.001"}`), 422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION", "/purchase_units/@reference_id=='default'/amount/value"},
		{"decimals for yen", unit(`{"currency_code":"JPY","value":"500.5"}`), 422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION", "/purchase_units/@reference_id=='default'/amount/value"},
		{"zero", unit(`{"currency_code":"USD","value":"0.00"}`), 422, "UNPROCESSABLE_ENTITY", "CANNOT_BE_ZERO_OR_NEGATIVE", "/purchase_units/@reference_id=='default'/amount/value"},
		{"negative", unit(`{"currency_code":"USD","value":"-5.00"}`), 422, "UNPROCESSABLE_ENTITY", "CANNOT_BE_ZERO_OR_NEGATIVE", "/purchase_units/@reference_id=='default'/amount/value"},
		{"bad return URL", `{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"1.00"}}],"application_context":{"return_url":"javascript:alert(1)"}}`,
			400, "INVALID_REQUEST", "INVALID_PARAMETER_SYNTAX", "/application_context/return_url"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := f.call(t, http.MethodPost, "/v2/checkout/orders", token, tc.body, nil)
			require.Equal(t, tc.status, status)
			require.Equal(t, tc.errName, body["name"])
			require.NotEmpty(t, body["message"])
			require.NotEmpty(t, body["debug_id"])
			details := body["details"].([]any)
			require.Len(t, details, 1)
			d := details[0].(map[string]any)
			require.Equal(t, tc.issue, d["issue"])
			require.NotEmpty(t, d["description"])
			if tc.field != "" {
				require.Equal(t, tc.field, d["field"])
			}
		})
	}
}

func TestCreateOrder_RequestIDReturnsTheSameOrder(t *testing.T) {
	f := newFixture(t)
	token := f.token(t)
	key := map[string]string{"PayPal-Request-Id": "order-Q-1"}
	status, first := f.call(t, http.MethodPost, "/v2/checkout/orders", token, validOrder, key)
	require.Equal(t, http.StatusCreated, status)
	require.Equal(t, "CREATED", first["status"])
	require.Len(t, first["id"], 17)
	_, again := f.call(t, http.MethodPost, "/v2/checkout/orders", token, validOrder, key)
	require.Equal(t, first["id"], again["id"])
	_, other := f.call(t, http.MethodPost, "/v2/checkout/orders", token, validOrder, map[string]string{"PayPal-Request-Id": "order-Q-1-2"})
	require.NotEqual(t, first["id"], other["id"])
	_, noKey := f.call(t, http.MethodPost, "/v2/checkout/orders", token, validOrder, nil)
	require.NotEqual(t, first["id"], noKey["id"])
}

func TestCreateOrder_RepresentationsAndLinks(t *testing.T) {
	f := newFixture(t)
	token := f.token(t)
	_, minimal := f.call(t, http.MethodPost, "/v2/checkout/orders", token, validOrder, nil)
	require.NotContains(t, minimal, "purchase_units", "the default is the minimal representation")
	require.Equal(t, map[string]string{
		"self": f.base + "/v2/checkout/orders/" + minimal["id"].(string), "approve": f.base + "/checkoutnow?token=" + minimal["id"].(string),
		"update": f.base + "/v2/checkout/orders/" + minimal["id"].(string), "capture": f.base + "/v2/checkout/orders/" + minimal["id"].(string) + "/capture",
	}, links(minimal))

	_, full := f.call(t, http.MethodPost, "/v2/checkout/orders", token, validOrder, map[string]string{"Prefer": "return=representation"})
	unit := full["purchase_units"].([]any)[0].(map[string]any)
	require.Equal(t, map[string]any{"currency_code": "USD", "value": "289.00"}, unit["amount"])
	require.Equal(t, "Q-1", unit["invoice_id"])

	source := `{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"5.00"}}],
	 "payment_source":{"paypal":{"experience_context":{"return_url":"https://p.example/r","cancel_url":"https://p.example/c"}}}}`
	_, payerAction := f.call(t, http.MethodPost, "/v2/checkout/orders", token, source, nil)
	require.Equal(t, "PAYER_ACTION_REQUIRED", payerAction["status"])
	require.Equal(t, f.base+"/checkoutnow?token="+payerAction["id"].(string), links(payerAction)["payer-action"])
}

func links(body map[string]any) map[string]string {
	out := map[string]string{}
	for _, l := range body["links"].([]any) {
		m := l.(map[string]any)
		out[m["rel"].(string)] = m["href"].(string)
	}
	return out
}

func TestGetOrder_UnknownIsPayPalsNotFound(t *testing.T) {
	f := newFixture(t)
	status, body := f.call(t, http.MethodGet, "/v2/checkout/orders/5O190127TN364715T", f.token(t), "", nil)
	require.Equal(t, http.StatusNotFound, status)
	require.Equal(t, "RESOURCE_NOT_FOUND", body["name"])
	d := body["details"].([]any)[0].(map[string]any)
	require.Equal(t, map[string]any{"field": "order_id", "value": "5O190127TN364715T", "location": "path", "issue": "INVALID_RESOURCE_ID",
		"description": "Specified resource ID does not exist. Please check the resource ID and try again."}, d)
}

// approveOrder creates an order and approves it through the page's form.
func (f *fixture) approveOrder(t *testing.T, token string) string {
	t.Helper()
	_, order := f.call(t, http.MethodPost, "/v2/checkout/orders", token, validOrder, nil)
	id := order["id"].(string)
	res := f.postPage(t, "/checkoutnow", url.Values{"token": {id}, "action": {"approve"}, "email": {paypalsandbox.DefaultBuyer.Email},
		"password": {paypalsandbox.DefaultBuyer.Password}, "card_number": {"4111111111111111"}, "expiry": {"01/27"}, "cvv": {"123"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	return id
}

func (f *fixture) postPage(t *testing.T, path string, form url.Values) *http.Response {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.PostForm(f.base+path, form)
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	res.Body = io.NopCloser(strings.NewReader(string(body)))
	return res
}

func TestApprovalPage_ExplainsEachFieldItRefuses(t *testing.T) {
	f := newFixture(t)
	_, order := f.call(t, http.MethodPost, "/v2/checkout/orders", f.token(t), validOrder, nil)
	res := f.postPage(t, "/checkoutnow", url.Values{"token": {order["id"].(string)}, "action": {"approve"},
		"email": {paypalsandbox.DefaultBuyer.Email}, "password": {paypalsandbox.DefaultBuyer.Password},
		"card_number": {"4242 4242 4242 4241"}, "expiry": {"10/26"}, "cvv": {"12"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	body, _ := io.ReadAll(res.Body)
	for _, want := range []string{
		`id="card_number-error">Enter one of the sandbox&#39;s test card numbers.`,
		`id="expiry-error">Enter a future expiry date as MM/YY.`,
		`id="cvv-error">Enter the 3 or 4 digit security code.`,
	} {
		require.Contains(t, string(body), want)
	}
	require.NotContains(t, string(body), "email-error", "the buyer signed in correctly")
}

func TestCapture_StatusesOfAnOrder(t *testing.T) {
	f := newFixture(t)
	token := f.token(t)
	_, created := f.call(t, http.MethodPost, "/v2/checkout/orders", token, validOrder, nil)
	status, body := f.call(t, http.MethodPost, "/v2/checkout/orders/"+created["id"].(string)+"/capture", token, "", nil)
	require.Equal(t, http.StatusUnprocessableEntity, status)
	require.Equal(t, "ORDER_NOT_APPROVED", body["details"].([]any)[0].(map[string]any)["issue"])

	id := f.approveOrder(t, token)
	_, approved := f.call(t, http.MethodGet, "/v2/checkout/orders/"+id, token, "", nil)
	require.Equal(t, "APPROVED", approved["status"])
	require.NotEmpty(t, approved["payer"].(map[string]any)["payer_id"])

	status, body = f.call(t, http.MethodPost, "/v2/checkout/orders/"+id+"/capture", token, `{}`, map[string]string{"PayPal-Request-Id": "cap-1"})
	require.Equal(t, http.StatusCreated, status)
	require.Equal(t, "COMPLETED", body["status"])
	capture := body["purchase_units"].([]any)[0].(map[string]any)["payments"].(map[string]any)["captures"].([]any)[0].(map[string]any)
	require.Equal(t, "COMPLETED", capture["status"])
	require.Equal(t, map[string]any{"currency_code": "USD", "value": "289.00"}, capture["amount"])
	require.Equal(t, "Q-1", capture["invoice_id"])

	status, replay := f.call(t, http.MethodPost, "/v2/checkout/orders/"+id+"/capture", token, `{}`, map[string]string{"PayPal-Request-Id": "cap-1"})
	require.Equal(t, http.StatusCreated, status, "the same request id replays the capture")
	require.Equal(t, body["purchase_units"], replay["purchase_units"])
	status, body = f.call(t, http.MethodPost, "/v2/checkout/orders/"+id+"/capture", token, `{}`, map[string]string{"PayPal-Request-Id": "cap-2"})
	require.Equal(t, http.StatusUnprocessableEntity, status)
	require.Equal(t, "ORDER_ALREADY_CAPTURED", body["details"].([]any)[0].(map[string]any)["issue"])
}

func TestWebhooks_AreSignedAsPayPalSignsThem(t *testing.T) {
	f := newFixture(t)
	token := f.token(t)
	id := f.approveOrder(t, token)
	status, _ := f.call(t, http.MethodPost, "/v2/checkout/orders/"+id+"/capture", token, `{}`, nil)
	require.Equal(t, http.StatusCreated, status)

	var hook *http.Request
	select {
	case hook = <-f.hooks:
	case <-time.After(5 * time.Second):
		t.Fatal("no PAYMENT.CAPTURE.COMPLETED delivery")
	}
	body, _ := io.ReadAll(hook.Body)
	var ev map[string]any
	require.NoError(t, json.Unmarshal(body, &ev))
	require.Equal(t, "PAYMENT.CAPTURE.COMPLETED", ev["event_type"])
	require.Equal(t, "capture", ev["resource_type"])
	require.Equal(t, id, ev["resource"].(map[string]any)["supplementary_data"].(map[string]any)["related_ids"].(map[string]any)["order_id"])

	// Anyone holding the certificate can check the signature offline, as with PayPal's.
	certURL := hook.Header.Get("Paypal-Cert-Url")
	require.True(t, strings.HasPrefix(certURL, f.base+"/v1/notifications/certs/CERT-"))
	res, err := http.Get(certURL)
	require.NoError(t, err)
	pemBytes, _ := io.ReadAll(res.Body)
	res.Body.Close()
	block, _ := pem.Decode(pemBytes)
	require.NotNil(t, block)
	cert, err := x509.ParseCertificate(block.Bytes)
	require.NoError(t, err)
	msg := hook.Header.Get("Paypal-Transmission-Id") + "|" + hook.Header.Get("Paypal-Transmission-Time") + "|WH-ID|" + strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10)
	digest := sha256.Sum256([]byte(msg))
	sig, err := base64.StdEncoding.DecodeString(hook.Header.Get("Paypal-Transmission-Sig"))
	require.NoError(t, err)
	require.NoError(t, rsa.VerifyPKCS1v15(cert.PublicKey.(*rsa.PublicKey), crypto.SHA256, digest[:], sig))
	require.Equal(t, "SHA256withRSA", hook.Header.Get("Paypal-Auth-Algo"))

	verify := func(event string, webhookID string) string {
		req, _ := json.Marshal(map[string]any{
			"auth_algo": hook.Header.Get("Paypal-Auth-Algo"), "cert_url": certURL,
			"transmission_id": hook.Header.Get("Paypal-Transmission-Id"), "transmission_sig": hook.Header.Get("Paypal-Transmission-Sig"),
			"transmission_time": hook.Header.Get("Paypal-Transmission-Time"), "webhook_id": webhookID, "webhook_event": json.RawMessage(event),
		})
		status, out := f.call(t, http.MethodPost, "/v1/notifications/verify-webhook-signature", token, string(req), nil)
		require.Equal(t, http.StatusOK, status)
		return out["verification_status"].(string)
	}
	require.Equal(t, "SUCCESS", verify(string(body), "WH-ID"))
	require.Equal(t, "FAILURE", verify(strings.Replace(string(body), "COMPLETED", "DENIED", 1), "WH-ID"))
	require.Equal(t, "FAILURE", verify(string(body), "WH-OTHER"))

	status, out := f.call(t, http.MethodPost, "/v1/notifications/verify-webhook-signature", token, `{"webhook_id":"WH-ID"}`, nil)
	require.Equal(t, http.StatusBadRequest, status)
	require.Equal(t, "VALIDATION_ERROR", out["name"])
}

func TestSendEvent_FromThePageOrTheAPI(t *testing.T) {
	f := newFixture(t)
	token := f.token(t)
	id := f.approveOrder(t, token)
	require.ErrorIs(t, f.sb.SendEvent(context.Background(), id, "PAYMENT.CAPTURE.REFUNDED"), paypalsandbox.ErrNoCapture)
	status, _ := f.call(t, http.MethodPost, "/v2/checkout/orders/"+id+"/capture", token, `{}`, nil)
	require.Equal(t, http.StatusCreated, status)
	<-f.hooks // PAYMENT.CAPTURE.COMPLETED
	require.Error(t, f.sb.SendEvent(context.Background(), id, "CHECKOUT.ORDER.APPROVED"))

	res, err := http.Get(f.base + "/checkoutnow?token=" + id)
	require.NoError(t, err)
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	require.Contains(t, string(page), "This order has been paid.")
	require.Contains(t, string(page), `value="PAYMENT.CAPTURE.DENIED"`)

	res = f.postPage(t, "/checkoutnow/events", url.Values{"token": {id}, "event": {"PAYMENT.CAPTURE.DENIED"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	require.True(t, strings.HasPrefix(res.Header.Get("Location"), f.base+"/checkoutnow?"))
	hook := <-f.hooks
	body, _ := io.ReadAll(hook.Body)
	require.Contains(t, string(body), `"event_type":"PAYMENT.CAPTURE.DENIED"`)
	_, order := f.call(t, http.MethodGet, "/v2/checkout/orders/"+id, token, "", nil)
	capture := order["purchase_units"].([]any)[0].(map[string]any)["payments"].(map[string]any)["captures"].([]any)[0].(map[string]any)
	require.Equal(t, "DECLINED", capture["status"])
}
