package payments

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
)

// CheckoutStore is what the checkout needs of the quote store beyond QuoteStore; paymentsdb
// implements it. Every method joins the transaction ctx carries.
type CheckoutStore interface {
	QuoteStore
	RefundStore
	// QuoteOfRMA returns owner's quote the RMA rmaNumber is paid through (a saved quote it took
	// over, or its repair quote; never a service quote); ErrQuoteNotFound when there is none.
	QuoteOfRMA(ctx context.Context, owner, rmaNumber string) (Quote, error)
	// QuoteOfOrder returns owner's parts quote of the parts order orderID; ErrQuoteNotFound when
	// there is none.
	QuoteOfOrder(ctx context.Context, owner, orderID string) (Quote, error)
	// AttachRMA ties an open quote without an RMA to rmaNumber; ErrQuoteChanged when the quote is
	// no longer open or already has an RMA.
	AttachRMA(ctx context.Context, id, rmaNumber string, at time.Time) error
	// SetProviderRef records the payment started for an open quote (method and the provider's
	// handle); ErrQuoteChanged when the quote is no longer open.
	SetProviderRef(ctx context.Context, id string, method PaymentMethod, ref string, at time.Time) error
	// SetFormToken records the Authorize.net form token handed out for an open quote, replacing
	// previous ("" for none); ErrQuoteChanged when the quote is no longer open or another
	// request replaced previous first.
	SetFormToken(ctx context.Context, id, token, previous string, at time.Time) error
	// MarkPaid moves the quote from open to paid with p in one conditional write and reports
	// whether this call did it: of any number of racing calls exactly one gets true.
	MarkPaid(ctx context.Context, id string, p Payment) (bool, error)
	// ClaimEvent records a verified webhook event (provider, id, type and quote) and reports
	// whether this call was the first to record it.
	ClaimEvent(ctx context.Context, e WebhookEvent, at time.Time) (bool, error)
}

// Payment is how a quote was paid, written with its move to paid.
type Payment struct {
	Method      PaymentMethod
	ProviderRef string
	CaptureID   string
	CustomerPO  string
	PaidAt      time.Time
	// Amount is what the provider took (nothing for a PO): the quote's amount when it pays the
	// quote, and what goes back when it does not (the store keeps the quote's own amount).
	Amount money.Money
}

// OrderRequest is a PayPal order for a quote; the amount is the stored quote's.
type OrderRequest struct {
	QuoteID     string
	Amount      money.Money
	Description string
	ReturnURL   string
	CancelURL   string
	// RequestID is the order's idempotency key: the same key gives the same order back.
	RequestID string
}

// ProviderOrder is a PayPal order as the checkout needs it.
type ProviderOrder struct {
	ID         string
	PaymentURL string
}

// FormRequest is an Authorize.net hosted payment page for a quote.
type FormRequest struct {
	Amount        money.Money
	InvoiceNumber string
	Description   string
	ReturnURL     string
	CancelURL     string
}

// HostedForm is what the browser posts to open Authorize.net's form: Token to FormURL.
type HostedForm struct {
	FormURL string
	Token   string
}

// EventKind is what a provider webhook means for a quote.
type EventKind string

const (
	// EventCompleted is money taken (PayPal's capture completed, Authorize.net's approved
	// auth-and-capture); the checkout still checks it against the quote before marking it paid.
	EventCompleted EventKind = "completed"
	// EventDenied is a payment the provider or the bank refused: the quote stays open.
	EventDenied EventKind = "denied"
	// EventRefunded is money given back (a refund, a void): noted, the quote's status unchanged.
	EventRefunded EventKind = "refunded"
	// EventOther is any other event the portal is sent: noted only.
	EventOther EventKind = "other"
)

// WebhookEvent is a verified provider webhook.
type WebhookEvent struct {
	Provider string
	ID       string
	// Type is the provider's own event type, kept in the event log.
	Type string
	Kind EventKind
	// QuoteID is the invoice id (PayPal) or invoice number (Authorize.net): the quote's uid.
	QuoteID string
	// Ref is the PayPal order id or the Authorize.net transaction id.
	Ref       string
	CaptureID string
	Amount    money.Money
}

