// Package paypalsandbox is a stand-in for PayPal's REST API that the embedded default mounts under
// /sandbox/paypal, because it cannot reach PayPal. It speaks the documented protocol the paypal
// client uses, so the client talks to it by URL exactly as it talks to PayPal:
//
//   - POST /v1/oauth2/token: client-credentials tokens (HTTP Basic with the configured app's id
//     and secret). Tokens are signed rather than stored, so they outlive a restart.
//   - POST /v2/checkout/orders, GET /v2/checkout/orders/{id}, POST /v2/checkout/orders/{id}/capture:
//     Orders v2 with intent CAPTURE and one purchase unit, PayPal's validation errors
//     ({name, message, details:[{field, issue, description}], debug_id}), the statuses CREATED
//     (PAYER_ACTION_REQUIRED when created through payment_source.paypal) → APPROVED → COMPLETED,
//     ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED, DUPLICATE_INVOICE_ID, and
//     PayPal-Request-Id idempotency (a successful response is replayed for the same id).
//   - GET /v2/payments/captures/{id}, POST /v2/payments/captures/{id}/refund and
//     GET /v2/payments/refunds/{id}: Payments v2 for a capture, refunded in full
//     (CAPTURE_FULLY_REFUNDED the second time, PayPal-Request-Id replays), which then reads
//     REFUNDED and sends PAYMENT.CAPTURE.REFUNDED;
//   - POST /v1/notifications/verify-webhook-signature and the signing certificate it names: the
//     sandbox signs its own webhook deliveries the way PayPal does (RSA-SHA256 over
//     "transmission id|time|webhook id|CRC32 of the body") and verifies them the same way.
//   - GET/POST /checkoutnow?token=…: the approval page, where a tester signs in as a sandbox buyer
//     and approves with a test card, or cancels, and is sent back to return_url?token=…&PayerID=…
//     or cancel_url?token=…; on a paid order it offers to send the capture's webhooks.
//
// Test cards: 4111 1111 1111 1111 (Visa) and 5555 5555 5555 4444 (Mastercard) are approved;
// 4000 0000 0000 0002 is approved on the page but declined at capture (INSTRUMENT_DECLINED), as a
// bank declines after PayPal's approval. Any future expiry and a 3- or 4-digit security code.
//
// Orders live in memory: a restart forgets them, which a sandbox can afford. It is never mounted
// when real PayPal credentials are configured.
package paypalsandbox

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"rugged.example/portal/api/pkg/config"
	"rugged.example/portal/api/pkg/money"
)

