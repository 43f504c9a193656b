// Package paymentsapi is the HTTP surface of the payments service: the provider sandboxes the
// embedded default serves under /sandbox, and the quote endpoints under /payments.
package paymentsapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Where the sandboxes are mounted; PAYPAL_API_BASE, AUTHNET_API_URL and AUTHNET_FORM_URL of the
// embedded default point below them.
const (
	PayPalSandboxPath  = "/sandbox/paypal"
	AuthNetSandboxPath = "/sandbox/authnet"
)

// Deps are the handlers' collaborators.
type Deps struct {
	// PayPalSandbox and AuthNetSandbox speak the providers' protocols for a portal without real
	// credentials; nil when real credentials are configured, and then nothing is mounted there.
	PayPalSandbox  http.Handler
	AuthNetSandbox http.Handler
}

// Routes mounts the payments endpoints.
func Routes(r gin.IRouter, d Deps, log *slog.Logger) {
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
