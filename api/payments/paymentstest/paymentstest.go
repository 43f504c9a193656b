// Package paymentstest gives other packages' tests the card providers as the embedded default
// runs them: both sandboxes served over HTTP under /sandbox/paypal and /sandbox/authnet, the real
// clients configured by URL alone, the portal (whatever handler the test gives) on the same
// server so the sandboxes' webhooks reach /payments/webhooks/{paypal,authnet}, and a tester who
// approves, declines or pays on the providers' pages.
package paymentstest

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/authnetsandbox"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/payments/paypalsandbox"
	"rugged.example/portal/api/pkg/config"
)

// Test cards of the sandboxes.
const (
	// CardPays is approved by both sandboxes.
	CardPays = "4111111111111111"
	// PayPalCardDeclinedAtCapture is approved on PayPal's page and declined at capture.
	PayPalCardDeclinedAtCapture = "4000000000000002"
	// AuthNetZIPDeclined makes Authorize.net's sandbox decline any card.
	AuthNetZIPDeclined = "46282"
	// AuthNetZIPPays is a billing ZIP code that passes.
	AuthNetZIPPays = "78681"
)

// The sandbox merchant's credentials.
const (
	payPalClientID  = "portal-app"
	payPalSecret    = "sandbox-secret"
	payPalWebhookID = "WH-PAYMENTSTEST"
	authNetLogin    = "sandbox-login"
	authNetKey      = "sandbox-transaction-key"
	authNetSigKey   = "9C1E5A7F3B2D4C6E8A0B1C3D5E7F9A2B4C6D8E0F1A3B5C7D9E2F4A6B8C0D1E3F5A7B9C2D4E6F8A0B1C3D5E7F9A2B4C6D8E0F1A3B5C7D9E2F4A6B8C0D1E3F5A7"
)

// Providers are the two sandboxes and their clients on one HTTP server.
type Providers struct {
	// URL is the server's root: the portal's public URL in the test.
	URL            string
	PayPal         *paypal.Client
	AuthNet        *authnet.Client
	PayPalSandbox  *paypalsandbox.Sandbox
	AuthNetSandbox *authnetsandbox.Sandbox

	portal  atomic.Pointer[http.Handler]
	browser *http.Client
}

// New serves the sandboxes and, at every other path, the handler set with Serve (404 until then).
func New(t testing.TB) *Providers {
	t.Helper()
	p := &Providers{browser: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	p.URL = srv.URL
	quiet := slog.New(slog.DiscardHandler)

	pp, err := paypalsandbox.New(paypalsandbox.Config{
		BaseURL: srv.URL + paymentsapi.PayPalSandboxPath, ClientID: payPalClientID, ClientSecret: payPalSecret,
		WebhookID: payPalWebhookID, WebhookURL: srv.URL + paymentsapi.PayPalWebhookPath, Logger: quiet,
	})
	require.NoError(t, err)
	an, err := authnetsandbox.New(authnetsandbox.Config{
		LoginID: authNetLogin, TransactionKey: authNetKey, SignatureKey: authNetSigKey,
		WebhookURL: srv.URL + paymentsapi.AuthNetWebhookPath, Logger: quiet,
	})
	require.NoError(t, err)
	// The sandbox first, so its deliveries under way stop before the server goes.
	t.Cleanup(func() { an.Close(); srv.Close() })
	p.PayPalSandbox, p.AuthNetSandbox = pp, an
	mux.Handle(paymentsapi.PayPalSandboxPath+"/", http.StripPrefix(paymentsapi.PayPalSandboxPath, pp))
	mux.Handle(paymentsapi.AuthNetSandboxPath+"/", http.StripPrefix(paymentsapi.AuthNetSandboxPath, an))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if h := p.portal.Load(); h != nil {
			(*h).ServeHTTP(w, r)
			return
		}
		http.NotFound(w, r)
	})

	p.PayPal = p.PayPalClientWith(t, nil)
	p.AuthNet, err = authnet.New(authnet.Config{
		APIURL: srv.URL + paymentsapi.AuthNetSandboxPath + "/xml/v1/request.api", FormURL: srv.URL + paymentsapi.AuthNetSandboxPath + "/payment/payment",
		LoginID: authNetLogin, TransactionKey: authNetKey, SignatureKey: config.Secret(authNetSigKey),
	}, nil)
	require.NoError(t, err)
	return p
}

