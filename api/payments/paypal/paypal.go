// Package paypal is the portal's client of PayPal's REST API: an OAuth2 client-credentials token,
// Orders v2 (create, get, capture) and webhook signature verification. It speaks the documented
// protocol to whatever PAYPAL_API_BASE names, the real PayPal or the sandbox of paypalsandbox, so
// switching between them is configuration only.
//
// Transport, the token cache and PayPal's error bodies come from github.com/plutov/paypal/v4; the
// rules the portal adds (the amount check, the idempotency keys derived from the quote, the
// reconciliation of an order captured twice, the mapping onto payments' sentinels) live here.
package paypal

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	sdk "github.com/plutov/paypal/v4"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/config"
	"rugged.example/portal/api/pkg/money"
)

// Provider names PayPal in the event log and in logs.
const Provider = payments.ProviderPayPal

// Order statuses of Orders v2.
const (
	StatusCreated         = "CREATED"
	StatusPayerAction     = "PAYER_ACTION_REQUIRED"
	StatusApproved        = "APPROVED"
	StatusCompleted       = "COMPLETED"
	StatusVoided          = "VOIDED"
	captureStatusPending  = "PENDING"
	captureStatusDeclined = "DECLINED"
	captureStatusFailed   = "FAILED"
)

// Config is what the client needs to reach one PayPal REST app.
type Config struct {
	// BaseURL is the REST API's root: https://api-m.paypal.com, https://api-m.sandbox.paypal.com or
	// the portal's own sandbox (…/sandbox/paypal).
	BaseURL      string        `env:"PAYPAL_API_BASE"`
	ClientID     string        `env:"PAYPAL_CLIENT_ID"`
	ClientSecret config.Secret `env:"PAYPAL_CLIENT_SECRET"`
	// WebhookID is the id PayPal gave the portal's webhook; verification is refused without it.
	WebhookID string `env:"PAYPAL_WEBHOOK_ID"`
}

// requestTimeout bounds every call when the caller gives no http.Client of its own: a payment
// page waits on it, and PayPal's own guidance is to retry with the same request id.
const requestTimeout = 30 * time.Second

// Client calls one PayPal REST app. It is safe for concurrent use; one access token is shared and
// renewed a minute before it expires.
type Client struct {
	api       *sdk.Client
	webhookID string
}

// New returns a client for cfg. httpClient may be nil (a client with a 30 s timeout).
func New(cfg Config, httpClient *http.Client) (*Client, error) {
	base, err := url.Parse(cfg.BaseURL)
	if err != nil || (base.Scheme != "https" && base.Scheme != "http") || base.Host == "" {
		return nil, errors.New("paypal: PAYPAL_API_BASE must be an absolute http(s) URL")
	}
	if cfg.ClientID == "" || cfg.ClientSecret == "" {
		return nil, errors.New("paypal: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are required")
	}
	api, err := sdk.NewClient(cfg.ClientID, cfg.ClientSecret.Reveal(), strings.TrimRight(cfg.BaseURL, "/"))
	if err != nil {
		return nil, fmt.Errorf("paypal: %w", err)
	}
	if httpClient == nil {
		httpClient = &http.Client{Timeout: requestTimeout}
	}
	api.SetHTTPClient(httpClient)
	return &Client{api: api, webhookID: cfg.WebhookID}, nil
}

// OrderRequest is one attempt to collect a quote's amount.
type OrderRequest struct {
	// QuoteID becomes the order's invoice_id, so PayPal refuses a second order for a quote already
	// paid, and roots the idempotency keys.
	QuoteID string
	// Amount comes from the server's quote, never from the browser.
	Amount      money.Money
	Description string
	// ReturnURL and CancelURL are where PayPal sends the payer back, with ?token=<order id>
	// (and &PayerID=… after an approval).
	ReturnURL string
	CancelURL string
	// RequestID is the PayPal-Request-Id of the create call: a retry with the same id returns the
	// same order instead of a second one. Empty means "order-<QuoteID>"; give one per attempt
	// when a quote may need a fresh order (after a decline, say).
	RequestID string
}

// Order is the part of an Orders v2 order the portal uses.
type Order struct {
	ID        string
	Status    string
	Amount    money.Money
	InvoiceID string
	// PaymentURL is where the payer approves the order (the approve or payer-action link).
	PaymentURL string
	PayerID    string
	// Captures are the order's captures, once there are any.
	Captures []Capture
}

// Capture is money PayPal took for an order.
type Capture struct {
	ID      string
	OrderID string
	Status  string
	Amount  money.Money
}

