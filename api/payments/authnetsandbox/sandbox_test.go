package authnetsandbox_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/authnetsandbox"
)

const (
	loginID        = "sandbox-login"
	transactionKey = "sandbox-transaction-key"
	signatureKey   = "8F4C2A91D37B6E05C1A8F2D94E7B3C60A5D1E8F7B2C49306D8E1F5A7C3B9E2D4F60A1B8C7D3E5F92A4B6C8D0E2F4A6B8C0D2E4F6A8B0C2D4E6F8A0B2C4D6E8F0"
)

var now = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

func newSandbox(t *testing.T, webhookURL string, delays ...time.Duration) *authnetsandbox.Sandbox {
	t.Helper()
	sb, err := authnetsandbox.New(authnetsandbox.Config{
		LoginID: loginID, TransactionKey: transactionKey, SignatureKey: signatureKey,
		WebhookURL: webhookURL, RetryDelays: delays, Now: func() time.Time { return now },
	})
	require.NoError(t, err)
	t.Cleanup(sb.Close)
	return sb
}

// call posts a request.api body and returns the decoded answer, checking what every answer has:
// HTTP 200, JSON, and a byte-order mark first.
func call(t *testing.T, sb http.Handler, body string) map[string]any {
	t.Helper()
	rec := httptest.NewRecorder()
	sb.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/xml/v1/request.api", strings.NewReader(body)))
	require.Equal(t, http.StatusOK, rec.Code, "request.api answers errors with 200 too")
	require.Equal(t, "application/json; charset=utf-8", rec.Header().Get("Content-Type"))
	raw := rec.Body.Bytes()
	require.True(t, bytes.HasPrefix(raw, []byte("\xEF\xBB\xBF")), "answers start with a byte-order mark")
	var out map[string]any
	require.NoError(t, json.Unmarshal(raw[3:], &out))
	return out
}

func resultOf(t *testing.T, answer map[string]any) (string, string) {
	t.Helper()
	m := answer["messages"].(map[string]any)
	first := m["message"].([]any)[0].(map[string]any)
	return m["resultCode"].(string), first["code"].(string)
}

const auth = `"merchantAuthentication":{"name":"` + loginID + `","transactionKey":"` + transactionKey + `"}`

func hostedPage(transactionRequest string, settings ...string) string {
	return `{"getHostedPaymentPageRequest":{` + auth + `,"transactionRequest":` + transactionRequest +
		`,"hostedPaymentSettings":{"setting":[` + strings.Join(settings, ",") + `]}}}`
}

func setting(name, value string) string {
	v, _ := json.Marshal(value)
	return `{"settingName":"` + name + `","settingValue":` + string(v) + `}`
}

const quote = `{"transactionType":"authCaptureTransaction","amount":"289.00","order":{"invoiceNumber":"Q-1"}}`

func TestRequestAPI_RefusesInAuthorizeNetsErrorShape(t *testing.T) {
	sb := newSandbox(t, "")
	for _, tc := range []struct {
		name string
		body string
		code string
	}{
		{"not JSON", `<xml/>`, "E00003"},
		{"two methods", `{"getTransactionDetailsRequest":{},"getHostedPaymentPageRequest":{}}`, "E00003"},
		{"no authentication", `{"getTransactionDetailsRequest":{"transId":"60000000001"}}`, "E00007"},
		{"wrong login", `{"getTransactionDetailsRequest":{"merchantAuthentication":{"name":"x","transactionKey":"` + transactionKey + `"},"transId":"1"}}`, "E00007"},
		{"wrong key", `{"getTransactionDetailsRequest":{"merchantAuthentication":{"name":"` + loginID + `","transactionKey":"x"},"transId":"1"}}`, "E00007"},
		{"unknown method", `{"createCustomerProfileRequest":{` + auth + `}}`, "E00004"},
		{"no transaction request to create", `{"createTransactionRequest":{` + auth + `}}`, "E00014"},
		{"no transaction id", `{"getTransactionDetailsRequest":{` + auth + `}}`, "E00014"},
		{"unknown transaction", `{"getTransactionDetailsRequest":{` + auth + `,"transId":"60000000001"}}`, "E00040"},
		{"no transaction request", `{"getHostedPaymentPageRequest":{` + auth + `}}`, "E00014"},
		{"auth only", hostedPage(`{"transactionType":"authOnlyTransaction","amount":"1.00"}`), "E00013"},
		{"no amount", hostedPage(`{"transactionType":"authCaptureTransaction"}`), "E00013"},
		{"zero amount", hostedPage(`{"transactionType":"authCaptureTransaction","amount":"0.00"}`), "E00013"},
		{"negative amount", hostedPage(`{"transactionType":"authCaptureTransaction","amount":-5}`), "E00013"},
		{"three decimals", hostedPage(`{"transactionType":"authCaptureTransaction","amount":"1.005"}`), "E00013"},
		{"invoice of 21", hostedPage(`{"transactionType":"authCaptureTransaction","amount":"1.00","order":{"invoiceNumber":"` + strings.Repeat("Q", 21) + `"}}`), "E00015"},
		{"unknown setting", hostedPage(quote, setting("hostedPaymentColours", `{}`)), "E00013"},
		{"setting value not JSON", hostedPage(quote, setting("hostedPaymentButtonOptions", `Pay`)), "E00013"},
		{"relative return URL", hostedPage(quote, setting("hostedPaymentReturnOptions", `{"url":"/back"}`)), "E00013"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			result, code := resultOf(t, call(t, sb, tc.body))
			require.Equal(t, "Error", result)
			require.Equal(t, tc.code, code)
		})
	}
}

