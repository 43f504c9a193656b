package authnetsandbox

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// maxRequestBytes bounds a request.api body; a hosted page request is about two kilobytes.
const maxRequestBytes = 64 << 10

// bom starts every JSON answer of request.api.
var bom = []byte{0xEF, 0xBB, 0xBF}

type message struct {
	Code string `json:"code"`
	Text string `json:"text"`
}

type messages struct {
	ResultCode string    `json:"resultCode"`
	Message    []message `json:"message"`
}

var ok = messages{ResultCode: "Ok", Message: []message{{Code: "I00001", Text: "Successful."}}}

// apiError is a refusal in Authorize.net's shape.
type apiError struct{ code, text string }

var (
	errParse   = apiError{"E00003", "An error occurred while parsing the JSON request."}
	errMethod  = apiError{"E00004", "The name of the requested API method is invalid."}
	errAuth    = apiError{"E00007", "User authentication failed due to invalid authentication values."}
	errMissing = apiError{"E00014", "Transaction ID is required."}
	errNoTx    = apiError{"E00040", "The record cannot be found."}
)

func invalid(field string) apiError { return apiError{"E00013", field + " is invalid."} }

func tooLong(field string) apiError {
	return apiError{"E00015", "The field length is invalid for " + field + "."}
}

type merchantAuthentication struct {
	Name           string `json:"name"`
	TransactionKey string `json:"transactionKey"`
}

// header is what every request carries before its own elements.
type header struct {
	MerchantAuthentication *merchantAuthentication `json:"merchantAuthentication"`
	RefID                  string                  `json:"refId"`
}

// requestAPI is xml/v1/request.api: one JSON object whose single key names the method. Every
// answer, error or not, is HTTP 200 with a byte-order mark, as Authorize.net's are.
func (s *Sandbox) requestAPI(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBytes))
	if err != nil {
		writeError(w, "", errParse)
		return
	}
	var envelope map[string]json.RawMessage
	if err := json.Unmarshal(bytes.TrimPrefix(raw, bom), &envelope); err != nil || len(envelope) != 1 {
		writeError(w, "", errParse)
		return
	}
	for method, body := range envelope {
		var h header
		if err := json.Unmarshal(body, &h); err != nil {
			writeError(w, "", errParse)
			return
		}
		if !s.authenticated(h.MerchantAuthentication) {
			writeError(w, h.RefID, errAuth)
			return
		}
		switch method {
		case "getHostedPaymentPageRequest":
			s.hostedPaymentPage(w, h.RefID, body)
		case "getTransactionDetailsRequest":
			s.transactionDetails(w, h.RefID, body)
		case "getUnsettledTransactionListRequest":
			s.unsettledList(w, h.RefID, body)
		case "createTransactionRequest":
			s.createTransaction(w, h.RefID, body)
		default:
			writeError(w, h.RefID, errMethod)
		}
	}
}

func (s *Sandbox) authenticated(a *merchantAuthentication) bool {
	if a == nil {
		return false
	}
	name := subtle.ConstantTimeCompare([]byte(a.Name), []byte(s.cfg.LoginID))
	key := subtle.ConstantTimeCompare([]byte(a.TransactionKey), []byte(s.cfg.TransactionKey))
	return name&key == 1
}

// decimal is a JSON amount in a request, a number or a string; it reads exactly into cents.
type decimal struct {
	cents int64
	ok    bool
}

func (d *decimal) UnmarshalJSON(b []byte) error {
	text := string(b)
	if strings.HasPrefix(text, `"`) {
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
	}
	d.cents, d.ok = parseCents(text)
	return nil
}