// Config describes the one REST app the sandbox plays PayPal for.
type Config struct {
	// BaseURL is the public URL the sandbox is mounted at (…/sandbox/paypal); links, the approve
	// page and the signing certificate's URL start with it.
	BaseURL  string
	ClientID string
	// ClientSecret is masked in logs like the client's own copy.
	ClientSecret config.Secret
	// WebhookID is the id of the app's webhook; WebhookURL is where its events go (none when empty).
	WebhookID  string
	WebhookURL string
	// Buyers are the sandbox accounts that may sign in on the approval page (DefaultBuyer when empty).
	Buyers []Buyer
	// TokenLifetime is an access token's expires_in (PayPal's nine hours when zero).
	TokenLifetime time.Duration
	// HTTPClient delivers webhooks (a client with a 10 s timeout when nil).
	HTTPClient *http.Client
	Logger     *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Buyer is a sandbox personal account.
type Buyer struct {
	Email, Password, GivenName, Surname string
}

// DefaultBuyer is the sandbox account the approval page names for testers.
var DefaultBuyer = Buyer{Email: "sb-buyer@personal.example.com", Password: "Sandbox-Buyer-2026", GivenName: "Sam", Surname: "Buyer"}

// Sandbox is the http.Handler. Mount it with its prefix stripped.
type Sandbox struct {
	cfg Config
	mux *http.ServeMux
	// signing is the key webhook deliveries are signed with, made on first use (see New).
	signing func() signingKey
	secret  []byte // signs access tokens

	mu     sync.Mutex
	orders map[string]*order
	// replies remembers successful calls by operation and PayPal-Request-Id: a retry with the same
	// id gets the same status and the order's latest state, never a second order or capture.
	replies map[string]reply

	// deliveries are the webhook deliveries under way.
	deliveries sync.WaitGroup
}

type reply struct {
	status  int
	orderID string
	full    bool
}

type order struct {
	ID          string
	Status      string
	ReferenceID string
	InvoiceID   string
	Description string
	Amount      money.Money
	ReturnURL   string
	CancelURL   string
	// PayerAction is an order created through payment_source.paypal (status PAYER_ACTION_REQUIRED
	// and a payer-action link rather than CREATED and approve).
	PayerAction bool
	Payer       *Buyer
	Card        string
	Capture     *capture
	Created     time.Time
	Updated     time.Time
}

type capture struct {
	ID     string
	Status string
	// RefundID, Refunded, RefundInvoice and RefundNote are the capture's refund, once it is
	// refunded (in full: the sandbox makes no partial refunds).
	RefundID      string
	Refunded      time.Time
	RefundInvoice string
	RefundNote    string
	Created       time.Time
	Updated       time.Time
}

// New returns a sandbox for cfg.
func New(cfg Config) (*Sandbox, error) {
	if u, err := url.Parse(cfg.BaseURL); err != nil || u.Scheme == "" || u.Host == "" {
		return nil, errors.New("paypalsandbox: BaseURL must be an absolute URL")
	}
	if cfg.ClientID == "" || cfg.ClientSecret == "" {
		return nil, errors.New("paypalsandbox: a client id and secret are required")
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if len(cfg.Buyers) == 0 {
		cfg.Buyers = []Buyer{DefaultBuyer}
	}
	if cfg.TokenLifetime == 0 {
		cfg.TokenLifetime = 9 * time.Hour
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	// Tokens are signed with a key derived from the app's secret, so a restarted sandbox still
	// accepts the tokens clients cached (they hold one for nine hours).
	key := sha256.Sum256([]byte("paypalsandbox access tokens\x00" + cfg.ClientSecret.Reveal()))
	s := &Sandbox{cfg: cfg, orders: map[string]*order{}, replies: map[string]reply{}, secret: key[:]}
	// A 2048-bit RSA key takes from 50 to several hundred milliseconds to make: it is made in
	// the background, so a portal's start never waits for it, and the first delivery or
	// certificate request takes it when ready.
	s.signing = sync.OnceValue(func() signingKey { return newSigningKey(cfg.Now()) })
	go s.signing()
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST /v1/oauth2/token", s.token)
	s.mux.HandleFunc("POST /v2/checkout/orders", s.authorized(s.createOrder))
	s.mux.HandleFunc("GET /v2/checkout/orders/{id}", s.authorized(s.getOrder))
	s.mux.HandleFunc("POST /v2/checkout/orders/{id}/capture", s.authorized(s.captureOrder))
	s.mux.HandleFunc("GET /v2/payments/captures/{id}", s.authorized(s.getPayment("capture_id", s.orderOfCapture, s.captureJSON)))
	s.mux.HandleFunc("POST /v2/payments/captures/{id}/refund", s.authorized(s.refundCapture))
	s.mux.HandleFunc("GET /v2/payments/refunds/{id}", s.authorized(s.getPayment("refund_id", s.orderOfRefund, s.refundJSON)))
	s.mux.HandleFunc("POST /v1/notifications/verify-webhook-signature", s.authorized(s.verifyWebhook))
	s.mux.HandleFunc("GET /v1/notifications/certs/{id}", s.certificate)
	s.mux.HandleFunc("GET /checkoutnow", s.approvalPage)
	s.mux.HandleFunc("POST /checkoutnow", s.approvalSubmit)
	s.mux.HandleFunc("POST /checkoutnow/events", s.eventSubmit)
	return s, nil
}

func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Error bodies, shaped as PayPal's (https://developer.paypal.com/api/rest/responses/).

type apiError struct {
	Name    string        `json:"name"`
	Message string        `json:"message"`
	Details []errorDetail `json:"details,omitempty"`
	DebugID string        `json:"debug_id"`
	Links   []link        `json:"links,omitempty"`
}

type errorDetail struct {
	Field       string `json:"field,omitempty"`
	Value       string `json:"value,omitempty"`
	Location    string `json:"location,omitempty"`
	Issue       string `json:"issue"`
	Description string `json:"description"`
}

type link struct {
	Href   string `json:"href"`
	Rel    string `json:"rel"`
	Method string `json:"method,omitempty"`
}

var (
	errNames = map[int][2]string{
		http.StatusBadRequest:          {"INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema."},
		http.StatusNotFound:            {"RESOURCE_NOT_FOUND", "The specified resource does not exist."},
		http.StatusUnprocessableEntity: {"UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation."},
	}
)

// fail writes PayPal's error body for status with one detail.
func (s *Sandbox) fail(w http.ResponseWriter, status int, d errorDetail) {
	name := errNames[status]
	if d.Location == "" && d.Field != "" {
		d.Location = "body"
	}
	writeJSON(w, status, apiError{
		Name: name[0], Message: name[1], Details: []errorDetail{d}, DebugID: newDebugID(),
		Links: []link{{Href: "https://developer.paypal.com/docs/api/orders/v2/#error-" + d.Issue, Rel: "information_link", Method: "GET"}},
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeRaw(w, status, body)
}

func writeRaw(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Paypal-Debug-Id", newDebugID())
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// IDs in PayPal's alphabets.

const idAlphabet = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"

func randomID(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return string(b)
}

func newDebugID() string { return strings.ToLower(randomID(13)) }