func TestRequestAPI_EchoesRefID(t *testing.T) {
	sb := newSandbox(t, "")
	answer := call(t, sb, `{"getTransactionDetailsRequest":{"merchantAuthentication":{"name":"x","transactionKey":"y"},"refId":"r-42","transId":"1"}}`)
	require.Equal(t, "r-42", answer["refId"])
}

func TestHostedPage_AcceptsAmountsAsNumbersOrStrings(t *testing.T) {
	sb := newSandbox(t, "")
	for _, amount := range []string{`289`, `289.5`, `"289.00"`, `0.01`} {
		answer := call(t, sb, hostedPage(`{"transactionType":"authCaptureTransaction","amount":`+amount+`}`))
		result, code := resultOf(t, answer)
		require.Equal(t, "Ok", result, amount)
		require.Equal(t, "I00001", code)
		require.NotEmpty(t, answer["token"])
	}
}

// openForm gets a token for settings and opens the form with it.
func openForm(t *testing.T, sb http.Handler, settings ...string) (string, *httptest.ResponseRecorder) {
	t.Helper()
	answer := call(t, sb, hostedPage(quote, settings...))
	token, _ := answer["token"].(string)
	require.NotEmpty(t, token)
	return token, postForm(sb, "/payment/payment", url.Values{"token": {token}})
}

func postForm(sb http.Handler, path string, form url.Values) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	sb.ServeHTTP(rec, req)
	return rec
}

var (
	inputIDs = regexp.MustCompile(`<input id="([^"]+)"`)
	labelFor = regexp.MustCompile(`<label for="([^"]+)">`)
)

func TestForm_EveryFieldHasALabelAndNothingLoadsFromElsewhere(t *testing.T) {
	sb := newSandbox(t, "")
	_, rec := openForm(t, sb,
		setting("hostedPaymentPaymentOptions", `{"cardCodeRequired":true,"showCreditCard":true}`),
		setting("hostedPaymentReturnOptions", `{"url":"https://portal.example/back","cancelUrl":"https://portal.example/cancel","cancelUrlText":"Back to the portal"}`),
		setting("hostedPaymentButtonOptions", `{"text":"Pay now"}`))
	require.Equal(t, http.StatusOK, rec.Code)
	page := rec.Body.String()
	labels := map[string]bool{}
	for _, m := range labelFor.FindAllStringSubmatch(page, -1) {
		labels[m[1]] = true
	}
	ids := inputIDs.FindAllStringSubmatch(page, -1)
	require.Len(t, ids, 4, "card number, expiration date, card code, ZIP code")
	for _, m := range ids {
		require.True(t, labels[m[1]], "input %s has a label", m[1])
	}
	require.Contains(t, page, ">Pay now</button>")
	require.Contains(t, page, ">Back to the portal</button>")
	require.NotRegexp(t, `(?i)(src|href)="https?:`, page, "no external assets")
	require.Contains(t, rec.Header().Get("Content-Security-Policy"), "default-src 'none'")
	require.Equal(t, "no-store", rec.Header().Get("Cache-Control"))
}

