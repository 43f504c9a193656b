package compose_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/compose"
	"rugged.example/portal/api/uploads/uploadstest"
)

// A service quote paid on the embedded default: staff price an RMA, the customer pays on the
// Authorize.net sandbox's hosted form, and the sandbox's signed webhook, delivered to
// PORTAL_PUBLIC_URL/payments/webhooks/authnet, marks the quote paid before the browser confirms.
// The PayPal sandbox's webhook reaches /payments/webhooks/paypal the same way.
// serviceQuotes opens an RMA of casey's and returns casey's token and a function by which adam
// prices it with a service quote (uid and the pay link's reference).
func serviceQuotes(t *testing.T, p livePortal) (casey string, issue func() (uid, reference string)) {
	t.Helper()
	casey = devToken(t, p.cfg, "casey@example.com")
	adam := devToken(t, p.cfg, "adam@example.com")
	photo := p.upload(t, "/bucket-uploader/upload-rma-attachment", "", casey, "crack.png", uploadstest.PNG(), "bucketFileName")
	create := oowBody(photo, nil)
	delete(create, "paymentData")
	create["serial"] = "RT10000001"
	code, body := p.call(t, http.MethodPost, "/rma-manager/rma/create", casey, create, "Idempotency-Key", "k-service")
	require.Equal(t, http.StatusOK, code, body)
	number := field(t, body, "rmaNumber")
	return casey, func() (string, string) {
		code, body := p.call(t, http.MethodPost, "/payments/admin/service-quotes", adam, map[string]any{"rmaNumber": number, "amountCents": 125_00})
		require.Equal(t, http.StatusCreated, code, body)
		payURL := field(t, body, "payUrl")
		return field(t, body, "uid"), payURL[strings.LastIndex(payURL, "/")+1:]
	}
}

func TestServiceQuote_SandboxWebhooksReachThePortal(t *testing.T) {
	p := newLivePortal(t)
	casey, issue := serviceQuotes(t, p)

	uid, reference := issue()
	code, body := p.call(t, http.MethodPost, "/payments/quote/authnet/form", casey, map[string]any{"uid": uid, "reference": reference})
	require.Equal(t, http.StatusOK, code, body)
	formURL, token := field(t, body, "formUrl"), field(t, body, "token")
	require.Equal(t, p.cfg.PublicURL+"/sandbox/authnet/payment/payment", formURL)
	require.Equal(t, p.cfg.PublicURL+"/authnet-response?quote="+uid, payOnHostedForm(t, formURL, token))
	require.Eventually(t, func() bool {
		_, body := p.call(t, http.MethodGet, "/payments/quote/details?uid="+uid, casey, nil)
		return field(t, body, "status") == "paid"
	}, 10*time.Second, 20*time.Millisecond, "the webhook pays the quote")
	code, body = p.call(t, http.MethodPost, "/payments/quote/authnet/confirm", casey, map[string]any{"uid": uid})
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, "AuthorizeNet", field(t, body, "method"))

	uid, reference = issue()
	code, body = p.call(t, http.MethodPost, "/payments/quote/paypal/order", casey, map[string]any{"uid": uid, "reference": reference})
	require.Equal(t, http.StatusOK, code, body)
	back := approve(t, field(t, body, "paymentUrl"))
	require.Equal(t, "/pay-quote/"+uid+"/"+reference, back.Path)
	code, body = p.call(t, http.MethodPost, "/payments/quote/paypal/capture", casey,
		map[string]any{"uid": uid, "reference": reference, "token": back.Query().Get("token")})
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, "paid", field(t, body, "status"))

	gdb, err := compose.OpenDatabase(t.Context(), p.cfg, testkit.Quiet())
	require.NoError(t, err)
	t.Cleanup(func() {
		if sqlDB, err := gdb.DB(); err == nil {
			sqlDB.Close()
		}
	})
	require.Eventually(t, func() bool {
		var n int64
		require.NoError(t, gdb.Table("payments_events").Where("provider = ? AND quote_id = ? AND event_type = ?",
			"paypal", uid, "PAYMENT.CAPTURE.COMPLETED").Count(&n).Error)
		return n == 1
	}, 10*time.Second, 20*time.Millisecond, "the PayPal sandbox's webhook is verified and noted")
}

// Issue 26's double charge on the embedded default: the card form opened before a PayPal
// payment and submitted after it is voided by the composed checkout, and the process's metrics
// count the refund.
func TestServiceQuote_ALateCardFormIsVoidedAndCounted(t *testing.T) {
	p := newLivePortal(t)
	casey, issue := serviceQuotes(t, p)
	uid, reference := issue()
	ref := map[string]any{"uid": uid, "reference": reference}
	code, body := p.call(t, http.MethodPost, "/payments/quote/authnet/form", casey, ref)
	require.Equal(t, http.StatusOK, code, body)
	formURL, token := field(t, body, "formUrl"), field(t, body, "token")
	code, body = p.call(t, http.MethodPost, "/payments/quote/paypal/order", casey, ref)
	require.Equal(t, http.StatusOK, code, body)
	back := approve(t, field(t, body, "paymentUrl"))
	code, body = p.call(t, http.MethodPost, "/payments/quote/paypal/capture", casey,
		map[string]any{"uid": uid, "reference": reference, "token": back.Query().Get("token")})
	require.Equal(t, http.StatusOK, code, body)

	payOnHostedForm(t, formURL, token)
	require.Eventually(t, func() bool {
		_, body := p.call(t, http.MethodGet, "/payments/quote/details?uid="+uid, casey, nil)
		return strings.Contains(body, `"status":"refunded"`) && strings.Contains(body, `"reversal":"void"`)
	}, 10*time.Second, 20*time.Millisecond, "the quote lists the void")

	w := httptest.NewRecorder()
	p.app.Admin.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	require.Contains(t, w.Body.String(), `portal_payment_refunds_total{outcome="refunded",provider="authnet",reason="quote_paid"} 1`)
}

var hostedFormAction = regexp.MustCompile(`<form method="post" action="([^"]+)"`)

// payOnHostedForm posts the token as the pay-quote page does and pays with a test card; it
// answers where the form sends the browser.
func payOnHostedForm(t *testing.T, formURL, token string) string {
	t.Helper()
	browser := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := browser.PostForm(formURL, url.Values{"token": {token}})
	require.NoError(t, err)
	page, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	m := hostedFormAction.FindSubmatch(page)
	require.NotNil(t, m, string(page))
	base, err := url.Parse(formURL)
	require.NoError(t, err)
	rel, err := url.Parse(string(m[1]))
	require.NoError(t, err)
	resp, err = browser.PostForm(base.ResolveReference(rel).String(), url.Values{
		"token": {token}, "action": {"pay"}, "cardNumber": {"4111111111111111"},
		"expirationDate": {"1230"}, "cardCode": {"123"}, "zip": {"78681"},
	})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	return resp.Header.Get("Location")
}