// PayPal is the PayPal side of the checkout; paypal.NewGateway adapts the client to it.
type PayPal interface {
	// CreateOrder creates an order with intent CAPTURE; the same RequestID gives the same order.
	CreateOrder(ctx context.Context, r OrderRequest) (ProviderOrder, error)
	// Capture takes the money of an approved order, accepted only as a COMPLETED capture of want,
	// under an idempotency key derived from the quote; returns the capture id.
	Capture(ctx context.Context, orderID, quoteID string, want money.Money) (captureID string, err error)
	// VerifyWebhook checks a delivery on its raw body; it does not claim the event, the
	// checkout does that in the transaction of the change the event causes.
	VerifyWebhook(ctx context.Context, header http.Header, body []byte) (WebhookEvent, error)
	// Refund gives capture captureID of quoteID's order back in full, under an idempotency key
	// derived from the capture, so a retry never refunds twice.
	Refund(ctx context.Context, captureID, quoteID string) (Reversed, error)
}

// AuthNet is the Authorize.net side of the checkout; authnet.NewGateway adapts the client to it.
type AuthNet interface {
	HostedForm(ctx context.Context, r FormRequest) (HostedForm, error)
	// ConfirmPayment accepts transID only as a captured payment of want for invoice.
	ConfirmPayment(ctx context.Context, transID, invoice string, want money.Money) error
	// FindPayment looks among the transactions not settled yet for invoice's payment and
	// confirms it as ConfirmPayment does; ErrNotApproved when there is none yet.
	FindPayment(ctx context.Context, invoice string, want money.Money) (transID string, err error)
	// VerifyWebhook checks the X-ANET-Signature of a delivery on its raw body.
	VerifyWebhook(signature string, body []byte) (WebhookEvent, error)
	// FormURL is where the browser posts a hosted-form token.
	FormURL() string
	// CapturedPayment reads transID and returns the money it took for invoice (captured or
	// settled); the provider's refusal (declined, voided, under review) when it took none.
	CapturedPayment(ctx context.Context, transID, invoice string) (Captured, error)
	// CapturedPayments lists invoice's transactions not settled yet that took money.
	CapturedPayments(ctx context.Context, invoice string) ([]Captured, error)
	// Reverse gives invoice's transaction transID back: a void before it settles, a refund of
	// the settled amount after; one already voided or refunded in full answers as given back.
	Reverse(ctx context.Context, transID, invoice string) (Reversed, error)
}

// Fulfiller is told, after the commit, of every quote the payments side itself moved to paid
// (webhooks, service-quote capture and confirm). It is not told of quotes SettleRMA, SettleOrder
// or AcceptPurchaseOrder pay: their callers go on processing the RMA or parts order themselves.
type Fulfiller interface {
	QuotePaid(ctx context.Context, q Quote) error
}

// ErrQuoteNotPayable is a saved quote without an RMA on a pay-quote page: it is paid by
// submitting its RMA, so that a payment always has a repair to fulfil.
var ErrQuoteNotPayable = fault.New(fault.KindConflict, "payments.quoteNotPayable",
	"This quote is paid when you submit its RMA. Open it from your saved quotes to continue.")

