package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/pkg/webroutes"
)

// QuoteStore keeps quotes; paymentsdb implements it. Every method joins the transaction ctx
// carries (db.Conn).
type QuoteStore interface {
	CreateQuote(ctx context.Context, q Quote) error
	// QuoteByID returns a quote whoever owns it; ErrQuoteNotFound when there is none.
	QuoteByID(ctx context.Context, id string) (Quote, error)
	// SetQuoteStatus writes q's status and UpdatedAt if the stored status is still from;
	// ErrQuoteChanged when another change came first.
	SetQuoteStatus(ctx context.Context, q Quote, from QuoteStatus) error
	// RefundsOf lists the refunds of a quote, oldest first.
	RefundsOf(ctx context.Context, quoteID string) ([]Refund, error)
	QuoteLister
}

// ServiceRMA is what a service quote needs to know of the RMA it prices.
type ServiceRMA struct {
	Number string
	Owner  string
	// Org is the organization the RMA was opened under: its service quote is the organization's
	// too.
	Org     string
	Serial  string
	Address QuoteAddress
	Contact QuoteContact
}

// RMAs finds an RMA for staff, whoever owns it; the composition root adapts the rma module.
type RMAs interface {
	// ServiceRMA answers ErrRMANotFound for an unknown number.
	ServiceRMA(ctx context.Context, number string) (ServiceRMA, error)
}

// IssueListener is told of each service quote inside the transaction that stores it, so what it
// changes commits with the quote or not at all; the composition root moves the RMA on to its
// pending quote.
type IssueListener interface {
	ServiceQuoteIssued(ctx context.Context, q Quote) error
}

// Mailer queues an e-mail inside the caller's transaction; *mail.Outbox implements it.
type Mailer interface {
	Enqueue(ctx context.Context, msg mail.Message) error
}

// Limits of a service quote. The amount is the one price that comes from a request: staff set
// the service price after diagnosis. It is bounded so a typo of a few zeros is refused.
const (
	ServiceAmountMaxCents = 100_000_00
	NoteMax               = 1000
)

// Messages of a service quote's validation, keyed by the request's field names.
const (
	MsgAmountPositive = "Must be more than 0.00"
	MsgAmountTooLarge = "Must be at most 100000.00"
)

// ErrRMANotFound is a service quote for an RMA number nobody has.
var ErrRMANotFound = fault.New(fault.KindNotFound, "payments.rmaNotFound", "There is no RMA with this number.")

// ServiceQuoteRequest is staff's request for a service quote.
type ServiceQuoteRequest struct {
	RMANumber   string
	AmountCents int64
	Note        string
	// IssuedBy is the staff member's subject.
	IssuedBy string
	// Decision, when set, makes the quote a revised quote after a diagnosis: its e-mail says
	// what was found and the customer's three choices, and links to the page where they decide
	// instead of straight to paying.
	Decision *DecisionQuote
	// ReturnFee marks the fee of returning a unit unrepaired: its e-mail says so.
	ReturnFee bool
}

// DecisionQuote is what a revised quote's e-mail tells of its diagnosis.
type DecisionQuote struct {
	// Findings are what the technician found, each in words.
	Findings []string
	// Total is the work's price; AlreadyPaid what the customer paid before, which the quote's
	// amount is net of.
	Total, AlreadyPaid money.Money
	// ReturnFee is what returning the unit unrepaired costs.
	ReturnFee money.Money
}

