package paypalsandbox

import (
	"crypto/sha256"
	"crypto/subtle"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// testCard is one of the sandbox's test card numbers.
type testCard struct {
	brand    string
	declines bool
}

var cards = map[string]testCard{
	"4111111111111111": {brand: "Visa"},
	"5555555555554444": {brand: "Mastercard"},
	"4000000000000002": {brand: "Visa", declines: true},
}

// payerID is a buyer's stable 13-character PayPal payer id.
func payerID(b Buyer) string {
	sum := sha256.Sum256([]byte(strings.ToLower(b.Email)))
	out := make([]byte, 13)
	for i := range out {
		out[i] = idAlphabet[int(sum[i])%len(idAlphabet)]
	}
	return string(out)
}

type pageData struct {
	OrderID     string
	Amount      string
	Description string
	InvoiceID   string
	Status      string
	Buyer       Buyer
	Cards       []cardRow
	Email       string
	CardNumber  string
	Expiry      string
	Errors      map[string]string
	// Message is the page's whole content when there is nothing to approve.
	Message string
	// Events lists the webhooks a tester may send for a paid order.
	Events []string
	Sent   string
}

type cardRow struct{ Number, Brand, Outcome string }

var cardRows = []cardRow{
	{"4111 1111 1111 1111", "Visa", "approved"},
	{"5555 5555 5555 4444", "Mastercard", "approved"},
	{"4000 0000 0000 0002", "Visa", "declined at capture (INSTRUMENT_DECLINED)"},
}

func (s *Sandbox) approvalPage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	o, ok := s.orders[r.URL.Query().Get("token")]
	var data pageData
	if ok {
		data = s.pageFor(o)
	}
	s.mu.Unlock()
	if !ok {
		s.render(w, http.StatusNotFound, pageData{Message: "We can't find this order. Go back to the merchant and try again."})
		return
	}
	data.Sent = r.URL.Query().Get("sent")
	s.render(w, http.StatusOK, data)
}

// pageFor fills the page for o. Callers hold s.mu.
func (s *Sandbox) pageFor(o *order) pageData {
	data := pageData{
		OrderID: o.ID, Amount: o.Amount.String(), Description: o.Description, InvoiceID: o.InvoiceID,
		Status: o.Status, Buyer: s.cfg.Buyers[0], Cards: cardRows, Errors: map[string]string{},
	}
	switch o.Status {
	case "COMPLETED":
		data.Message = "This order has been paid."
		if o.Capture != nil && o.Capture.Status == "REFUNDED" {
			data.Message = "This order was paid, and its payment was refunded in full (refund " + o.Capture.RefundID + ")."
		}
		if s.cfg.WebhookURL != "" {
			data.Events = []string{eventCompleted, eventDenied, eventRefunded}
		}
	case "VOIDED":
		data.Message = "This order was voided and can no longer be paid."
	}
	return data
}

// approvalSubmit handles the page's form: approve (sign in and choose a card) or cancel.
func (s *Sandbox) approvalSubmit(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "Bad form", http.StatusBadRequest)
		return
	}
	f := r.PostForm
	s.mu.Lock()
	o, ok := s.orders[f.Get("token")]
	if !ok {
		s.mu.Unlock()
		s.render(w, http.StatusNotFound, pageData{Message: "We can't find this order. Go back to the merchant and try again."})
		return
	}
	data := s.pageFor(o)
	if data.Message != "" {
		s.mu.Unlock()
		s.render(w, http.StatusConflict, data)
		return
	}
	if f.Get("action") == "cancel" {
		// PayPal leaves a cancelled order as it was; it simply never gets approved.
		target := o.CancelURL
		s.mu.Unlock()
		s.redirect(w, r, target, url.Values{"token": {data.OrderID}}, "You cancelled. You can close this page.")
		return
	}
	data.Email, data.CardNumber, data.Expiry = strings.TrimSpace(f.Get("email")), f.Get("card_number"), strings.TrimSpace(f.Get("expiry"))
	buyer, card := s.checkApproval(f, data.Errors)
	if len(data.Errors) > 0 {
		s.mu.Unlock()
		s.render(w, http.StatusUnprocessableEntity, data)
		return
	}
	o.Status, o.Payer, o.Card, o.Updated = "APPROVED", &buyer, card, s.cfg.Now().UTC()
	target := o.ReturnURL
	s.mu.Unlock()
	s.redirect(w, r, target, url.Values{"token": {data.OrderID}, "PayerID": {payerID(buyer)}}, "You approved the payment. Return to the merchant to finish.")
}

// checkApproval validates the sign-in and card fields, filling errs by field name.
func (s *Sandbox) checkApproval(f url.Values, errs map[string]string) (Buyer, string) {
	var buyer Buyer
	found := false
	for _, b := range s.cfg.Buyers {
		if strings.EqualFold(b.Email, strings.TrimSpace(f.Get("email"))) &&
			subtle.ConstantTimeCompare([]byte(b.Password), []byte(f.Get("password"))) == 1 {
			buyer, found = b, true
		}
	}
	if !found {
		errs["email"] = "Some of your info isn't correct. Please try again."
	}
	number := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, f.Get("card_number"))
	if _, ok := cards[number]; !ok {
		errs["card_number"] = "Enter one of the sandbox's test card numbers."
	}
	month, year, ok := strings.Cut(strings.TrimSpace(f.Get("expiry")), "/")
	m, merr := strconv.Atoi(strings.TrimSpace(month))
	y, yerr := strconv.Atoi(strings.TrimSpace(year))
	now := s.cfg.Now()
	if !ok || merr != nil || yerr != nil || m < 1 || m > 12 || y < 0 || y > 99 ||
		!time.Date(2000+y, time.Month(m)+1, 1, 0, 0, 0, 0, time.UTC).After(now) {
		errs["expiry"] = "Enter a future expiry date as MM/YY."
	}
	if cvv := f.Get("cvv"); len(cvv) < 3 || len(cvv) > 4 || strings.Trim(cvv, "0123456789") != "" {
		errs["cvv"] = "Enter the 3 or 4 digit security code."
	}
	return buyer, number
}