// CheckoutDeps are the checkout's collaborators.
type CheckoutDeps struct {
	Store   CheckoutStore
	Tx      db.Transactor
	Mail    Mailer
	PayPal  PayPal
	AuthNet AuthNet
	// Fulfiller is told of quotes paid by webhooks and the pay-quote pages; nil tells nobody
	// (a checkout that only the repair process's calls use).
	Fulfiller Fulfiller
	// PublicURL is where browsers reach the portal; return and cancel URLs start with it.
	PublicURL string
	// Refunds counts the refunds of money that did not pay its quote (metrics); nil counts
	// nothing.
	Refunds RefundCounter
	Log     *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Checkout takes the money of quotes: the RMA paths the repair service drives (SaveQuote,
// QuoteForRMA, AcceptPurchaseOrder, StartPayPal, SettleRMA, CancelForRMA), the pay-quote pages,
// and the providers' webhooks. A quote moves to paid once: the store's conditional write picks
// one winner among racing returns, webhooks and double clicks, and only the winner mails the
// receipt (in the same transaction) and tells the Fulfiller (after the commit). Money that
// reaches a provider and does not pay its quote (it lost that write, or came for a quote paid,
// cancelled or expired) is given back through the provider (surplus.go).
type Checkout struct {
	d CheckoutDeps
}

// NewCheckout wires the checkout.
func NewCheckout(d CheckoutDeps) *Checkout {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	d.PublicURL = strings.TrimRight(d.PublicURL, "/")
	return &Checkout{d: d}
}

// now is the clock to the microsecond PostgreSQL keeps, so a quote returned is the quote stored.
func (c *Checkout) now() time.Time { return c.d.Now().UTC().Truncate(time.Microsecond) }

// SaveQuote stores a saved quote (KindSaved, no RMA) of amount for owner's unit serial, under
// owner's organization org ("" for none), whose members then see it; joins the transaction ctx
// carries.
func (c *Checkout) SaveQuote(ctx context.Context, owner, org, serial string, amount money.Money, saved SavedQuote) (Quote, error) {
	q, err := c.newQuote(KindSaved, owner, org, serial, "", amount, saved)
	if err != nil {
		return Quote{}, err
	}
	if err := c.d.Store.CreateQuote(ctx, q); err != nil {
		return Quote{}, err
	}
	c.d.Log.InfoContext(ctx, "quote saved", "quote", q.ID, "serial", q.Serial, "amount", q.Amount.String())
	return q, nil
}

// RMAQuote is the quote an out-of-warranty RMA is paid through: a new repair quote of Amount
// and Saved, or the caller's saved quote SavedQuoteID (whose amount then stands).
type RMAQuote struct {
	Owner, Serial, RMANumber string
	// Org is the organization the RMA is opened under; a new repair quote is made under it.
	Org          string
	Amount       money.Money
	Saved        SavedQuote
	SavedQuoteID string
}

// QuoteForRMA opens the quote an out-of-warranty RMA is paid through; joins the transaction ctx
// carries. With r.SavedQuoteID it takes over the caller's open saved quote of the same serial
// and ties it to the RMA: another owner's, an unknown one or one of another serial is
// ErrQuoteNotFound; a paid, cancelled or expired one the Transition sentinel; one another RMA
// took over ErrQuoteChanged. Without, it opens a new KindRepair quote.
func (c *Checkout) QuoteForRMA(ctx context.Context, r RMAQuote) (Quote, error) {
	if r.RMANumber == "" {
		return Quote{}, errors.New("payments: a quote for an RMA needs the RMA's number")
	}
	if r.SavedQuoteID == "" {
		q, err := c.newQuote(KindRepair, r.Owner, r.Org, r.Serial, r.RMANumber, r.Amount, r.Saved)
		if err != nil {
			return Quote{}, err
		}
		if err := c.d.Store.CreateQuote(ctx, q); err != nil {
			return Quote{}, err
		}
		c.d.Log.InfoContext(ctx, "repair quote opened", "quote", q.ID, "rma", q.RMANumber, "amount", q.Amount.String())
		return q, nil
	}
	q, err := c.ownQuote(ctx, r.Owner, r.SavedQuoteID)
	if err != nil {
		return Quote{}, err
	}
	if q.Kind != KindSaved || q.Serial != r.Serial {
		return Quote{}, ErrQuoteNotFound
	}
	now := c.now()
	if _, err := q.Transition(StatusPaid, now); err != nil {
		return Quote{}, err
	}
	if q.RMANumber != "" {
		return Quote{}, ErrQuoteChanged
	}
	if err := c.d.Store.AttachRMA(ctx, q.ID, r.RMANumber, now); err != nil {
		return Quote{}, err
	}
	q.RMANumber, q.UpdatedAt = r.RMANumber, now
	c.d.Log.InfoContext(ctx, "saved quote taken over", "quote", q.ID, "rma", q.RMANumber)
	return q, nil
}

// AcceptPurchaseOrder settles q by purchase order customerPO (the caller checked the PO rules
// and the permission); joins the transaction ctx carries, with the receipt e-mail.
func (c *Checkout) AcceptPurchaseOrder(ctx context.Context, q Quote, customerPO string) (Quote, error) {
	customerPO = strings.TrimSpace(customerPO)
	if customerPO == "" {
		return Quote{}, errors.New("payments: a purchase order payment needs the PO number")
	}
	if _, err := q.Transition(StatusPaid, c.d.Now()); err != nil {
		return Quote{}, err
	}
	s, err := c.markPaid(ctx, q, Payment{Method: MethodPO, CustomerPO: customerPO, PaidAt: c.now()})
	if err != nil {
		return Quote{}, err
	}
	return s.answer(c.d.Now())
}

// StartPayPal creates the PayPal order for q, or gets the one it has back (the order's
// idempotency key is derived from the quote), and returns its approve link. It runs outside any
// transaction, since it calls PayPal, and stores the order id itself.
func (c *Checkout) StartPayPal(ctx context.Context, q Quote, returnURL, cancelURL string) (string, error) {
	q, err := c.d.Store.QuoteByID(ctx, q.ID)
	if err != nil {
		return "", err
	}
	if err := c.payable(q); err != nil {
		return "", err
	}
	order, err := c.d.PayPal.CreateOrder(ctx, OrderRequest{
		QuoteID: q.ID, Amount: q.Amount, Description: describe(q),
		ReturnURL: returnURL, CancelURL: cancelURL, RequestID: "order-" + q.ID,
	})
	if err != nil {
		return "", err
	}
	if q.Method != MethodPayPal || q.ProviderRef != order.ID {
		if err := c.d.Store.SetProviderRef(ctx, q.ID, MethodPayPal, order.ID, c.now()); err != nil {
			return "", err
		}
	}
	c.d.Log.InfoContext(ctx, "paypal order started", "quote", q.ID, "order", order.ID)
	return order.PaymentURL, nil
}

// SettleRMA makes sure the quote of owner's RMA rmaNumber is paid. A paid quote (any method) is
// returned as it is; an open one with a PayPal order is captured (idempotently) and marked paid,
// with the receipt. token, when not empty, must be the stored order id (ErrNotFound otherwise).
// No quote is ErrQuoteNotFound; an open quote without an order ErrNotApproved; a declined capture
// ErrDeclined, the quote staying open so the payer can approve the order again.
func (c *Checkout) SettleRMA(ctx context.Context, owner, rmaNumber, token string) (Quote, error) {
	q, err := c.d.Store.QuoteOfRMA(ctx, owner, rmaNumber)
	if err != nil {
		return Quote{}, err
	}
	return c.settle(ctx, q, token)
}

// settle is SettleRMA's and SettleOrder's: q as it is when paid, else its approved PayPal order
// captured and q marked paid.
func (c *Checkout) settle(ctx context.Context, q Quote, token string) (Quote, error) {
	if q.Status == StatusPaid {
		return q, nil
	}
	if err := c.payable(q); err != nil {
		return Quote{}, err
	}
	if token != "" && token != q.ProviderRef {
		return Quote{}, ErrNotFound
	}
	s, err := c.capturePayPal(ctx, q)
	if err != nil {
		return Quote{}, err
	}
	return s.answer(c.d.Now())
}

// CancelForRMA cancels the open quote of owner's RMA rmaNumber; joins the transaction ctx
// carries. A paid quote is ErrAlreadyPaid; no quote, or one already cancelled or expired, leaves
// nothing to cancel.
func (c *Checkout) CancelForRMA(ctx context.Context, owner, rmaNumber string) error {
	return c.cancelOpen(ctx, func() (Quote, error) { return c.d.Store.QuoteOfRMA(ctx, owner, rmaNumber) })
}

// cancelOpen cancels the open quote read returns (none, cancelled or expired: nothing to do; paid:
// ErrAlreadyPaid); a change that lost a race reads the quote again and answers for what it became.
func (c *Checkout) cancelOpen(ctx context.Context, read func() (Quote, error)) error {
	q, err := read()
	if errors.Is(err, ErrQuoteNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	next, err := q.Transition(StatusCancelled, c.now())
	switch {
	case errors.Is(err, ErrQuoteCancelled), errors.Is(err, ErrQuoteExpired):
		return nil
	case err != nil:
		return err
	}
	if err := c.d.Store.SetQuoteStatus(ctx, next, StatusOpen); errors.Is(err, ErrQuoteChanged) {
		// Paid (or cancelled) meanwhile: answer as for what it became.
		return c.cancelOpen(ctx, read)
	} else if err != nil {
		return err
	}
	c.d.Log.InfoContext(ctx, "quote cancelled", "quote", q.ID, "rma", q.RMANumber, "order", q.OrderID)
	return nil
}

// QuoteOfRMA returns owner's quote of rmaNumber (ErrQuoteNotFound when there is none).
func (c *Checkout) QuoteOfRMA(ctx context.Context, owner, rmaNumber string) (Quote, error) {
	return c.d.Store.QuoteOfRMA(ctx, owner, rmaNumber)
}

// StartQuotePayPal starts paying owner's quote id on the pay-quote page: the PayPal order and
// its approve link, back to /pay-quote/{uid}/{reference} or /service-quote-cancel?quote={uid}.
func (c *Checkout) StartQuotePayPal(ctx context.Context, owner, id, reference string) (string, error) {
	q, err := c.payPageQuote(ctx, owner, id, reference)
	if err != nil {
		return "", err
	}
	return c.StartPayPal(ctx, q,
		c.d.PublicURL+"/pay-quote/"+q.ID+"/"+q.Reference,
		c.d.PublicURL+"/service-quote-cancel?quote="+q.ID)
}

// CaptureQuotePayPal captures the approved PayPal order of owner's quote id (token is the order
// id PayPal returned with) and returns the paid quote; a repeat returns the same.
func (c *Checkout) CaptureQuotePayPal(ctx context.Context, owner, id, reference, token string) (Quote, error) {
	q, err := c.payPageQuote(ctx, owner, id, reference)
	if err != nil {
		return Quote{}, err
	}
	if q.Status == StatusPaid {
		return q, nil
	}
	if err := c.payable(q); err != nil {
		return Quote{}, err
	}
	if token == "" || token != q.ProviderRef {
		return Quote{}, ErrNotFound
	}
	s, err := c.capturePayPal(ctx, q)
	if err != nil {
		return Quote{}, err
	}
	c.fulfil(ctx, s.quote, s.won)
	return s.answer(c.d.Now())
}

// capturePayPal captures q's PayPal order and marks q paid. A capture that lost the race to
// another payment, a cancellation or the expiry (the quote changed between its check and the
// write) is given back at once.
func (c *Checkout) capturePayPal(ctx context.Context, q Quote) (settlement, error) {
	if err := c.payable(q); err != nil {
		return settlement{}, err
	}
	if q.Method != MethodPayPal || q.ProviderRef == "" {
		return settlement{}, ErrNotApproved
	}
	captureID, err := c.d.PayPal.Capture(ctx, q.ProviderRef, q.ID, q.Amount)
	if err != nil {
		if errors.Is(err, ErrAmountMismatch) {
			c.d.Log.ErrorContext(ctx, "paypal captured another amount than the quote's; refund it", "quote", q.ID, "order", q.ProviderRef, "err", err)
		}
		return settlement{}, err
	}
	s, err := c.markPaid(ctx, q, Payment{
		Method: MethodPayPal, ProviderRef: q.ProviderRef, CaptureID: captureID, PaidAt: c.now(), Amount: q.Amount,
	})
	if err != nil {
		return settlement{}, err
	}
	c.refundNow(ctx, s.refund)
	return s, nil
}

// fulfil tells the Fulfiller of a quote this process just paid. Its failure does not undo the
// payment: it is logged, and the RMA's own flow (process/oow) or staff pick it up.
func (c *Checkout) fulfil(ctx context.Context, q Quote, won bool) {
	if !won || c.d.Fulfiller == nil {
		return
	}
	if err := c.d.Fulfiller.QuotePaid(ctx, q); err != nil {
		c.d.Log.ErrorContext(ctx, "paid quote not fulfilled", "quote", q.ID, "rma", q.RMANumber, "err", err)
	}
}

// ownQuote is owner's quote id; anyone else's answers as an unknown one.
func (c *Checkout) ownQuote(ctx context.Context, owner, id string) (Quote, error) {
	q, err := c.d.Store.QuoteByID(ctx, strings.TrimSpace(id))
	if err != nil {
		return Quote{}, err
	}
	if owner == "" || q.Owner != owner {
		return Quote{}, ErrQuoteNotFound
	}
	return q, nil
}

// payPageQuote is owner's quote id for a pay-quote page: the reference of the link must match
// (else ErrQuoteNotFound, as for an unknown quote), and the quote must have an RMA to fulfil.
func (c *Checkout) payPageQuote(ctx context.Context, owner, id, reference string) (Quote, error) {
	q, err := c.ownQuote(ctx, owner, id)
	if err != nil {
		return Quote{}, err
	}
	if subtle.ConstantTimeCompare([]byte(q.Reference), []byte(strings.TrimSpace(reference))) != 1 {
		return Quote{}, ErrQuoteNotFound
	}
	if q.RMANumber == "" {
		return Quote{}, ErrQuoteNotPayable
	}
	return q, nil
}

// payable refuses to start or take a payment for a paid, cancelled or expired quote.
func (c *Checkout) payable(q Quote) error {
	_, err := q.Transition(StatusPaid, c.d.Now())
	return err
}

func (c *Checkout) newQuote(kind QuoteKind, owner, org, serial, rmaNumber string, amount money.Money, saved SavedQuote) (Quote, error) {
	if owner == "" || (serial == "" && kind != KindParts) {
		return Quote{}, errors.New("payments: a quote needs an owner and a serial")
	}
	if err := amount.Validate(); err != nil || amount.Cents <= 0 {
		return Quote{}, fmt.Errorf("payments: quote amount %v is not a positive amount of a currency", amount)
	}
	now := c.now()
	saved.Total = amount
	if saved.ExternalResource.Serial == "" && serial != "" {
		saved.ExternalResource.Serial = serial
	}
	return Quote{
		ID: NewQuoteID(), Kind: kind, Owner: owner, Org: org, RMANumber: rmaNumber, Serial: serial,
		Reference: NewReference(), Amount: amount, Status: StatusOpen, Saved: saved,
		ExpiresAt: now.Add(QuoteValidity), CreatedAt: now, UpdatedAt: now,
	}, nil
}

// describe is the line the provider shows the payer.
func describe(q Quote) string {
	if q.Kind == KindParts {
		return "Parts order " + q.OrderID
	}
	if q.RMANumber != "" {
		return "Repair of unit " + q.Serial + " (" + q.RMANumber + ")"
	}
	return "Repair of unit " + q.Serial
}

// queueReceipt queues "Payment received for quote QT-…" to the quote's contact.
func (c *Checkout) queueReceipt(ctx context.Context, q Quote) error {
	to := strings.TrimSpace(q.Saved.Shipping.Contact.EmailAddress)
	if to == "" {
		c.d.Log.WarnContext(ctx, "paid quote has no e-mail address for its receipt", "quote", q.ID)
		return nil
	}
	return c.d.Mail.Enqueue(ctx, receiptMail(q, to))
}

func receiptMail(q Quote, to string) mail.Message {
	var b strings.Builder
	name := strings.TrimSpace(q.Saved.Shipping.Contact.FirstName)
	if name == "" {
		name = "customer"
	}
	fmt.Fprintf(&b, "Hello %s,\n\n", name)
	switch q.Method {
	case MethodPO:
		fmt.Fprintf(&b, "We received your purchase order %s for %s, quote %s.\n", q.CustomerPO, q.Amount, q.ID)
	case MethodAuthNet:
		fmt.Fprintf(&b, "We received your card payment of %s for quote %s.\n", q.Amount, q.ID)
	default:
		fmt.Fprintf(&b, "We received your PayPal payment of %s for quote %s.\n", q.Amount, q.ID)
	}
	if q.RMANumber != "" {
		fmt.Fprintf(&b, "It pays the repair of unit %s under RMA %s.\n", q.Serial, q.RMANumber)
	}
	switch q.Kind {
	case KindParts:
		fmt.Fprintf(&b, "It pays your parts order %s.\n", q.OrderID)
		b.WriteString("\nWe now prepare the parts for shipping; you can follow the order under Your account, Parts orders.\n")
	case KindService:
		b.WriteString("\nWe now repair the unit and ship it back to you; you will get its tracking number by e-mail.\n")
	default:
		b.WriteString("\nYour RMA's shipping label is on its page under Your RMAs: send the unit in with it.\n")
	}
	return mail.Message{To: []string{to}, Subject: "Payment received for quote " + q.ID, Text: b.String()}
}
