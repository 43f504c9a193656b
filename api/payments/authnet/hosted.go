package authnet

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// MaxInvoiceNumber is the longest order.invoiceNumber request.api accepts.
const MaxInvoiceNumber = 20

// maxDescription is the longest order.description request.api accepts.
const maxDescription = 255

// PageRequest describes one hosted payment page: what is charged and where the browser goes
// afterwards. The amount comes from the server's quote, never from the browser.
type PageRequest struct {
	Amount money.Money
	// InvoiceNumber is the quote id (at most MaxInvoiceNumber characters); it comes back in the
	// transaction's details and is checked by ConfirmPayment.
	InvoiceNumber string
	// Description is shown on the form and stored with the transaction (optional).
	Description string
	// ReturnURL is where the browser goes after a payment; Authorize.net adds nothing to it, so
	// the page there learns the outcome from the server (webhook, then ConfirmPayment).
	ReturnURL string
	// CancelURL is where the browser goes when the customer cancels.
	CancelURL string
	// ReturnText and CancelText label the two ways back ("Continue" and "Cancel" when empty).
	ReturnText string
	CancelText string
	// ButtonText labels the pay button ("Pay" when empty).
	ButtonText string
	// MerchantName heads the order summary on the form (optional).
	MerchantName string
}

// HostedPage is what the browser needs to open the form: an HTML POST of Token (field "token")
// to FormURL. The token is valid for 15 minutes and for one payment.
type HostedPage struct {
	Token   string
	FormURL string
}

// The wire shapes of getHostedPaymentPageRequest. request.api validates JSON against its XML
// schema, where element order matters: fields are declared in the schema's order.
type hostedPageRequest struct {
	MerchantAuthentication merchantAuthentication `json:"merchantAuthentication"`
	TransactionRequest     transactionRequest     `json:"transactionRequest"`
	HostedPaymentSettings  hostedPaymentSettings  `json:"hostedPaymentSettings"`
}

type transactionRequest struct {
	TransactionType string `json:"transactionType"`
	Amount          string `json:"amount"`
	Order           order  `json:"order"`
}

type order struct {
	InvoiceNumber string `json:"invoiceNumber"`
	Description   string `json:"description,omitempty"`
}

type hostedPaymentSettings struct {
	Setting []setting `json:"setting"`
}

// setting is one form option; its value is itself JSON, sent as a string.
type setting struct {
	SettingName  string `json:"settingName"`
	SettingValue string `json:"settingValue"`
}

type returnOptions struct {
	ShowReceipt   bool   `json:"showReceipt"`
	URL           string `json:"url"`
	URLText       string `json:"urlText"`
	CancelURL     string `json:"cancelUrl"`
	CancelURLText string `json:"cancelUrlText"`
}

type buttonOptions struct {
	Text string `json:"text"`
}

type orderOptions struct {
	Show         bool   `json:"show"`
	MerchantName string `json:"merchantName,omitempty"`
}

type paymentOptions struct {
	CardCodeRequired bool `json:"cardCodeRequired"`
	ShowCreditCard   bool `json:"showCreditCard"`
	ShowBankAccount  bool `json:"showBankAccount"`
}

type billingAddressOptions struct {
	Show     bool `json:"show"`
	Required bool `json:"required"`
}

type hostedPageResponse struct {
	Token    string   `json:"token"`
	Messages messages `json:"messages"`
}

func (r *hostedPageResponse) result() messages { return r.Messages }

// HostedPaymentPage asks for a form token for an auth-and-capture of p.Amount. The form takes
// cards only (the portal offers no e-check), requires the card code, and shows the billing
// address (its ZIP feeds the address check); it skips Authorize.net's receipt and sends the
// browser straight to p.ReturnURL.
func (c *Client) HostedPaymentPage(ctx context.Context, p PageRequest) (HostedPage, error) {
	req, err := c.hostedPageRequest(p)
	if err != nil {
		return HostedPage{}, err
	}
	var resp hostedPageResponse
	if err := c.call(ctx, "getHostedPaymentPageRequest", req, &resp); err != nil {
		return HostedPage{}, err
	}
	if resp.Token == "" {
		return HostedPage{}, fmt.Errorf("%w: authnet getHostedPaymentPageRequest: no token", payments.ErrProviderUnavailable)
	}
	return HostedPage{Token: resp.Token, FormURL: c.formURL}, nil
}

func (c *Client) hostedPageRequest(p PageRequest) (hostedPageRequest, error) {
	amt, err := FormatAmount(p.Amount)
	if err != nil {
		return hostedPageRequest{}, err
	}
	switch n := utf8.RuneCountInString(p.InvoiceNumber); {
	case n == 0 || n > MaxInvoiceNumber:
		return hostedPageRequest{}, fmt.Errorf("%w: invoice number must have 1 to %d characters", ErrInvalidRequest, MaxInvoiceNumber)
	case utf8.RuneCountInString(p.Description) > maxDescription:
		return hostedPageRequest{}, fmt.Errorf("%w: description longer than %d characters", ErrInvalidRequest, maxDescription)
	case !absoluteHTTP(p.ReturnURL) || !absoluteHTTP(p.CancelURL):
		return hostedPageRequest{}, fmt.Errorf("%w: return and cancel URLs must be absolute http(s) URLs", ErrInvalidRequest)
	}
	settings := []struct {
		name  string
		value any
	}{
		{"hostedPaymentReturnOptions", returnOptions{
			ShowReceipt: false,
			URL:         p.ReturnURL, URLText: orDefault(p.ReturnText, "Continue"),
			CancelURL: p.CancelURL, CancelURLText: orDefault(p.CancelText, "Cancel"),
		}},
		{"hostedPaymentButtonOptions", buttonOptions{Text: orDefault(p.ButtonText, "Pay")}},
		{"hostedPaymentOrderOptions", orderOptions{Show: true, MerchantName: p.MerchantName}},
		{"hostedPaymentPaymentOptions", paymentOptions{CardCodeRequired: true, ShowCreditCard: true}},
		{"hostedPaymentBillingAddressOptions", billingAddressOptions{Show: true}},
	}
	req := hostedPageRequest{
		MerchantAuthentication: c.auth(),
		TransactionRequest: transactionRequest{
			TransactionType: "authCaptureTransaction",
			Amount:          amt,
			Order:           order{InvoiceNumber: p.InvoiceNumber, Description: p.Description},
		},
	}
	for _, s := range settings {
		v, err := json.Marshal(s.value)
		if err != nil {
			return hostedPageRequest{}, fmt.Errorf("authnet: encode %s: %w", s.name, err)
		}
		req.HostedPaymentSettings.Setting = append(req.HostedPaymentSettings.Setting, setting{s.name, string(v)})
	}
	return req, nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
