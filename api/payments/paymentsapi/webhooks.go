package paymentsapi

import (
	"context"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/httpx"
)

// Where the providers deliver their webhooks; the sandboxes of the embedded default are pointed
// at these under PORTAL_PUBLIC_URL.
const (
	PayPalWebhookPath  = "/payments/webhooks/paypal"
	AuthNetWebhookPath = "/payments/webhooks/authnet"
)

// MaxWebhookBody bounds a webhook delivery: PayPal's capture events are a few kilobytes. A
// delivery is read as raw bytes (httpx.ReadBody), not decoded: the signatures are over them.
const MaxWebhookBody = 256 << 10

// PayPalVerifier checks a delivery to the PayPal webhook (its transmission headers and raw body)
// with PayPal and returns its event; paypal.NewWebhookVerifier is one.
type PayPalVerifier interface {
	VerifyWebhook(ctx context.Context, header http.Header, body []byte) (payments.WebhookEvent, error)
}

// AuthNetVerifier checks a delivery to the Authorize.net webhook (its X-ANET-Signature over the
// raw body) and returns its event; authnet.NewWebhookVerifier is one.
type AuthNetVerifier interface {
	VerifyWebhook(signature string, body []byte) (payments.WebhookEvent, error)
}

// Webhooks are the verifiers of the providers' deliveries: a delivery reaches the checkout only
// as an event its provider vouched for, and a forgery changes nothing, not even the event log.
type Webhooks struct {
	PayPal  PayPalVerifier
	AuthNet AuthNetVerifier
}

// WebhookResponse tells the provider the delivery was taken: handled now, or already before.
type WebhookResponse struct {
	Status string `json:"status"`
}

func (a api) paypalWebhook(c *gin.Context) error {
	body, err := httpx.ReadBody(c.Writer, c.Request, MaxWebhookBody)
	if err != nil {
		return err
	}
	ev, err := a.webhooks.PayPal.VerifyWebhook(c.Request.Context(), c.Request.Header, body)
	if err != nil {
		return err
	}
	return webhookAnswer(c, a.checkout.HandleWebhookEvent(c.Request.Context(), ev))
}

func (a api) authnetWebhook(c *gin.Context) error {
	body, err := httpx.ReadBody(c.Writer, c.Request, MaxWebhookBody)
	if err != nil {
		return err
	}
	ev, err := a.webhooks.AuthNet.VerifyWebhook(c.GetHeader("X-ANET-Signature"), body)
	if err != nil {
		return err
	}
	return webhookAnswer(c, a.checkout.HandleWebhookEvent(c.Request.Context(), ev))
}

// webhookAnswer is 200 for a delivery handled now or before (a replay must stop the provider's
// retries and change nothing); any other error goes to the shared mapper, so a forgery is 401
// and a provider that could not be asked 503, which the provider retries.
func webhookAnswer(c *gin.Context, err error) error {
	switch {
	case errors.Is(err, payments.ErrDuplicateEvent):
		c.JSON(http.StatusOK, WebhookResponse{Status: "duplicate"})
	case err != nil:
		return err
	default:
		c.JSON(http.StatusOK, WebhookResponse{Status: "handled"})
	}
	return nil
}
