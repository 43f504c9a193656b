// Package paymentsapi is the HTTP surface of the payments service: the quote endpoints under
// /payments (details, the pay-quote pages' PayPal and Authorize.net payments, staff's service
// quotes), the providers' webhooks, and the provider sandboxes the embedded default serves under
// /sandbox.
package paymentsapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/money"
)

// Where the sandboxes are mounted; PAYPAL_API_BASE, AUTHNET_API_URL and AUTHNET_FORM_URL of the
// embedded default point below them.
const (
	PayPalSandboxPath  = "/sandbox/paypal"
	AuthNetSandboxPath = "/sandbox/authnet"
)

// MaxBody bounds a request body: far above the largest valid service-quote request.
const MaxBody = 16 << 10

// ErrBadBody is for a body that is not the JSON the endpoint expects (an amount that is not an
// integer number of cents among others).
var ErrBadBody = fault.New(fault.KindInvalid, "payments.badBody", "The request body is not valid JSON of the expected shape.")

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

// QuoteResponse is a quote as its owner (and staff who issued it) sees it.
type QuoteResponse struct {
	UID       string      `json:"uid"`
	Kind      string      `json:"kind"`
	RMANumber string      `json:"rmaNumber,omitempty"`
	Serial    string      `json:"serial"`
	Amount    money.Money `json:"amount"`
	Status    string      `json:"status"`
	Note      string      `json:"note,omitempty"`
	ExpiresAt time.Time   `json:"expiresAt"`
	CreatedAt time.Time   `json:"createdAt"`
	// Reference is the random part of the pay-quote links, which the owner's pages build.
	Reference string `json:"reference"`
	// Method is how the quote is being or was paid ("PayPal", "PO", "AuthorizeNet"; "" before).
	Method string `json:"method"`
	// PaidAt is null while the quote is unpaid.
	PaidAt     *time.Time `json:"paidAt"`
	CustomerPO string     `json:"customerPO"`
	// QuoteData is spec §3's Saved quote, which prefills the create-RMA flow and pay pages.
	QuoteData payments.SavedQuote `json:"quoteData"`
	// Refunds are payments that reached a provider after the quote was paid by another one,
	// cancelled or expired, and went back (or are going back); [] when there are none.
	Refunds []RefundResponse `json:"refunds"`
}

// RefundResponse is money given back for a quote: which provider, the payment it took (PayPal's
// capture id, Authorize.net's transaction id), how much, how it went back and when.
type RefundResponse struct {
	Provider    string      `json:"provider"`
	ProviderRef string      `json:"providerRef"`
	Amount      money.Money `json:"amount"`
	// Reason is quote_paid, quote_cancelled or quote_expired.
	Reason string `json:"reason"`
	// Status is pending (the provider has not taken it back yet; it is retried) or refunded.
	Status string `json:"status"`
	// Reversal is void or refund, and RefundRef the provider's reference of it; empty while
	// pending.
	Reversal  string `json:"reversal"`
	RefundRef string `json:"refundRef"`
	// RequestedAt is when the payment was found not to pay the quote; RefundedAt when it went
	// back (null while pending).
	RequestedAt time.Time  `json:"requestedAt"`
	RefundedAt  *time.Time `json:"refundedAt"`
}

func toQuoteResponse(q payments.Quote, refunds []payments.Refund) QuoteResponse {
	out := QuoteResponse{
		UID: q.ID, Kind: string(q.Kind), RMANumber: q.RMANumber, Serial: q.Serial, Amount: q.Amount,
		Status: string(q.Status), Note: q.Note, ExpiresAt: q.ExpiresAt, CreatedAt: q.CreatedAt,
		Reference: q.Reference, Method: string(q.Method), PaidAt: q.PaidAt, CustomerPO: q.CustomerPO, QuoteData: q.Saved,
		Refunds: make([]RefundResponse, len(refunds)),
	}
	for i, r := range refunds {
		out.Refunds[i] = RefundResponse{
			Provider: r.Provider, ProviderRef: r.ProviderRef, Amount: r.Amount, Reason: string(r.Reason),
			Status: string(r.Status), Reversal: string(r.Reversal), RefundRef: r.RefundRef,
			RequestedAt: r.CreatedAt, RefundedAt: r.RefundedAt,
		}
	}
	return out
}

