package authnetsandbox

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"time"
	"unicode/utf8"
)

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