func TestForm_OpensOnlyWithAToken(t *testing.T) {
	sb := newSandbox(t, "")
	for name, form := range map[string]url.Values{"none": {}, "unknown": {"token": {"abc"}}} {
		rec := postForm(sb, "/payment/payment", form)
		require.Equal(t, http.StatusBadRequest, rec.Code, name)
		require.Contains(t, rec.Body.String(), "Missing or invalid token.", name)
	}
	rec := httptest.NewRecorder()
	sb.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/payment/payment", nil))
	require.Equal(t, http.StatusMethodNotAllowed, rec.Code, "the token is posted, never in a URL")
}

func TestForm_RefusesBadCardsWithoutATransaction(t *testing.T) {
	hits := atomic.Int32{}
	receiver := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	defer receiver.Close()
	sb := newSandbox(t, receiver.URL)
	token, _ := openForm(t, sb, setting("hostedPaymentPaymentOptions", `{"cardCodeRequired":true}`))
	for _, tc := range []struct {
		name, number, expiry, code, message string
	}{
		{"fails the Luhn check", "4111111111111112", "1230", "123", "Please enter a valid card number."},
		{"too short", "411111", "1230", "123", "Please enter a valid card number."},
		{"not a test card", "4242424242424242", "1230", "123", "The credit card number is invalid."},
		{"expired last month", "4111111111111111", "1026", "123", "Please enter a valid expiration date (MMYY)."},
		{"month 13", "4111111111111111", "1330", "123", "Please enter a valid expiration date (MMYY)."},
		{"no card code", "4111111111111111", "1230", "", "Please enter a valid card code."},
		{"letters in the card code", "4111111111111111", "1230", "12a", "Please enter a valid card code."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := postForm(sb, "/payment/pay", url.Values{"token": {token}, "action": {"pay"},
				"cardNumber": {tc.number}, "expirationDate": {tc.expiry}, "cardCode": {tc.code}})
			require.Equal(t, http.StatusUnprocessableEntity, rec.Code)
			require.Contains(t, rec.Body.String(), tc.message)
			require.NotContains(t, rec.Body.String(), tc.number, "the card number is never echoed")
		})
	}
	rec := postForm(sb, "/payment/pay", url.Values{"token": {token}, "action": {"pay"},
		"cardNumber": {"4111111111111111"}, "expirationDate": {"1126"}, "cardCode": {"123"}})
	require.Equal(t, http.StatusOK, rec.Code, "a card valid through this month pays: %s", rec.Body.String())
	require.Eventually(t, func() bool { return hits.Load() == 1 }, 5*time.Second, 5*time.Millisecond)
	sb.Close()
	require.Equal(t, int32(1), hits.Load(), "only the payment made a transaction")
}

func TestForm_ShowsAReceiptWhenAskedTo(t *testing.T) {
	sb := newSandbox(t, "")
	token, _ := openForm(t, sb, setting("hostedPaymentReturnOptions", `{"showReceipt":true,"url":"https://portal.example/back","urlText":"Back to Rugged"}`))
	rec := postForm(sb, "/payment/pay", url.Values{"token": {token}, "action": {"pay"},
		"cardNumber": {"370000000000002"}, "expirationDate": {"12/30"}, "cardCode": {"1234"}})
	require.Equal(t, http.StatusOK, rec.Code)
	page := rec.Body.String()
	require.Contains(t, page, "Your payment was approved.")
	require.Contains(t, page, "$289.00")
	require.Contains(t, page, "AmericanExpress XXXX0002")
	require.Contains(t, page, `<a href="https://portal.example/back">Back to Rugged</a>`)
	require.Regexp(t, `<dt>Transaction ID</dt><dd>6\d{10}</dd>`, page)
}