// QuotesDeps are the quote service's collaborators.
type QuotesDeps struct {
	Store QuoteStore
	Tx    db.Transactor
	RMAs  RMAs
	Mail  Mailer
	// Issued, when set, is told of each service quote in the quote's transaction.
	Issued IssueListener
	// PublicURL is where browsers reach the portal; the pay-quote links start with it.
	PublicURL string
	Log       *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Quotes issues quotes and shows them to their owners.
type Quotes struct {
	d QuotesDeps
}

// NewQuotes wires the service.
func NewQuotes(d QuotesDeps) *Quotes {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	d.PublicURL = strings.TrimRight(d.PublicURL, "/")
	return &Quotes{d: d}
}

// Details returns owner's quote with its status as of now. Another customer's quote answers
// ErrQuoteNotFound exactly as an unknown id does.
func (s *Quotes) Details(ctx context.Context, owner, id string) (Quote, error) {
	q, err := s.d.Store.QuoteByID(ctx, strings.TrimSpace(id))
	if err != nil {
		return Quote{}, err
	}
	if owner == "" || q.Owner != owner {
		return Quote{}, ErrQuoteNotFound
	}
	q.Status = q.StatusAt(s.d.Now())
	return q, nil
}

// Refunds lists the money given back, or being given back, for quote id, oldest first: payments
// that reached a provider after the quote was paid by another one, cancelled or expired. Show
// them only with a quote Details answered the caller.
func (s *Quotes) Refunds(ctx context.Context, id string) ([]Refund, error) {
	return s.d.Store.RefundsOf(ctx, id)
}

// ValidateServiceQuote checks staff's request: an RMA number, an amount of 0.01 to 100000.00 and
// a note of at most NoteMax characters.
func ValidateServiceQuote(r ServiceQuoteRequest) error {
	var v validate.Errors
	v.Required("rmaNumber", r.RMANumber)
	switch {
	case r.AmountCents <= 0:
		v.Add("amountCents", MsgAmountPositive)
	case r.AmountCents > ServiceAmountMaxCents:
		v.Add("amountCents", MsgAmountTooLarge)
	}
	v.MaxLen("note", r.Note, NoteMax)
	return v.Err()
}

// IssueServiceQuote prices an existing RMA and e-mails its customer the link to pay: the quote
// and the e-mail commit together, so there is never a quote nobody was told about nor an e-mail
// about a quote that does not exist.
func (s *Quotes) IssueServiceQuote(ctx context.Context, r ServiceQuoteRequest) (Quote, error) {
	r.RMANumber, r.Note = strings.ToUpper(strings.TrimSpace(r.RMANumber)), strings.TrimSpace(r.Note)
	if err := ValidateServiceQuote(r); err != nil {
		return Quote{}, err
	}
	rma, err := s.d.RMAs.ServiceRMA(ctx, r.RMANumber)
	if err != nil {
		return Quote{}, err
	}
	// Microseconds: what PostgreSQL keeps, so the quote returned is the quote stored.
	now := s.d.Now().UTC().Truncate(time.Microsecond)
	amount := money.USD(r.AmountCents)
	q := Quote{
		ID: NewQuoteID(), Kind: KindService, Owner: rma.Owner, Org: rma.Org, RMANumber: rma.Number, Serial: rma.Serial,
		Reference: NewReference(), Amount: amount, Status: StatusOpen, Note: r.Note, IssuedBy: r.IssuedBy,
		ExpiresAt: now.Add(QuoteValidity), CreatedAt: now, UpdatedAt: now,
		Saved: SavedQuote{
			Shipping:         QuoteShipping{Address: rma.Address, Contact: rma.Contact},
			ExternalResource: ExternalResource{Serial: rma.Serial},
			Total:            amount,
		},
	}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.d.Store.CreateQuote(ctx, q); err != nil {
			return err
		}
		if s.d.Issued != nil {
			if err := s.d.Issued.ServiceQuoteIssued(ctx, q); err != nil {
				return err
			}
		}
		return s.d.Mail.Enqueue(ctx, s.quoteMail(r, q, rma.Contact))
	})
	if err != nil {
		return Quote{}, err
	}
	s.d.Log.InfoContext(ctx, "service quote issued", "quote", q.ID, "rma", q.RMANumber, "amount", q.Amount.String(), "by", r.IssuedBy)
	return q, nil
}

// PayLink is the page where the customer pays q (PayPal; the Authorize.net page is
// /pay-quote-by-authorize/… with the same parts).
func (s *Quotes) PayLink(q Quote) string {
	return s.d.PublicURL + q.payQuotePath()
}

// CardLink is the page where the customer pays q by card (Authorize.net's hosted form).
func (s *Quotes) CardLink(q Quote) string {
	return s.d.PublicURL + webroutes.Path(webroutes.PayQuoteByAuthorize, webroutes.Params{"quoteid": q.ID, "reference": q.Reference})
}

// DecisionLink is the page of the customer's RMA history where they decide on rmaNumber's
// revised quote.
func (s *Quotes) DecisionLink(rmaNumber string) string {
	return s.d.PublicURL + webroutes.Path(webroutes.RMAHistory, nil) + "?rma=" + url.QueryEscape(rmaNumber)
}

// ServiceQuote is the service quote id, whoever owns it, with its status as of now.
func (s *Quotes) ServiceQuote(ctx context.Context, id string) (Quote, error) {
	q, err := s.d.Store.QuoteByID(ctx, id)
	if err != nil {
		return Quote{}, err
	}
	q.Status = q.StatusAt(s.d.Now())
	return q, nil
}