// CreateOrder creates an order with intent CAPTURE for r.Amount and returns it with its payment URL.
func (c *Client) CreateOrder(ctx context.Context, r OrderRequest) (Order, error) {
	if r.QuoteID == "" || r.ReturnURL == "" || r.CancelURL == "" {
		return Order{}, errors.New("paypal: an order needs a quote id, a return URL and a cancel URL")
	}
	if err := r.Amount.Validate(); err != nil || r.Amount.Cents <= 0 {
		return Order{}, fmt.Errorf("paypal: order amount %v is not a positive amount of a currency", r.Amount)
	}
	requestID := r.RequestID
	if requestID == "" {
		requestID = "order-" + r.QuoteID
	}
	units := []sdk.PurchaseUnitRequest{{
		ReferenceID: r.QuoteID,
		InvoiceID:   r.QuoteID,
		Description: r.Description,
		Amount:      &sdk.PurchaseUnitAmount{Currency: r.Amount.Currency, Value: r.Amount.Decimal()},
	}}
	appCtx := &sdk.ApplicationContext{
		ShippingPreference: sdk.ShippingPreferenceNoShipping,
		UserAction:         sdk.UserActionPayNow,
		ReturnURL:          r.ReturnURL,
		CancelURL:          r.CancelURL,
	}
	o, err := c.api.CreateOrderWithPaypalRequestID(ctx, sdk.OrderIntentCapture, units, nil, appCtx, requestID)
	if err != nil {
		return Order{}, mapError("create order", err)
	}
	order := toOrder(o)
	if order.Amount == (money.Money{}) {
		// PayPal's default minimal representation carries only id, status and links.
		order.Amount, order.InvoiceID = r.Amount, r.QuoteID
	}
	if order.PaymentURL == "" {
		return Order{}, fmt.Errorf("%w: paypal order %s has no approve link", payments.ErrProviderUnavailable, o.ID)
	}
	return order, nil
}

// GetOrder returns the order id names. An id that cannot be a PayPal order id (it arrives from
// the browser's return query) answers ErrNotFound without a call.
func (c *Client) GetOrder(ctx context.Context, id string) (Order, error) {
	if !validID(id) {
		return Order{}, payments.ErrNotFound
	}
	o, err := c.api.GetOrder(ctx, id)
	if err != nil {
		return Order{}, mapError("get order", err)
	}
	return toOrder(o), nil
}

// Capture takes the money of an approved order and accepts the result only when PayPal reports a
// COMPLETED capture of exactly want. Its PayPal-Request-Id is derived from the quote and the order,
// so a retry, a second tab or a second process gets the first capture back; an order that was
// already captured under another key is read back with GetOrder and checked the same way.
//
// A capture of another amount is returned with ErrAmountMismatch (the money moved; the caller
// refunds or flags it); a PENDING one with ErrPending.
func (c *Client) Capture(ctx context.Context, orderID, quoteID string, want money.Money) (Capture, error) {
	if !validID(orderID) {
		return Capture{}, payments.ErrNotFound
	}
	if quoteID == "" {
		return Capture{}, errors.New("paypal: a capture needs the quote id its request id derives from")
	}
	res, err := c.capture(ctx, orderID, "capture-"+quoteID+"-"+orderID)
	if issue(err) == "ORDER_ALREADY_CAPTURED" {
		order, gerr := c.GetOrder(ctx, orderID)
		if gerr != nil {
			return Capture{}, gerr
		}
		return accept(order.Captures, want)
	}
	if err != nil {
		return Capture{}, mapError("capture order", err)
	}
	return accept(toOrder(res).Captures, want)
}

// capture posts the capture call itself. It builds the request rather than use the SDK's
// CaptureOrderWithPaypalRequestId, which flips a shared client field on every call (a data race
// when two captures run at once) and sends "payment_source": null where PayPal documents an
// empty body.
func (c *Client) capture(ctx context.Context, orderID, requestID string) (*sdk.Order, error) {
	req, err := c.api.NewRequest(ctx, http.MethodPost, c.api.APIBase+"/v2/checkout/orders/"+orderID+"/capture", struct{}{})
	if err != nil {
		return nil, err
	}
	req.Header.Set("PayPal-Request-Id", requestID)
	req.Header.Set("Prefer", "return=representation")
	var o sdk.Order
	if err := c.api.SendWithAuth(req, &o); err != nil {
		return nil, err
	}
	return &o, nil
}

