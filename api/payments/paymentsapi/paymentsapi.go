// Package paymentsapi is the HTTP surface of the payments service: the quote endpoints under
// /payments (details, the pay-quote pages' PayPal and Authorize.net payments, staff's service
// quotes), the providers' webhooks, and the provider sandboxes the embedded default serves under
// /sandbox.
package paymentsapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
)

// Where the sandboxes are mounted; PAYPAL_API_BASE, AUTHNET_API_URL and AUTHNET_FORM_URL of the
// embedded default point below them.
const (
	PayPalSandboxPath  = "/sandbox/paypal"
	AuthNetSandboxPath = "/sandbox/authnet"
)

// Deps are the handlers' collaborators.
type Deps struct {
	Quotes *payments.Quotes
	// Checkout takes the money of quotes: the pay-quote pages and the webhooks.
	Checkout *payments.Checkout
	// Webhooks verify the providers' deliveries before Checkout applies their events.
	Webhooks Webhooks
	// PayPalSandbox and AuthNetSandbox speak the providers' protocols for a portal without real
	// credentials; nil when real credentials are configured, and then nothing is mounted there.
	PayPalSandbox  http.Handler
	AuthNetSandbox http.Handler
}

type api struct {
	quotes   *payments.Quotes
	checkout *payments.Checkout
	webhooks Webhooks
	log      *slog.Logger
}

// Routes mounts the payments endpoints.
func Routes(r gin.IRouter, guard *auth.Guard, d Deps, log *slog.Logger) {
	a := api{quotes: d.Quotes, checkout: d.Checkout, webhooks: d.Webhooks, log: log}

	// Who: signed-in customers; only the quote's owner gets it, anyone else 404 as for an
	// unknown uid.
	r.GET("/payments/quote/details", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.quoteDetails))
	// Who: signed-in staff holding the rmaOverride permission; everyone else gets 401/403. The one
	// endpoint that takes an amount from a request: staff set the service price after diagnosis.
	r.POST("/payments/admin/service-quotes", guard.SignedIn(), guard.Customer(), guard.AnyOf(auth.PermRMAOverride),
		httpx.Handler(log, a.issueServiceQuote))

	// Who: the quote's owner, with the pay link's reference; anyone else's quote, or a wrong
	// reference, is 404 as for an unknown uid.
	r.POST("/payments/quote/paypal/order", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.startPayPal))
	// Who: the quote's owner, with the reference and the token (order id) PayPal returned with.
	r.POST("/payments/quote/paypal/capture", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.capturePayPal))
	// Who: the quote's owner, with the pay link's reference.
	r.POST("/payments/quote/authnet/form", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.authnetForm))
	// Who: the quote's owner (the hosted form's redirect carries only the uid).
	r.POST("/payments/quote/authnet/confirm", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.confirmAuthNet))

	// Who: the provider, no bearer token: each delivery is verified on its raw body (PayPal's
	// verify-webhook-signature, Authorize.net's X-ANET-Signature HMAC) and counted once by its
	// event id; a forged one is 401 and a replay 200, and neither changes anything.
	r.POST(PayPalWebhookPath, httpx.Handler(log, a.paypalWebhook))
	r.POST(AuthNetWebhookPath, httpx.Handler(log, a.authnetWebhook))

	// Who: anyone, as for the real provider's endpoints: each sandbox checks its own merchant
	// credentials (OAuth client, merchantAuthentication) and its pages stand in for the
	// provider's public checkout pages.
	mountSandbox(r, PayPalSandboxPath, d.PayPalSandbox)
	mountSandbox(r, AuthNetSandboxPath, d.AuthNetSandbox)
}

func mountSandbox(r gin.IRouter, prefix string, h http.Handler) {
	if h == nil {
		return
	}
	r.Any(prefix+"/*path", gin.WrapH(http.StripPrefix(prefix, h)))
}

func subject(c *gin.Context) string {
	p, _ := auth.PrincipalFrom(c.Request.Context())
	return p.Subject
}