// respondQuote answers q, which the caller may see, with its refunds as refunds lists them.
func respondQuote(c *gin.Context, q payments.Quote, refunds func(context.Context, string) ([]payments.Refund, error)) error {
	list, err := refunds(c.Request.Context(), q.ID)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toQuoteResponse(q, list))
	return nil
}

func (a api) quoteDetails(c *gin.Context) error {
	q, err := a.quotes.Details(c.Request.Context(), subject(c), c.Query("uid"))
	if err != nil {
		return err
	}
	return respondQuote(c, q, a.quotes.Refunds)
}

// ServiceQuoteRequest is staff's request for a service quote; amountCents is an integer number
// of US cents.
type ServiceQuoteRequest struct {
	RMANumber   string `json:"rmaNumber"`
	AmountCents int64  `json:"amountCents"`
	Note        string `json:"note"`
}

// ServiceQuoteResponse is the issued quote and the link e-mailed to the customer.
type ServiceQuoteResponse struct {
	QuoteResponse
	Owner  string `json:"owner"`
	PayURL string `json:"payUrl"`
}

func (a api) issueServiceQuote(c *gin.Context) error {
	var req ServiceQuoteRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	q, err := a.quotes.IssueServiceQuote(c.Request.Context(), payments.ServiceQuoteRequest{
		RMANumber: req.RMANumber, AmountCents: req.AmountCents, Note: req.Note, IssuedBy: subject(c),
	})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, ServiceQuoteResponse{QuoteResponse: toQuoteResponse(q, nil), Owner: q.Owner, PayURL: a.quotes.PayLink(q)})
	return nil
}

// QuoteRef names a quote on a pay-quote page: /pay-quote/{uid}/{reference}.
type QuoteRef struct {
	UID       string `json:"uid"`
	Reference string `json:"reference"`
}

// PayPalOrderResponse is the approve link the browser goes to.
type PayPalOrderResponse struct {
	PaymentURL string `json:"paymentUrl"`
}

// PayPalCaptureRequest is the quote and the token (order id) PayPal sent the payer back with.
type PayPalCaptureRequest struct {
	QuoteRef
	Token string `json:"token"`
}

// AuthNetFormResponse is the hosted form the browser posts Token to (field "token").
type AuthNetFormResponse struct {
	FormURL string `json:"formUrl"`
	Token   string `json:"token"`
}

// AuthNetConfirmRequest names the quote the hosted form sent the browser back for.
type AuthNetConfirmRequest struct {
	UID string `json:"uid"`
}

func subject(c *gin.Context) string {
	p, _ := auth.PrincipalFrom(c.Request.Context())
	return p.Subject
}

func (a api) startPayPal(c *gin.Context) error {
	var req QuoteRef
	if err := decode(c, &req); err != nil {
		return err
	}
	url, err := a.checkout.StartQuotePayPal(c.Request.Context(), subject(c), req.UID, req.Reference)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, PayPalOrderResponse{PaymentURL: url})
	return nil
}

func (a api) capturePayPal(c *gin.Context) error {
	var req PayPalCaptureRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	q, err := a.checkout.CaptureQuotePayPal(c.Request.Context(), subject(c), req.UID, req.Reference, req.Token)
	if err != nil {
		return err
	}
	return respondQuote(c, q, a.checkout.Refunds)
}

func (a api) authnetForm(c *gin.Context) error {
	var req QuoteRef
	if err := decode(c, &req); err != nil {
		return err
	}
	form, err := a.checkout.StartQuoteAuthNet(c.Request.Context(), subject(c), req.UID, req.Reference)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, AuthNetFormResponse{FormURL: form.FormURL, Token: form.Token})
	return nil
}

func (a api) confirmAuthNet(c *gin.Context) error {
	var req AuthNetConfirmRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	q, err := a.checkout.ConfirmQuoteAuthNet(c.Request.Context(), subject(c), req.UID)
	if err != nil {
		return err
	}
	return respondQuote(c, q, a.checkout.Refunds)
}

var errTooLarge = fault.New(fault.KindTooLarge, "payments.bodyTooLarge", "The request body is too large.")

// decode reads one JSON object of at most MaxBody bytes into dst, refusing unknown fields so a
// misspelt amount is not silently zero.
func decode(c *gin.Context, dst any) error {
	dec := json.NewDecoder(http.MaxBytesReader(c.Writer, c.Request.Body, MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errTooLarge
		}
		return ErrBadBody
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return ErrBadBody
	}
	return nil
}