// CancelServiceQuote cancels the open service quote id in the transaction ctx carries: the
// customer chose not to pay it. A quote cancelled or expired already is left as it is; a paid one
// answers ErrAlreadyPaid.
func (s *Quotes) CancelServiceQuote(ctx context.Context, id string) error {
	q, err := s.d.Store.QuoteByID(ctx, id)
	if err != nil {
		return err
	}
	next, err := q.Transition(StatusCancelled, s.d.Now())
	switch {
	case errors.Is(err, ErrQuoteCancelled), errors.Is(err, ErrQuoteExpired):
		return nil
	case err != nil:
		return err
	}
	if err := s.d.Store.SetQuoteStatus(ctx, next, StatusOpen); err != nil {
		return err
	}
	s.d.Log.InfoContext(ctx, "service quote cancelled", "quote", q.ID, "rma", q.RMANumber)
	return nil
}

// dateLayout is spec §9's 'MMM d yyyy'.
const dateLayout = "Jan 2 2006"

func (s *Quotes) quoteMail(r ServiceQuoteRequest, q Quote, c QuoteContact) mail.Message {
	switch {
	case r.Decision != nil:
		return s.decisionQuoteMail(*r.Decision, q, c)
	case r.ReturnFee:
		return s.returnFeeMail(q, c)
	}
	return s.serviceQuoteMail(q, c)
}

// decisionQuoteMail tells the customer, in plain words, what was found, what it costs and their
// three choices, and that nothing is charged before they decide.
func (s *Quotes) decisionQuoteMail(d DecisionQuote, q Quote, c QuoteContact) mail.Message {
	var b strings.Builder
	b.WriteString(mail.Greeting(c.FirstName))
	fmt.Fprintf(&b, "We have inspected the unit of RMA %s (serial %s). This is what our technician found:\n", q.RMANumber, q.Serial)
	for _, f := range d.Findings {
		fmt.Fprintf(&b, "- %s\n", f)
	}
	if q.Note != "" {
		fmt.Fprintf(&b, "\n%s\n", q.Note)
	}
	if d.AlreadyPaid.Cents > 0 {
		fmt.Fprintf(&b, "\nThe repair costs %s. You paid %s already, so %s is due.\n", d.Total, d.AlreadyPaid, q.Amount)
	} else {
		fmt.Fprintf(&b, "\nThe warranty does not cover this repair. It costs %s.\n", q.Amount)
	}
	b.WriteString("\nYou have three choices:\n")
	fmt.Fprintf(&b, "- Approve the repair for %s: we repair the unit and ship it back.\n", q.Amount)
	fmt.Fprintf(&b, "- Return it unrepaired for %s: we ship the unit back as it is.\n", d.ReturnFee)
	b.WriteString("- Recycle it, free of charge: we recycle the unit and ship nothing back.\n")
	b.WriteString("\nNothing is charged before you decide. Decide here (sign in first):\n")
	fmt.Fprintf(&b, "%s\n\n", s.DecisionLink(q.RMANumber))
	fmt.Fprintf(&b, "Without a decision by %s we ship the unit back to you unrepaired, free of charge.\n", q.ExpiresAt.Format(dateLayout))
	return mail.Message{To: []string{c.EmailAddress}, Subject: "Your decision on the repair of RMA " + q.RMANumber, Text: b.String()}
}

// returnFeeMail asks for the fee of a unit returned unrepaired; the unit ships meanwhile.
func (s *Quotes) returnFeeMail(q Quote, c QuoteContact) mail.Message {
	var b strings.Builder
	b.WriteString(mail.Greeting(c.FirstName))
	fmt.Fprintf(&b, "As you chose, the unit of RMA %s (serial %s) is returned to you unrepaired. The return costs %s.\n", q.RMANumber, q.Serial, q.Amount)
	fmt.Fprintf(&b, "\nPay by card here (sign in first):\n%s\n\n", s.CardLink(q))
	b.WriteString("The unit ships back without waiting for the payment; you also find the quote under Your account.\n")
	return mail.Message{To: []string{c.EmailAddress}, Subject: "Return fee for RMA " + q.RMANumber, Text: b.String()}
}

func (s *Quotes) serviceQuoteMail(q Quote, c QuoteContact) mail.Message {
	var b strings.Builder
	b.WriteString(mail.Greeting(c.FirstName))
	fmt.Fprintf(&b, "We have inspected the unit of RMA %s (serial %s). The service costs %s.\n", q.RMANumber, q.Serial, q.Amount)
	if q.Note != "" {
		fmt.Fprintf(&b, "\n%s\n", q.Note)
	}
	fmt.Fprintf(&b, "\nPay by card here (sign in first):\n%s\n\n", s.PayLink(q))
	fmt.Fprintf(&b, "The quote %s is valid until %s. Once it is paid we repair and return the unit.\n",
		q.ID, q.ExpiresAt.Format(dateLayout))
	return mail.Message{To: []string{c.EmailAddress}, Subject: "Service quote for RMA " + q.RMANumber, Text: b.String()}
}