// parseCents reads "289", "289.5" or "289.00" as cents; more than two decimals, a sign or an
// exponent is not an amount.
func parseCents(s string) (int64, bool) {
	whole, frac, dot := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 || (dot && frac == "") || !digits(whole) || !digits(frac) || len(whole) > 12 {
		return 0, false
	}
	frac += strings.Repeat("0", 2-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	return n, err == nil
}

// cents is an amount the sandbox writes: a JSON number with two decimals, as request.api does.
type cents int64

func (c cents) MarshalJSON() ([]byte, error) { return []byte(formatCents(int64(c))), nil }

func formatCents(c int64) string { return strconv.FormatInt(c/100, 10) + "." + twoDigits(c%100) }

func twoDigits(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

type hostedPageRequest struct {
	TransactionRequest *struct {
		TransactionType string   `json:"transactionType"`
		Amount          *decimal `json:"amount"`
		Order           struct {
			InvoiceNumber string `json:"invoiceNumber"`
			Description   string `json:"description"`
		} `json:"order"`
	} `json:"transactionRequest"`
	HostedPaymentSettings struct {
		Setting []struct {
			SettingName  string `json:"settingName"`
			SettingValue string `json:"settingValue"`
		} `json:"setting"`
	} `json:"hostedPaymentSettings"`
}

// The settings the form honours; the others Authorize.net documents are accepted and ignored
// (styles, captcha, customer and shipping options, the iframe communicator).
type returnOptions struct {
	ShowReceipt   *bool  `json:"showReceipt"`
	URL           string `json:"url"`
	URLText       string `json:"urlText"`
	CancelURL     string `json:"cancelUrl"`
	CancelURLText string `json:"cancelUrlText"`
}

type buttonOptions struct {
	Text string `json:"text"`
}

type orderOptions struct {
	Show         *bool  `json:"show"`
	MerchantName string `json:"merchantName"`
}

type paymentOptions struct {
	CardCodeRequired bool `json:"cardCodeRequired"`
}

type billingAddressOptions struct {
	Show     *bool `json:"show"`
	Required bool  `json:"required"`
}

var knownSettings = map[string]bool{
	"hostedPaymentReturnOptions": true, "hostedPaymentButtonOptions": true,
	"hostedPaymentStyleOptions": true, "hostedPaymentPaymentOptions": true,
	"hostedPaymentSecurityOptions": true, "hostedPaymentShippingAddressOptions": true,
	"hostedPaymentBillingAddressOptions": true, "hostedPaymentCustomerOptions": true,
	"hostedPaymentOrderOptions": true, "hostedPaymentIFrameCommunicatorUrl": true,
}

// page is one hosted payment page: what the token opens.
type page struct {
	token        string
	created      time.Time
	cents        int64
	invoice      string
	description  string
	refID        string
	returnURL    string
	returnText   string
	cancelURL    string
	cancelText   string
	showReceipt  bool
	buttonText   string
	showOrder    bool
	merchantName string
	cardCode     bool // the card code is required
	showZIP      bool
	zipRequired  bool
	// state is open until a payment is approved (paid, with txID) or the tester cancels.
	state string
	txID  string
}

const (
	stateOpen      = "open"
	statePaid      = "paid"
	stateCancelled = "cancelled"
)

func (s *Sandbox) hostedPaymentPage(w http.ResponseWriter, refID string, body json.RawMessage) {
	var req hostedPageRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, refID, errParse)
		return
	}
	p, refusal := newPage(req)
	if refusal != nil {
		writeError(w, refID, *refusal)
		return
	}
	p.refID = refID
	p.token = newToken()
	p.created = s.cfg.Now()
	s.mu.Lock()
	s.dropExpiredLocked()
	s.pages[p.token] = p
	s.mu.Unlock()
	writeJSON(w, struct {
		RefID    string   `json:"refId,omitempty"`
		Messages messages `json:"messages"`
		Token    string   `json:"token"`
	}{refID, ok, p.token})
}

// newPage checks a hosted page request the way request.api does and returns the page it opens.
func newPage(req hostedPageRequest) (*page, *apiError) {
	tr := req.TransactionRequest
	switch {
	case tr == nil:
		return nil, &apiError{"E00014", "Transaction request is required."}
	case tr.TransactionType != "authCaptureTransaction":
		// Authorize.net also takes authOnlyTransaction here; the portal never asks for one.
		return nil, ptr(invalid("Transaction type"))
	case tr.Amount == nil || !tr.Amount.ok || tr.Amount.cents <= 0:
		return nil, ptr(invalid("Amount"))
	case utf8.RuneCountInString(tr.Order.InvoiceNumber) > 20:
		return nil, ptr(tooLong("Invoice Number"))
	case utf8.RuneCountInString(tr.Order.Description) > 255:
		return nil, ptr(tooLong("Description"))
	}
	p := &page{
		cents: tr.Amount.cents, invoice: tr.Order.InvoiceNumber, description: tr.Order.Description,
		returnText: "Continue", cancelText: "Cancel", showReceipt: true, buttonText: "Pay",
		showOrder: true, showZIP: true, state: stateOpen,
	}
	for _, st := range req.HostedPaymentSettings.Setting {
		if !knownSettings[st.SettingName] {
			return nil, ptr(invalid("Setting name " + st.SettingName))
		}
		if refusal := p.apply(st.SettingName, st.SettingValue); refusal != nil {
			return nil, refusal
		}
	}
	return p, nil
}

