package paypalsandbox

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"time"

	"rugged.example/portal/api/pkg/money"
)

// createRequest is the part of an Orders v2 create body the sandbox reads.
type createRequest struct {
	Intent        string `json:"intent"`
	PurchaseUnits []struct {
		ReferenceID string `json:"reference_id"`
		InvoiceID   string `json:"invoice_id"`
		Description string `json:"description"`
		Amount      *struct {
			Currency string `json:"currency_code"`
			Value    string `json:"value"`
		} `json:"amount"`
	} `json:"purchase_units"`
	ApplicationContext *experience `json:"application_context"`
	PaymentSource      *struct {
		PayPal *struct {
			ExperienceContext *experience `json:"experience_context"`
		} `json:"paypal"`
	} `json:"payment_source"`
}

type experience struct {
	ReturnURL string `json:"return_url"`
	CancelURL string `json:"cancel_url"`
}

// valuePattern is PayPal's documented pattern of an amount's value.
var valuePattern = regexp.MustCompile(`^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$`)

const maxBody = 64 << 10

func (s *Sandbox) createOrder(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&req); err != nil {
		s.fail(w, http.StatusBadRequest, errorDetail{Issue: "MALFORMED_REQUEST_JSON", Description: "The request JSON is not well formed."})
		return
	}
	o, status, detail := s.validateCreate(req)
	if detail != nil {
		s.fail(w, status, *detail)
		return
	}
	key := "create:" + r.Header.Get("PayPal-Request-Id")
	s.mu.Lock()
	defer s.mu.Unlock()
	if rep, ok := s.replies[key]; ok && key != "create:" {
		writeRaw(w, rep.status, s.orderJSON(s.orders[rep.orderID], rep.full))
		return
	}
	if s.paidInvoice(o.InvoiceID, "") {
		s.fail(w, http.StatusUnprocessableEntity, errorDetail{Issue: "DUPLICATE_INVOICE_ID",
			Description: "Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction."})
		return
	}
	o.ID = randomID(17)
	o.Created = s.cfg.Now().UTC()
	o.Updated = o.Created
	s.orders[o.ID] = o
	full := r.Header.Get("Prefer") == "return=representation"
	if key != "create:" {
		s.replies[key] = reply{status: http.StatusCreated, orderID: o.ID, full: full}
	}
	writeRaw(w, http.StatusCreated, s.orderJSON(o, full))
}

