package authnetsandbox

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// maxFormBytes bounds a post to the hosted form.
const maxFormBytes = 16 << 10

// declineZIP is the billing ZIP code that makes Authorize.net's sandbox decline any card.
const declineZIP = "46282"

// declineCard is the Visa test number Authorize.net documents for testing declines; here it is
// always declined, whatever the amount.
const declineCard = "4222222222222"

// testCards are the card numbers Authorize.net's sandbox approves, with their types. Any other
// number is refused as invalid, as a real card number would be there.
var testCards = map[string]string{
	"4111111111111111": "Visa", "4007000000027": "Visa", "4012888818888": "Visa",
	declineCard:        "Visa",
	"5424000000000015": "MasterCard", "2223000010309703": "MasterCard", "2223000010309711": "MasterCard",
	"370000000000002":  "AmericanExpress",
	"6011000000000012": "Discover",
	"3088000000000017": "JCB",
	"38000000000006":   "DinersClub",
}

// formView is what the form template shows.
type formView struct {
	Token        string
	Amount       string
	Invoice      string
	Description  string
	ShowOrder    bool
	MerchantName string
	ButtonText   string
	CancelText   string
	CanCancel    bool
	CardCode     bool
	ShowZIP      bool
	ZIPRequired  bool
	Expiry       string
	ZIP          string
	Error        string
	FieldErrors  map[string]string
}

func (p *page) view() formView {
	return formView{
		Token: p.token, Amount: "$" + formatCents(p.cents), Invoice: p.invoice, Description: p.description,
		ShowOrder: p.showOrder, MerchantName: p.merchantName, ButtonText: p.buttonText,
		CancelText: p.cancelText, CanCancel: p.cancelURL != "", CardCode: p.cardCode,
		ShowZIP: p.showZIP, ZIPRequired: p.zipRequired,
	}
}

// form is payment/payment: the browser POSTs the token and gets the payment form.
func (s *Sandbox) form(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	token := r.PostFormValue("token")
	s.mu.Lock()
	p := s.openPageLocked(token)
	var v formView
	if p != nil {
		v = p.view()
	}
	s.mu.Unlock()
	if p == nil {
		s.renderMessage(w, http.StatusBadRequest, "Missing or invalid token.",
			"The payment form could not be opened. Return to the merchant's site and try again.")
		return
	}
	s.render(w, http.StatusOK, "form.html", v)
}

// openPageLocked is the page a token opens, or nil when there is none: unknown, expired, or
// already paid or cancelled (a token is good for one payment).
func (s *Sandbox) openPageLocked(token string) *page {
	p, found := s.pages[token]
	if !found || s.cfg.Now().Sub(p.created) > tokenLifetime || p.state != stateOpen {
		return nil
	}
	return p
}

// pay is payment/pay, where the form posts: action=cancel or action=pay with the card.
func (s *Sandbox) pay(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		s.renderMessage(w, http.StatusBadRequest, "Missing or invalid token.", "The form could not be read.")
		return
	}
	token := r.PostForm.Get("token")
	s.mu.Lock()
	defer s.mu.Unlock()
	p, found := s.pages[token]
	if found && p.state != stateOpen {
		// A second submit of the same form (a double click, the back button) gets the outcome
		// of the first, never a second transaction.
		s.finishLocked(w, r, p)
		return
	}
	if s.openPageLocked(token) == nil {
		s.renderMessage(w, http.StatusBadRequest, "Missing or invalid token.",
			"This payment form has expired. Return to the merchant's site and try again.")
		return
	}
	if r.PostForm.Get("action") == "cancel" {
		p.state = stateCancelled
		s.finishLocked(w, r, p)
		return
	}
	card, fieldErrors := s.readCard(r, p)
	if len(fieldErrors) > 0 {
		v := p.view()
		v.Expiry, v.ZIP, v.FieldErrors = card.expiry, card.zip, fieldErrors
		v.Error = "Please correct the highlighted fields."
		s.render(w, http.StatusUnprocessableEntity, "form.html", v)
		return
	}
	tx := s.chargeLocked(p, card)
	s.notify(eventAuthCapture, tx)
	if tx.status == statusDeclined {
		v := p.view()
		v.Error = "The transaction has been declined. Try another card."
		s.render(w, http.StatusUnprocessableEntity, "form.html", v)
		return
	}
	p.state, p.txID = statePaid, tx.id
	s.finishLocked(w, r, p)
}

