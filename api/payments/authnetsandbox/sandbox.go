// Package authnetsandbox is a stand-in for Authorize.net that the embedded default serves under
// /sandbox/authnet, so the real client (package authnet) runs against it by URL alone. It speaks
// the documented protocol of what the portal uses and nothing more:
//
//   - POST xml/v1/request.api: getHostedPaymentPageRequest, getTransactionDetailsRequest,
//     getUnsettledTransactionListRequest and createTransactionRequest for voidTransaction and
//     refundTransaction, merchant authentication, Authorize.net's error shape (HTTP 200,
//     resultCode Error, E000xx codes, a transaction's response reason codes) and the byte-order
//     mark before every JSON answer;
//   - POST payment/payment: the hosted form the browser posts a token to, where a tester pays
//     with a test card, is declined, or cancels, and is sent back to the return or cancel URL;
//   - webhooks: net.authorize.payment.authcapture.created for every approved or declined
//     payment, void.created and refund.created for each void and refund, signed
//     X-ANET-Signature: sha512=<HMAC-SHA512 of the body under the signature key>, posted to the
//     configured URL and retried a few times when it does not answer 2xx;
//   - Settle: the daily settlement batch, run when a tester or a test asks for it.
//
// It shares no code with the client on purpose: each side is written from the protocol, so a
// test of one against the other checks both. State lives in memory and is lost on restart:
// hosted page tokens expire after 15 minutes and are then dropped, transactions are kept for the
// life of the process. It never stores more of a card than its type and last four digits.
//
// Mount it with the prefix stripped: mux.Handle("/sandbox/authnet/",
// http.StripPrefix("/sandbox/authnet", sandbox)); AUTHNET_API_URL is then
// <public URL>/sandbox/authnet/xml/v1/request.api and AUTHNET_FORM_URL
// <public URL>/sandbox/authnet/payment/payment.
package authnetsandbox

import (
	"context"
	"crypto/rand"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// Config sets up a sandbox.
type Config struct {
	// LoginID and TransactionKey are the merchant credentials request.api accepts.
	LoginID        string
	TransactionKey string
	// SignatureKey signs webhooks, as the signature key of an Authorize.net account does.
	SignatureKey string
	// WebhookURL receives the notifications; empty sends none.
	WebhookURL string
	// WebhookClient posts them; nil is a client with a 10-second timeout.
	WebhookClient *http.Client
	// RetryDelays are the waits before each new attempt at a notification that was not answered
	// with a 2xx; nil is 1 s, 5 s and 25 s, so a notification is tried four times at most.
	RetryDelays []time.Duration
	// Logger receives delivery failures; nil discards them.
	Logger *slog.Logger
	// Now is the clock (token expiry, card expiry, transaction times); nil is time.Now.
	Now func() time.Time
}

// tokenLifetime is how long a hosted page token opens the form, as Authorize.net documents.
const tokenLifetime = 15 * time.Minute

// firstTransID is where transaction ids start: eleven digits, the length of Authorize.net's.
const firstTransID = 60000000001

var defaultRetryDelays = []time.Duration{time.Second, 5 * time.Second, 25 * time.Second}

//go:embed templates/*.html
var templateFS embed.FS

var templates = template.Must(template.ParseFS(templateFS, "templates/*.html"))

// Sandbox is the http.Handler. Close it to abandon webhook deliveries still under way.
type Sandbox struct {
	cfg       Config
	mux       *http.ServeMux
	webhookID string

	mu     sync.Mutex
	pages  map[string]*page
	txs    map[string]*transaction
	nextID int64

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// ErrConfig is a Config the sandbox cannot work with.
var ErrConfig = errors.New("authnetsandbox: incomplete configuration")

// New returns a sandbox for cfg.
func New(cfg Config) (*Sandbox, error) {
	if cfg.LoginID == "" || cfg.TransactionKey == "" || cfg.SignatureKey == "" {
		return nil, fmt.Errorf("%w: login id, transaction key and signature key are required", ErrConfig)
	}
	if cfg.WebhookURL != "" {
		if u, err := url.Parse(cfg.WebhookURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("%w: the webhook URL must be an absolute http(s) URL", ErrConfig)
		}
	}
	if cfg.WebhookClient == nil {
		cfg.WebhookClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.RetryDelays == nil {
		cfg.RetryDelays = defaultRetryDelays
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Sandbox{
		cfg:       cfg,
		mux:       http.NewServeMux(),
		webhookID: newUUID(),
		pages:     map[string]*page{},
		txs:       map[string]*transaction{},
		nextID:    firstTransID,
		ctx:       ctx,
		cancel:    cancel,
	}
	s.mux.HandleFunc("POST /xml/v1/request.api", s.requestAPI)
	s.mux.HandleFunc("POST /payment/payment", s.form)
	s.mux.HandleFunc("POST /payment/pay", s.pay)
	return s, nil
}

func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// String keeps the merchant credentials out of printouts: fmt prints unexported fields as they are.
func (s *Sandbox) String() string { return "authnetsandbox.Sandbox" }

// Close abandons the webhook deliveries under way (an attempt in flight, a retry waiting) and
// returns once they have stopped.
func (s *Sandbox) Close() {
	s.cancel()
	s.wg.Wait()
}

// Delivered returns once every webhook delivery under way has been answered or has given up,
// its retries included. A test calls it between requests to see that no notification was sent,
// instead of waiting for one that never comes.
func (s *Sandbox) Delivered() { s.wg.Wait() }

// newUUID is a random (version 4) UUID, the shape of Authorize.net's notification and webhook ids.
func newUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