func TestWebhooks_AreSignedAndRetriedUntilAnswered(t *testing.T) {
	type delivery struct{ sig, body string }
	deliveries := make(chan delivery, 8)
	attempts := atomic.Int32{}
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		deliveries <- delivery{r.Header.Get("X-ANET-Signature"), string(body)}
		if attempts.Add(1) < 3 {
			w.WriteHeader(http.StatusInternalServerError)
		}
	}))
	defer receiver.Close()
	sb := newSandbox(t, receiver.URL, time.Millisecond, time.Millisecond, time.Millisecond)
	token, _ := openForm(t, sb)
	rec := postForm(sb, "/payment/pay", url.Values{"token": {token}, "action": {"pay"},
		"cardNumber": {"4111111111111111"}, "expirationDate": {"1230"}, "zip": {"78681"}})
	require.Equal(t, http.StatusOK, rec.Code)

	var got []delivery
	for len(got) < 3 {
		select {
		case d := <-deliveries:
			got = append(got, d)
		case <-time.After(5 * time.Second):
			t.Fatalf("only %d deliveries", len(got))
		}
	}
	sb.Close()
	require.Len(t, deliveries, 0, "no attempt after the first 2xx")
	for _, d := range got[1:] {
		require.Equal(t, got[0], d, "a retry is the same notification, same id and signature")
	}
	require.Regexp(t, `^sha512=[0-9A-F]{128}$`, got[0].sig)
	require.Equal(t, authnetsandbox.Sign(signatureKey, []byte(got[0].body)), got[0].sig)

	var n struct {
		NotificationID string `json:"notificationId"`
		EventType      string `json:"eventType"`
		Payload        struct {
			ResponseCode  int             `json:"responseCode"`
			AuthAmount    json.RawMessage `json:"authAmount"`
			InvoiceNumber string          `json:"invoiceNumber"`
			EntityName    string          `json:"entityName"`
			ID            string          `json:"id"`
		} `json:"payload"`
	}
	require.NoError(t, json.Unmarshal([]byte(got[0].body), &n))
	require.Regexp(t, `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`, n.NotificationID)
	require.Equal(t, "net.authorize.payment.authcapture.created", n.EventType)
	require.Equal(t, 1, n.Payload.ResponseCode)
	require.Equal(t, "289.00", string(n.Payload.AuthAmount))
	require.Equal(t, "Q-1", n.Payload.InvoiceNumber)
	require.Equal(t, "transaction", n.Payload.EntityName)
	require.Equal(t, "60000000001", n.Payload.ID)
}

func TestWebhooks_CloseStopsRetrying(t *testing.T) {
	attempts := atomic.Int32{}
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		attempts.Add(1)
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer receiver.Close()
	sb := newSandbox(t, receiver.URL, time.Hour)
	token, _ := openForm(t, sb)
	postForm(sb, "/payment/pay", url.Values{"token": {token}, "action": {"pay"},
		"cardNumber": {"4111111111111111"}, "expirationDate": {"1230"}})
	require.Eventually(t, func() bool { return attempts.Load() == 1 }, 5*time.Second, 5*time.Millisecond)
	done := make(chan struct{})
	go func() { sb.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Close waited for an hour-long retry")
	}
	require.Equal(t, int32(1), attempts.Load())
}

// The signature of testdata/webhook_authcapture.json in package authnet, computed apart from Go.
func TestSign_MatchesAnIndependentHMAC(t *testing.T) {
	body := `{"notificationId":"d0e8e7fe-c3e7-4add-a480-27bc5ce28a18","eventType":"net.authorize.payment.authcapture.created","eventDate":"2026-11-20T14:03:52.0080095Z","webhookId":"63d6fea2-aa13-4b1d-a204-f5fbc15942b7","payload":{"responseCode":1,"authCode":"3H1YMG","avsResponse":"Y","authAmount":289.00,"invoiceNumber":"Q-20261120-0042","entityName":"transaction","id":"60123456789"}}`
	require.Equal(t, "sha512=3610AC4557F18E1767E6C39AD37809A273B1EA11CB927103D02CF72859769C19621CEE2A325FBE43E48ABC50A027B86D68A93CF22C66CA8AA1E2F5F007A08AB8",
		authnetsandbox.Sign(signatureKey, []byte(body)))
}

func TestNew_RefusesIncompleteConfiguration(t *testing.T) {
	for name, cfg := range map[string]authnetsandbox.Config{
		"no login":         {TransactionKey: "k", SignatureKey: "s"},
		"no key":           {LoginID: "l", SignatureKey: "s"},
		"no signature key": {LoginID: "l", TransactionKey: "k"},
		"relative webhook": {LoginID: "l", TransactionKey: "k", SignatureKey: "s", WebhookURL: "/hooks"},
	} {
		_, err := authnetsandbox.New(cfg)
		require.ErrorIs(t, err, authnetsandbox.ErrConfig, name)
	}
}