// redirect sends the payer back to target with query added to its own, or, for an order created
// without return and cancel URLs, shows message.
func (s *Sandbox) redirect(w http.ResponseWriter, r *http.Request, target string, query url.Values, message string) {
	if target == "" {
		s.render(w, http.StatusOK, pageData{Message: message})
		return
	}
	u, err := url.Parse(target)
	if err != nil {
		http.Error(w, "Bad return URL", http.StatusBadRequest)
		return
	}
	q := u.Query()
	for k, v := range query {
		q[k] = v
	}
	u.RawQuery = q.Encode()
	http.Redirect(w, r, u.String(), http.StatusSeeOther)
}

// eventSubmit lets a tester send a paid order's webhooks from the page.
func (s *Sandbox) eventSubmit(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "Bad form", http.StatusBadRequest)
		return
	}
	id, eventType := r.PostForm.Get("token"), r.PostForm.Get("event")
	sent := eventType + " sent."
	if err := s.SendEvent(r.Context(), id, eventType); err != nil {
		sent = eventType + " could not be sent: " + err.Error()
	}
	http.Redirect(w, r, s.cfg.BaseURL+"/checkoutnow?"+url.Values{"token": {id}, "sent": {sent}}.Encode(), http.StatusSeeOther)
}

func (s *Sandbox) render(w http.ResponseWriter, status int, data pageData) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = page.Execute(w, data)
}

var page = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PayPal sandbox{{if .Amount}}: pay {{.Amount}}{{end}}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1a1a1a}
main{max-width:32rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:.5rem;box-shadow:0 1px 4px #0002}
.banner{background:#fff4d6;border:1px solid #e0b000;padding:.5rem .75rem;border-radius:.25rem;font-size:.9rem}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem;margin-top:.25rem;font-size:1rem;border:1px solid #767676;border-radius:.25rem}
input[aria-invalid=true]{border-color:#b00020}
.error{color:#b00020;margin:.25rem 0 0}
.actions{display:flex;gap:1rem;margin-top:1.5rem}
button{padding:.6rem 1.2rem;font-size:1rem;border-radius:1.5rem;border:1px solid #003087;cursor:pointer}
button.primary{background:#003087;color:#fff}
button.secondary{background:#fff;color:#003087}
table{border-collapse:collapse;font-size:.85rem;margin-top:.5rem}
td,th{padding:.2rem .5rem;text-align:left;border-bottom:1px solid #ddd}
:focus-visible{outline:3px solid #0070e0;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>PayPal sandbox</h1>
<p class="banner">This is the portal's PayPal sandbox. No real money moves.</p>
{{if .Amount}}<h2>Pay {{.Amount}}</h2>
{{if .Description}}<p>{{.Description}}</p>{{end}}
{{if .InvoiceID}}<p>Invoice {{.InvoiceID}}</p>{{end}}{{end}}
{{if .Sent}}<p role="status">{{.Sent}}</p>{{end}}
{{if .Message}}<p role="status">{{.Message}}</p>
{{if .Events}}<form method="post" action="checkoutnow/events">
<input type="hidden" name="token" value="{{.OrderID}}">
<fieldset><legend>Send a webhook for this capture</legend>
{{range .Events}}<button class="secondary" type="submit" name="event" value="{{.}}">Send {{.}}</button> {{end}}
</fieldset></form>{{end}}
{{else}}
{{if .Errors}}<div role="alert"><p>Please correct the fields marked below.</p></div>{{end}}
<form method="post" action="checkoutnow" novalidate>
<input type="hidden" name="token" value="{{.OrderID}}">
<h3>Sign in as a sandbox buyer</h3>
<p>Sandbox account: {{.Buyer.Email}}, password {{.Buyer.Password}}</p>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" value="{{.Email}}" required{{with .Errors.email}} aria-invalid="true" aria-describedby="email-error"{{end}}>
{{with .Errors.email}}<p class="error" id="email-error">{{.}}</p>{{end}}
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<h3>Pay with a card</h3>
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" value="{{.CardNumber}}" required{{with .Errors.card_number}} aria-invalid="true" aria-describedby="card_number-error"{{end}}>
{{with .Errors.card_number}}<p class="error" id="card_number-error">{{.}}</p>{{end}}
<label for="expiry">Expiry date (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" value="{{.Expiry}}" required{{with .Errors.expiry}} aria-invalid="true" aria-describedby="expiry-error"{{end}}>
{{with .Errors.expiry}}<p class="error" id="expiry-error">{{.}}</p>{{end}}
<label for="cvv">Security code</label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required{{with .Errors.cvv}} aria-invalid="true" aria-describedby="cvv-error"{{end}}>
{{with .Errors.cvv}}<p class="error" id="cvv-error">{{.}}</p>{{end}}
<div class="actions">
<button class="primary" type="submit" name="action" value="approve">Pay now</button>
<button class="secondary" type="submit" name="action" value="cancel">Cancel and return to merchant</button>
</div>
</form>
<table>
<caption>Sandbox test cards (any future expiry, any 3-digit code)</caption>
<thead><tr><th scope="col">Number</th><th scope="col">Brand</th><th scope="col">Result</th></tr></thead>
<tbody>{{range .Cards}}<tr><td>{{.Number}}</td><td>{{.Brand}}</td><td>{{.Outcome}}</td></tr>{{end}}</tbody>
</table>
{{end}}
</main>
</body>
</html>
`))
