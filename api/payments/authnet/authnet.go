// Package authnet is a client of Authorize.net's JSON API (request.api) for Accept Hosted: it asks
// for a hosted payment page token, confirms the resulting transaction on the server with
// getTransactionDetails, and verifies the signed webhooks Authorize.net sends. It speaks the
// documented protocol over net/http and talks to the real gateway or to authnetsandbox by URL
// alone. It holds no state: remembering which quote a token or transaction belongs to, and
// deduplicating webhooks by notification id, is the caller's job.
package authnet

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/config"
)

// Config is what the client needs from the environment. The keys are secrets; Authorize.net
// asks merchants to keep the API login id private too, so it is masked as well.
type Config struct {
	// APIURL is the request.api endpoint: https://apitest.authorize.net/xml/v1/request.api for
	// Authorize.net's sandbox, https://api.authorize.net/xml/v1/request.api in production.
	APIURL string `env:"AUTHNET_API_URL"`
	// FormURL is where the browser POSTs the token: https://test.authorize.net/payment/payment
	// or https://accept.authorize.net/payment/payment.
	FormURL        string        `env:"AUTHNET_FORM_URL"`
	LoginID        config.Secret `env:"AUTHNET_LOGIN_ID"`
	TransactionKey config.Secret `env:"AUTHNET_TRANSACTION_KEY"`
	// SignatureKey signs webhooks (Account > Settings > API Credentials & Keys).
	SignatureKey config.Secret `env:"AUTHNET_SIGNATURE_KEY"`
}

// Provider names Authorize.net in the event log and in logs.
const Provider = payments.ProviderAuthNet

// ErrConfig is a Config the client cannot work with.
var ErrConfig = errors.New("authnet: incomplete configuration")

// maxResponseBytes bounds what the client reads from the gateway; the largest answer it asks
// for, a transaction's details, is a few kilobytes.
const maxResponseBytes = 1 << 20

// defaultTimeout bounds one call when the caller brings no http.Client.
const defaultTimeout = 30 * time.Second

// Client calls request.api. It is safe for concurrent use.
type Client struct {
	apiURL         string
	formURL        string
	loginID        config.Secret
	transactionKey config.Secret
	signatureKey   config.Secret
	hc             *http.Client
}

// New checks cfg and returns a client. A nil hc gets a client with a 30-second timeout.
func New(cfg Config, hc *http.Client) (*Client, error) {
	switch {
	case !absoluteHTTP(cfg.APIURL):
		return nil, fmt.Errorf("%w: AUTHNET_API_URL must be an absolute http(s) URL", ErrConfig)
	case !absoluteHTTP(cfg.FormURL):
		return nil, fmt.Errorf("%w: AUTHNET_FORM_URL must be an absolute http(s) URL", ErrConfig)
	case cfg.LoginID == "":
		return nil, fmt.Errorf("%w: AUTHNET_LOGIN_ID is empty", ErrConfig)
	case cfg.TransactionKey == "":
		return nil, fmt.Errorf("%w: AUTHNET_TRANSACTION_KEY is empty", ErrConfig)
	case cfg.SignatureKey == "":
		return nil, fmt.Errorf("%w: AUTHNET_SIGNATURE_KEY is empty", ErrConfig)
	}
	if hc == nil {
		hc = &http.Client{Timeout: defaultTimeout}
	}
	return &Client{
		apiURL: cfg.APIURL, formURL: cfg.FormURL,
		loginID: cfg.LoginID, transactionKey: cfg.TransactionKey, signatureKey: cfg.SignatureKey,
		hc: hc,
	}, nil
}

// String and GoString keep the credentials out of printouts and logs: fmt prints a struct's
// unexported fields without asking them how.
func (c *Client) String() string { return "authnet.Client(" + c.apiURL + ")" }

// GoString is String for %#v.
func (c *Client) GoString() string { return c.String() }

// FormURL is where the browser POSTs a hosted page token (form field "token").
func (c *Client) FormURL() string { return c.formURL }

type merchantAuthentication struct {
	Name           string `json:"name"`
	TransactionKey string `json:"transactionKey"`
}

func (c *Client) auth() merchantAuthentication {
	return merchantAuthentication{Name: c.loginID.Reveal(), TransactionKey: c.transactionKey.Reveal()}
}

// message and messages are the result block every response carries.
type message struct {
	Code string `json:"code"`
	Text string `json:"text"`
}

type messages struct {
	ResultCode string    `json:"resultCode"`
	Message    []message `json:"message"`
}

// bom is the UTF-8 byte-order mark Authorize.net puts before every JSON response; encoding/json
// refuses it.
var bom = []byte{0xEF, 0xBB, 0xBF}

// call posts {root: body} to request.api and decodes the answer into out, which must embed a
// Messages field read through result. A resultCode of Error becomes an *APIError.
func (c *Client) call(ctx context.Context, root string, body any, out interface{ result() messages }) error {
	payload, err := json.Marshal(map[string]any{root: body})
	if err != nil {
		return fmt.Errorf("authnet: encode %s: %w", root, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.apiURL, bytes.NewReader(payload))
	if err != nil {
		return fmt.Errorf("authnet: %s: %w", root, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		// The request may or may not have reached the gateway; both calls are safe to repeat.
		return fmt.Errorf("%w: authnet %s: %w", payments.ErrProviderUnavailable, root, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes+1))
	if err != nil {
		return fmt.Errorf("%w: authnet %s: read response: %w", payments.ErrProviderUnavailable, root, err)
	}
	switch {
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("%w: authnet %s: HTTP %d", payments.ErrProviderUnavailable, root, resp.StatusCode)
	case len(raw) > maxResponseBytes:
		return fmt.Errorf("%w: authnet %s: response larger than %d bytes", payments.ErrProviderUnavailable, root, maxResponseBytes)
	}
	if err := json.Unmarshal(bytes.TrimPrefix(raw, bom), out); err != nil {
		return fmt.Errorf("%w: authnet %s: decode response: %w", payments.ErrProviderUnavailable, root, err)
	}
	return checkResult(out.result())
}

func absoluteHTTP(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