// finishLocked sends the browser where Authorize.net would after a page is paid or cancelled:
// back to the merchant's URL with nothing added, or to the receipt when showReceipt is on.
func (s *Sandbox) finishLocked(w http.ResponseWriter, r *http.Request, p *page) {
	if p.state == stateCancelled {
		if p.cancelURL == "" {
			s.renderMessage(w, http.StatusOK, "Payment cancelled", "No payment was made.")
			return
		}
		http.Redirect(w, r, p.cancelURL, http.StatusSeeOther)
		return
	}
	if !p.showReceipt && p.returnURL != "" {
		http.Redirect(w, r, p.returnURL, http.StatusSeeOther)
		return
	}
	tx := s.txs[p.txID]
	s.render(w, http.StatusOK, "receipt.html", struct {
		Amount, Invoice, TransID, AuthCode, Card, ReturnURL, ReturnText string
	}{"$" + formatCents(tx.cents), p.invoice, tx.id, tx.authCode, tx.cardType + " " + tx.cardNumber, p.returnURL, p.returnText})
}

// card is what the tester typed, checked.
type card struct {
	number string
	expiry string
	code   string
	zip    string
}

// readCard checks the form's fields the way the hosted form does before it submits anything.
func (s *Sandbox) readCard(r *http.Request, p *page) (card, map[string]string) {
	c := card{
		number: stripSpaces(r.PostForm.Get("cardNumber")),
		expiry: strings.TrimSpace(r.PostForm.Get("expirationDate")),
		code:   strings.TrimSpace(r.PostForm.Get("cardCode")),
		zip:    strings.TrimSpace(r.PostForm.Get("zip")),
	}
	errs := map[string]string{}
	switch {
	case len(c.number) < 13 || len(c.number) > 19 || !digits(c.number) || !luhn(c.number):
		errs["cardNumber"] = "Please enter a valid card number."
	case testCards[c.number] == "":
		errs["cardNumber"] = "The credit card number is invalid."
	}
	if !s.validExpiry(c.expiry) {
		errs["expirationDate"] = "Please enter a valid expiration date (MMYY)."
	}
	if (p.cardCode || c.code != "") && (len(c.code) < 3 || len(c.code) > 4 || !digits(c.code)) {
		errs["cardCode"] = "Please enter a valid card code."
	}
	if p.showZIP && (p.zipRequired || c.zip != "") && (len(c.zip) > 20 || c.zip == "") {
		errs["zip"] = "Please enter a valid ZIP code."
	}
	return c, errs
}

// validExpiry accepts MMYY or MM/YY for a month that has not ended.
func (s *Sandbox) validExpiry(e string) bool {
	e = strings.Replace(e, "/", "", 1)
	if len(e) != 4 || !digits(e) {
		return false
	}
	month, _ := strconv.Atoi(e[:2])
	year, _ := strconv.Atoi(e[2:])
	if month < 1 || month > 12 {
		return false
	}
	firstOfNext := time.Date(2000+year, time.Month(month)+1, 1, 0, 0, 0, 0, time.UTC)
	return s.cfg.Now().Before(firstOfNext)
}

func stripSpaces(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, s)
}

// luhn reports whether a string of digits passes the Luhn check every card number does.
func luhn(number string) bool {
	sum := 0
	double := false
	for i := len(number) - 1; i >= 0; i-- {
		d := int(number[i] - '0')
		if double {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

func (s *Sandbox) render(w http.ResponseWriter, status int, name string, data any) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	// The page loads nothing from anywhere; card data must not be cached or leak in a referrer.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	if err := templates.ExecuteTemplate(w, name, data); err != nil {
		s.cfg.Logger.Error("authnetsandbox: render", "template", name, "error", err)
	}
}

func (s *Sandbox) renderMessage(w http.ResponseWriter, status int, title, text string) {
	s.render(w, status, "message.html", struct{ Title, Text string }{title, text})
}