// apply reads one setting's JSON value into the page.
func (p *page) apply(name, value string) *apiError {
	bad := ptr(invalid("Setting value of " + name))
	var err error
	switch name {
	case "hostedPaymentReturnOptions":
		var o returnOptions
		if err = json.Unmarshal([]byte(value), &o); err != nil {
			break
		}
		if (o.URL != "" && !absoluteHTTP(o.URL)) || (o.CancelURL != "" && !absoluteHTTP(o.CancelURL)) {
			return bad
		}
		p.returnURL, p.cancelURL = o.URL, o.CancelURL
		p.returnText, p.cancelText = orDefault(o.URLText, p.returnText), orDefault(o.CancelURLText, p.cancelText)
		if o.ShowReceipt != nil {
			p.showReceipt = *o.ShowReceipt
		}
	case "hostedPaymentButtonOptions":
		var o buttonOptions
		if err = json.Unmarshal([]byte(value), &o); err == nil {
			p.buttonText = orDefault(o.Text, p.buttonText)
		}
	case "hostedPaymentOrderOptions":
		var o orderOptions
		if err = json.Unmarshal([]byte(value), &o); err == nil {
			p.merchantName = o.MerchantName
			if o.Show != nil {
				p.showOrder = *o.Show
			}
		}
	case "hostedPaymentPaymentOptions":
		var o paymentOptions
		if err = json.Unmarshal([]byte(value), &o); err == nil {
			p.cardCode = o.CardCodeRequired
		}
	case "hostedPaymentBillingAddressOptions":
		var o billingAddressOptions
		if err = json.Unmarshal([]byte(value), &o); err == nil {
			p.zipRequired = o.Required
			if o.Show != nil {
				p.showZIP = *o.Show
			}
		}
	default:
		var o map[string]any
		err = json.Unmarshal([]byte(value), &o)
	}
	if err != nil {
		return bad
	}
	return nil
}

// dropExpiredLocked forgets pages whose token can no longer open the form.
func (s *Sandbox) dropExpiredLocked() {
	now := s.cfg.Now()
	for token, p := range s.pages {
		if now.Sub(p.created) > tokenLifetime {
			delete(s.pages, token)
		}
	}
}

type transactionDetailsRequest struct {
	TransID string `json:"transId"`
}

func (s *Sandbox) transactionDetails(w http.ResponseWriter, refID string, body json.RawMessage) {
	var req transactionDetailsRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, refID, errParse)
		return
	}
	if req.TransID == "" {
		writeError(w, refID, errMissing)
		return
	}
	s.mu.Lock()
	tx, found := s.txs[req.TransID]
	var details transactionDetails
	if found {
		details = tx.details()
	}
	s.mu.Unlock()
	if !found {
		writeError(w, refID, errNoTx)
		return
	}
	writeJSON(w, struct {
		RefID       string             `json:"refId,omitempty"`
		Messages    messages           `json:"messages"`
		Transaction transactionDetails `json:"transaction"`
	}{refID, ok, details})
}

func writeError(w http.ResponseWriter, refID string, e apiError) {
	writeJSON(w, struct {
		RefID    string   `json:"refId,omitempty"`
		Messages messages `json:"messages"`
	}{refID, messages{ResultCode: "Error", Message: []message{{Code: e.code, Text: e.text}}}})
}

func writeJSON(w http.ResponseWriter, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "encoding the answer failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(append(append([]byte{}, bom...), body...))
}

// newToken is a form token: 64 random bytes, as long and as unguessable as Authorize.net's.
func newToken() string {
	b := make([]byte, 64)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func absoluteHTTP(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func ptr(e apiError) *apiError { return &e }