// accept applies the portal's rule to an order's captures: one COMPLETED capture of want.
func accept(captures []Capture, want money.Money) (Capture, error) {
	if len(captures) == 0 {
		return Capture{}, fmt.Errorf("%w: paypal reported no capture", payments.ErrNotApproved)
	}
	got := captures[0]
	for _, cp := range captures {
		if cp.Status == StatusCompleted {
			got = cp
			break
		}
	}
	switch got.Status {
	case StatusCompleted:
		if got.Amount != want {
			return got, fmt.Errorf("%w: captured %v, quote is %v", payments.ErrAmountMismatch, got.Amount, want)
		}
		return got, nil
	case captureStatusPending:
		return got, payments.ErrPending
	case captureStatusDeclined, captureStatusFailed:
		return got, fmt.Errorf("%w: capture %s is %s", payments.ErrDeclined, got.ID, got.Status)
	}
	return got, fmt.Errorf("%w: capture %s is %s", payments.ErrProviderUnavailable, got.ID, got.Status)
}

func toOrder(o *sdk.Order) Order {
	out := Order{ID: o.ID, Status: o.Status}
	if o.Payer != nil {
		out.PayerID = o.Payer.PayerID
	}
	for _, l := range o.Links {
		if l.Rel == "approve" || l.Rel == "payer-action" {
			out.PaymentURL = l.Href
		}
	}
	if len(o.PurchaseUnits) == 0 {
		return out
	}
	pu := o.PurchaseUnits[0]
	out.InvoiceID = pu.InvoiceID
	if pu.Amount != nil {
		out.Amount = toMoney(pu.Amount.Currency, pu.Amount.Value)
	}
	if pu.Payments != nil {
		for _, cp := range pu.Payments.Captures {
			capture := Capture{ID: cp.ID, OrderID: o.ID, Status: cp.Status}
			if cp.Amount != nil {
				capture.Amount = toMoney(cp.Amount.Currency, cp.Amount.Value)
			}
			out.Captures = append(out.Captures, capture)
		}
	}
	return out
}

// toMoney reads PayPal's decimal string. An amount that is not exact in its currency becomes the
// zero Money, which never equals a quote, so the amount check refuses it.
func toMoney(currency, value string) money.Money {
	m, err := money.ParseDecimal(value, currency)
	if err != nil {
		return money.Money{}
	}
	return m
}

// validID reports whether id can be a PayPal resource id: it goes into a URL path.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// issue is the first issue code of a PayPal error response, or "".
func issue(err error) string {
	var er *sdk.ErrorResponse
	if !errors.As(err, &er) || len(er.Details) == 0 {
		return ""
	}
	return er.Details[0].Issue
}

// mapError turns what the SDK returned into one of payments' sentinels, keeping PayPal's issue
// and debug id in the message for the logs.
func mapError(op string, err error) error {
	var er *sdk.ErrorResponse
	if !errors.As(err, &er) || er.Response == nil {
		// Transport failures, timeouts and bodies that are not PayPal's JSON.
		return fmt.Errorf("%w: paypal %s: %w", payments.ErrProviderUnavailable, op, err)
	}
	detail := fmt.Sprintf("paypal %s: %d %s %s (debug_id %s)", op, er.Response.StatusCode, er.Name, issue(err), er.DebugID)
	switch code := er.Response.StatusCode; {
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		return fmt.Errorf("%w: %s: credentials refused", payments.ErrProviderUnavailable, detail)
	case code == http.StatusNotFound:
		return fmt.Errorf("%w: %s", payments.ErrNotFound, detail)
	case code >= 500 || code == http.StatusTooManyRequests:
		return fmt.Errorf("%w: %s", payments.ErrProviderUnavailable, detail)
	}
	switch issue(err) {
	case "DUPLICATE_INVOICE_ID":
		return fmt.Errorf("%w: %s", payments.ErrAlreadyPaid, detail)
	case "ORDER_NOT_APPROVED", "PAYER_ACTION_REQUIRED":
		return fmt.Errorf("%w: %s", payments.ErrNotApproved, detail)
	case "INSTRUMENT_DECLINED", "TRANSACTION_REFUSED", "PAYER_CANNOT_PAY", "CARD_EXPIRED",
		"PAYEE_BLOCKED_TRANSACTION", "COMPLIANCE_VIOLATION", "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING":
		return fmt.Errorf("%w: %s", payments.ErrDeclined, detail)
	}
	// Anything else is a request PayPal found invalid: the portal's bug, not the payer's.
	return fmt.Errorf("%s: %s", detail, er.Message)
}
