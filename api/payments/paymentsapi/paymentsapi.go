// Package paymentsapi is the HTTP surface of the payments service: the quote endpoints under
// /payments, and the provider sandboxes the embedded default serves under /sandbox.
package paymentsapi

import (
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
	// PayPalSandbox and AuthNetSandbox speak the providers' protocols for a portal without real
	// credentials; nil when real credentials are configured, and then nothing is mounted there.
	PayPalSandbox  http.Handler
	AuthNetSandbox http.Handler
}

type api struct {
	quotes *payments.Quotes
	log    *slog.Logger
}

// Routes mounts the payments endpoints.
func Routes(r gin.IRouter, guard *auth.Guard, d Deps, log *slog.Logger) {
	a := api{quotes: d.Quotes, log: log}

	// Who: signed-in customers; only the quote's owner gets it, anyone else 404 as for an
	// unknown uid.
	r.GET("/payments/quote/details", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.quoteDetails))
	// Who: signed-in staff holding the rmaOverride permission; everyone else gets 401/403. The one
	// endpoint that takes an amount from a request: staff set the service price after diagnosis.
	r.POST("/payments/admin/service-quotes", guard.SignedIn(), guard.Customer(), guard.AnyOf(auth.PermRMAOverride),
		httpx.Handler(log, a.issueServiceQuote))

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
	// QuoteData is spec §3's Saved quote, which prefills the create-RMA flow and pay pages.
	QuoteData payments.SavedQuote `json:"quoteData"`
}

func toQuoteResponse(q payments.Quote) QuoteResponse {
	return QuoteResponse{
		UID: q.ID, Kind: string(q.Kind), RMANumber: q.RMANumber, Serial: q.Serial, Amount: q.Amount,
		Status: string(q.Status), Note: q.Note, ExpiresAt: q.ExpiresAt, CreatedAt: q.CreatedAt, QuoteData: q.Saved,
	}
}

func (a api) quoteDetails(c *gin.Context) error {
	p, _ := auth.PrincipalFrom(c.Request.Context())
	q, err := a.quotes.Details(c.Request.Context(), p.Subject, c.Query("uid"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toQuoteResponse(q))
	return nil
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
	p, _ := auth.PrincipalFrom(c.Request.Context())
	q, err := a.quotes.IssueServiceQuote(c.Request.Context(), payments.ServiceQuoteRequest{
		RMANumber: req.RMANumber, AmountCents: req.AmountCents, Note: req.Note, IssuedBy: p.Subject,
	})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, ServiceQuoteResponse{QuoteResponse: toQuoteResponse(q), Owner: q.Owner, PayURL: a.quotes.PayLink(q)})
	return nil
}

// decode reads one JSON object of at most MaxBody bytes into dst, refusing unknown fields so a
// misspelt amount is not silently zero.
func decode(c *gin.Context, dst any) error {
	dec := json.NewDecoder(http.MaxBytesReader(c.Writer, c.Request.Body, MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return fault.New(fault.KindTooLarge, "payments.bodyTooLarge", "The request body is too large.")
		}
		return ErrBadBody
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return ErrBadBody
	}
	return nil
}