// validateCreate checks a create body as PayPal does and returns the new order, or the status and
// detail of the first problem.
func (s *Sandbox) validateCreate(req createRequest) (*order, int, *errorDetail) {
	bad := func(status int, field, value, issue, description string) (*order, int, *errorDetail) {
		return nil, status, &errorDetail{Field: field, Value: value, Issue: issue, Description: description}
	}
	switch req.Intent {
	case "":
		return bad(http.StatusBadRequest, "/intent", "", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.")
	case "CAPTURE":
	case "AUTHORIZE":
		return bad(http.StatusUnprocessableEntity, "/intent", req.Intent, "UNSUPPORTED_INTENT", "The sandbox supports intent CAPTURE only.")
	default:
		return bad(http.StatusBadRequest, "/intent", req.Intent, "INVALID_PARAMETER_VALUE", "The value of a field is invalid.")
	}
	switch {
	case len(req.PurchaseUnits) == 0:
		return bad(http.StatusBadRequest, "/purchase_units", "", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.")
	case len(req.PurchaseUnits) > 1:
		return bad(http.StatusBadRequest, "/purchase_units", "", "INVALID_ARRAY_MAX_ITEMS", "The sandbox accepts one purchase unit.")
	}
	pu := req.PurchaseUnits[0]
	ref := pu.ReferenceID
	if ref == "" {
		ref = "default"
	}
	at := "/purchase_units/@reference_id=='" + ref + "'/amount"
	if pu.Amount == nil {
		return bad(http.StatusBadRequest, at, "", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.")
	}
	switch {
	case pu.Amount.Currency == "":
		return bad(http.StatusBadRequest, at+"/currency_code", "", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.")
	case len(pu.Amount.Currency) != 3:
		return bad(http.StatusBadRequest, at+"/currency_code", pu.Amount.Currency, "INVALID_PARAMETER_SYNTAX", "The value of a field does not conform to the expected format.")
	case pu.Amount.Value == "":
		return bad(http.StatusBadRequest, at+"/value", "", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.")
	case len(pu.Amount.Value) > 32 || !valuePattern.MatchString(pu.Amount.Value):
		return bad(http.StatusBadRequest, at+"/value", pu.Amount.Value, "INVALID_PARAMETER_SYNTAX", "The value of a field does not conform to the expected format.")
	}
	if _, err := money.New(0, pu.Amount.Currency); err != nil {
		return bad(http.StatusUnprocessableEntity, at+"/currency_code", pu.Amount.Currency, "CURRENCY_NOT_SUPPORTED", "Currency code is not currently supported.")
	}
	amount, err := money.ParseDecimal(pu.Amount.Value, pu.Amount.Currency)
	switch {
	case err != nil:
		return bad(http.StatusUnprocessableEntity, at+"/value", pu.Amount.Value, "DECIMAL_PRECISION", "If the currency supports decimals, only two decimal place precision is supported.")
	case amount.Cents <= 0:
		return bad(http.StatusUnprocessableEntity, at+"/value", pu.Amount.Value, "CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.")
	}
	if len(pu.InvoiceID) > 127 {
		return bad(http.StatusBadRequest, "/purchase_units/@reference_id=='"+ref+"'/invoice_id", "", "INVALID_STRING_LENGTH", "The value of a field is either too short or too long.")
	}
	exp, field := req.ApplicationContext, "/application_context"
	payerAction := req.PaymentSource != nil && req.PaymentSource.PayPal != nil
	if payerAction {
		exp, field = req.PaymentSource.PayPal.ExperienceContext, "/payment_source/paypal/experience_context"
	}
	o := &order{Status: "CREATED", ReferenceID: ref, InvoiceID: pu.InvoiceID, Description: pu.Description, Amount: amount, PayerAction: payerAction}
	if payerAction {
		o.Status = "PAYER_ACTION_REQUIRED"
	}
	if exp != nil {
		for _, u := range []struct{ name, value string }{{"return_url", exp.ReturnURL}, {"cancel_url", exp.CancelURL}} {
			if p, err := url.Parse(u.value); u.value != "" && (err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "") {
				return bad(http.StatusBadRequest, field+"/"+u.name, u.value, "INVALID_PARAMETER_SYNTAX", "The value of a field does not conform to the expected format.")
			}
		}
		o.ReturnURL, o.CancelURL = exp.ReturnURL, exp.CancelURL
	}
	return o, 0, nil
}

// paidInvoice reports whether an order other than except with this invoice id was captured.
// Callers hold s.mu.
func (s *Sandbox) paidInvoice(invoiceID, except string) bool {
	if invoiceID == "" {
		return false
	}
	for _, o := range s.orders {
		if o.ID != except && o.InvoiceID == invoiceID && o.Status == "COMPLETED" {
			return true
		}
	}
	return false
}

func (s *Sandbox) getOrder(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[r.PathValue("id")]
	if !ok {
		s.notFound(w, r.PathValue("id"))
		return
	}
	writeRaw(w, http.StatusOK, s.orderJSON(o, true))
}

func (s *Sandbox) notFound(w http.ResponseWriter, id string) {
	s.fail(w, http.StatusNotFound, errorDetail{Field: "order_id", Value: id, Location: "path", Issue: "INVALID_RESOURCE_ID",
		Description: "Specified resource ID does not exist. Please check the resource ID and try again."})
}

// captureOrder captures an approved order. The whole call holds the lock, so two captures of one
// order, at once or not, make one capture.
func (s *Sandbox) captureOrder(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := emptyOrObject(http.MaxBytesReader(w, r.Body, maxBody)); err != nil {
		s.fail(w, http.StatusBadRequest, errorDetail{Issue: "MALFORMED_REQUEST_JSON", Description: "The request JSON is not well formed."})
		return
	}
	s.mu.Lock()
	o, ok := s.orders[id]
	if !ok {
		s.mu.Unlock()
		s.notFound(w, id)
		return
	}
	key := "capture:" + id + ":" + r.Header.Get("PayPal-Request-Id")
	if rep, ok := s.replies[key]; ok && r.Header.Get("PayPal-Request-Id") != "" {
		body := s.orderJSON(o, rep.full)
		s.mu.Unlock()
		writeRaw(w, rep.status, body)
		return
	}
	var detail *errorDetail
	switch {
	case o.Status == "COMPLETED":
		detail = &errorDetail{Issue: "ORDER_ALREADY_CAPTURED", Description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed."}
	case o.Status != "APPROVED":
		detail = &errorDetail{Issue: "ORDER_NOT_APPROVED", Description: "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request."}
	case cards[o.Card].declines:
		detail = &errorDetail{Issue: "INSTRUMENT_DECLINED", Description: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment."}
	case s.paidInvoice(o.InvoiceID, o.ID):
		detail = &errorDetail{Issue: "DUPLICATE_INVOICE_ID", Description: "Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction."}
	}
	if detail != nil {
		s.mu.Unlock()
		s.fail(w, http.StatusUnprocessableEntity, *detail)
		return
	}
	now := s.cfg.Now().UTC()
	o.Status, o.Updated = "COMPLETED", now
	o.Capture = &capture{ID: randomID(17), Status: "COMPLETED", Created: now, Updated: now}
	body := s.orderJSON(o, true)
	if r.Header.Get("PayPal-Request-Id") != "" {
		s.replies[key] = reply{status: http.StatusCreated, orderID: o.ID, full: true}
	}
	notify := s.notification(s.captureEvent(o, eventCompleted), eventCompleted)
	s.mu.Unlock()
	writeRaw(w, http.StatusCreated, body)
	notify()
}

// emptyOrObject accepts an empty body or a JSON object, as the capture call does.
func emptyOrObject(r io.Reader) error {
	var v map[string]any
	if err := json.NewDecoder(r).Decode(&v); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

// Orders v2 response bodies.

type moneyJSON struct {
	Currency string `json:"currency_code"`
	Value    string `json:"value"`
}

func toMoneyJSON(m money.Money) moneyJSON { return moneyJSON{Currency: m.Currency, Value: m.Decimal()} }

// orderJSON renders o as Orders v2 does: the minimal representation (id, status, links) or the full
// one. Callers hold s.mu.
func (s *Sandbox) orderJSON(o *order, full bool) []byte {
	self := s.cfg.BaseURL + "/v2/checkout/orders/" + o.ID
	links := []link{{Href: self, Rel: "self", Method: "GET"}}
	switch o.Status {
	case "CREATED", "PAYER_ACTION_REQUIRED", "APPROVED":
		rel := "approve"
		if o.PayerAction {
			rel = "payer-action"
		}
		links = append(links,
			link{Href: s.cfg.BaseURL + "/checkoutnow?token=" + o.ID, Rel: rel, Method: "GET"},
			link{Href: self, Rel: "update", Method: "PATCH"},
			link{Href: self + "/capture", Rel: "capture", Method: "POST"})
	}
	v := map[string]any{"id": o.ID, "status": o.Status, "links": links}
	if full {
		unit := map[string]any{
			"reference_id": o.ReferenceID,
			"amount":       toMoneyJSON(o.Amount),
			"payee":        map[string]string{"email_address": "sb-merchant@business.example.com", "merchant_id": "7KNGBPH2U58GQ"},
		}
		if o.InvoiceID != "" {
			unit["invoice_id"] = o.InvoiceID
		}
		if o.Description != "" {
			unit["description"] = o.Description
		}
		if c := o.Capture; c != nil {
			unit["payments"] = map[string]any{"captures": []any{s.captureJSON(o)}}
		}
		v["intent"] = "CAPTURE"
		v["purchase_units"] = []any{unit}
		v["create_time"] = o.Created.Format(time.RFC3339)
		v["update_time"] = o.Updated.Format(time.RFC3339)
		if o.Payer != nil {
			payer := map[string]any{
				"name":          map[string]string{"given_name": o.Payer.GivenName, "surname": o.Payer.Surname},
				"email_address": o.Payer.Email,
				"payer_id":      payerID(*o.Payer),
				"address":       map[string]string{"country_code": "US"},
			}
			v["payer"] = payer
			v["payment_source"] = map[string]any{"paypal": map[string]any{
				"email_address": o.Payer.Email, "account_id": payerID(*o.Payer), "account_status": "VERIFIED",
				"name": map[string]string{"given_name": o.Payer.GivenName, "surname": o.Payer.Surname},
			}}
		}
	}
	body, _ := json.Marshal(v)
	return body
}

// captureJSON renders o's capture as Payments v2 does. Callers hold s.mu.
func (s *Sandbox) captureJSON(o *order) map[string]any {
	c := o.Capture
	fee := o.Amount.Cents*349/10000 + 49 // PayPal's US rate: 3.49 % + 49 cents
	if fee > o.Amount.Cents {
		fee = o.Amount.Cents
	}
	out := map[string]any{
		"id":            c.ID,
		"status":        c.Status,
		"amount":        toMoneyJSON(o.Amount),
		"final_capture": true,
		"seller_protection": map[string]any{
			"status": "ELIGIBLE", "dispute_categories": []string{"ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"},
		},
		"seller_receivable_breakdown": map[string]any{
			"gross_amount": toMoneyJSON(o.Amount),
			"paypal_fee":   toMoneyJSON(money.Money{Cents: fee, Currency: o.Amount.Currency}),
			"net_amount":   toMoneyJSON(money.Money{Cents: o.Amount.Cents - fee, Currency: o.Amount.Currency}),
		},
		"supplementary_data": map[string]any{"related_ids": map[string]string{"order_id": o.ID}},
		"links": []link{
			{Href: s.cfg.BaseURL + "/v2/payments/captures/" + c.ID, Rel: "self", Method: "GET"},
			{Href: s.cfg.BaseURL + "/v2/payments/captures/" + c.ID + "/refund", Rel: "refund", Method: "POST"},
			{Href: s.cfg.BaseURL + "/v2/checkout/orders/" + o.ID, Rel: "up", Method: "GET"},
		},
		"create_time": c.Created.Format(time.RFC3339),
		"update_time": c.Updated.Format(time.RFC3339),
	}
	if o.InvoiceID != "" {
		out["invoice_id"] = o.InvoiceID
	}
	return out
}