// PayPalClientWith is a client of the PayPal sandbox whose calls go through hc (nil for a
// default client): a transport that fails some calls on purpose plays an outage of PayPal.
func (p *Providers) PayPalClientWith(t testing.TB, hc *http.Client) *paypal.Client {
	t.Helper()
	c, err := paypal.New(paypal.Config{
		BaseURL: p.URL + paymentsapi.PayPalSandboxPath, ClientID: payPalClientID, ClientSecret: payPalSecret, WebhookID: payPalWebhookID,
	}, hc)
	require.NoError(t, err)
	return c
}

// Serve makes h the portal: every path but the sandboxes', the webhooks included.
func (p *Providers) Serve(h http.Handler) { p.portal.Store(&h) }

// Gateways are the clients as the checkout's ports.
func (p *Providers) Gateways() (payments.PayPal, payments.AuthNet) {
	return paypal.NewGateway(p.PayPal), authnet.NewGateway(p.AuthNet)
}

// Webhooks are the clients as the payments API's verifiers of the sandboxes' webhook deliveries.
func (p *Providers) Webhooks() paymentsapi.Webhooks {
	return paymentsapi.Webhooks{PayPal: paypal.NewWebhookVerifier(p.PayPal), AuthNet: authnet.NewWebhookVerifier(p.AuthNet)}
}

// ApprovePayPal signs in as the sandbox buyer on the approval page of paymentURL and approves
// with card; it returns the URL PayPal sends the browser back to (return URL, token, PayerID).
func (p *Providers) ApprovePayPal(t testing.TB, paymentURL, card string) *url.URL {
	t.Helper()
	page, err := url.Parse(paymentURL)
	require.NoError(t, err)
	form := url.Values{
		"token": {page.Query().Get("token")}, "action": {"approve"},
		"email": {paypalsandbox.DefaultBuyer.Email}, "password": {paypalsandbox.DefaultBuyer.Password},
		"card_number": {card}, "expiry": {"12/30"}, "cvv": {"123"},
	}
	status, _, location := p.post(t, page.ResolveReference(&url.URL{Path: "checkoutnow"}).String(), form)
	require.Equal(t, http.StatusSeeOther, status, "the approval is accepted")
	back, err := url.Parse(location)
	require.NoError(t, err)
	return back
}

var formAction = regexp.MustCompile(`<form method="post" action="([^"]+)"`)

// PayAuthNet posts the form token as the pay-quote page does, then pays on the hosted form with
// card and zip; it returns the HTTP status of the form's answer and where it sends the browser.
func (p *Providers) PayAuthNet(t testing.TB, form payments.HostedForm, card, zip string) (int, string) {
	t.Helper()
	status, body, _ := p.post(t, form.FormURL, url.Values{"token": {form.Token}})
	require.Equal(t, http.StatusOK, status, body)
	m := formAction.FindStringSubmatch(body)
	require.NotNil(t, m, "the hosted form has a form")
	base, err := url.Parse(form.FormURL)
	require.NoError(t, err)
	rel, err := url.Parse(m[1])
	require.NoError(t, err)
	status, _, location := p.post(t, base.ResolveReference(rel).String(), url.Values{
		"token": {form.Token}, "action": {"pay"}, "cardNumber": {card},
		"expirationDate": {"1230"}, "cardCode": {"123"}, "zip": {zip},
	})
	return status, location
}

func (p *Providers) post(t testing.TB, target string, form url.Values) (int, string, string) {
	t.Helper()
	res, err := p.browser.Post(target, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, string(body), res.Header.Get("Location")
}
