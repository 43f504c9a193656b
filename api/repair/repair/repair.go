package repair

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"net/url"
	"strings"
	"time"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// Method is how an out-of-warranty repair is paid (spec §3 paymentData.paymentMethod).
type Method string

const (
	// MethodPayPal is the card path: PayPal's checkout takes cards and PayPal credit.
	MethodPayPal Method = "PayPal"
	// MethodPO is the purchase-order path, for holders of service:payment:po.
	MethodPO Method = "PO"
)

// The PO rules of spec §5 "PO payment" (number, release number, file, their fields and
// messages, payments.ErrPONotAllowed) are the payments capability's, shared with the parts
// checkout.

// ErrQuoteMismatch is a saved quote paid for another problem than the one it priced.
var ErrQuoteMismatch = fault.New(fault.KindConflict, "repair.quoteMismatch",
	"The problem differs from the one the saved quote priced. Save a new quote for it.")

// Customer is the signed-in caller as the out-of-warranty path sees them.
type Customer struct {
	// Subject is the token's subject: the owner of everything created.
	Subject string
	// Org is the token's organization ("" for none): RMAs and quotes are made under it, so its
	// members see them.
	Org string
	// Name is the token's display name: who opened the RMA, as the organization sees it.
	Name string
	// MayPayByPO is true for holders of service:payment:po.
	MayPayByPO bool
	// Email decides whether a PO needs a release number (PO_RELEASE_DOMAINS).
	Email string
	// DiscountPercent is the profile's flat discount (spec §6).
	DiscountPercent float64
}

// Settings are the path's configuration.
type Settings struct {
	// PublicURL is where browsers reach the portal: the provider sends the payer back there.
	PublicURL string
	// POReleaseDomains are the e-mail domains whose purchase orders carry a release number.
	POReleaseDomains []string
}

// Deps are the Service's ports.
type Deps struct {
	RMAs           RMAs
	Payments       Payments
	Attachments    Attachments
	PurchaseOrders PurchaseOrders
	QuoteKeys      QuoteKeys
	// Tx runs each change of state in one transaction, which the capabilities join.
	Tx       db.Transactor
	Settings Settings
	Log      *slog.Logger
	// Now is the clock of the abandoned payments' sweeper; time.Now when nil.
	Now func() time.Time
}

// Service runs the out-of-warranty path.
type Service struct{ d Deps }

// NewService wires the service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{d: d}
}

// Options are the payment choices a customer has (the confirm step's payment card).
type Options struct {
	Methods           []Method
	Default           Method
	POReleaseRequired bool
	DiscountPercent   float64
}

// PaymentOptions answers which methods c may use, which one the form starts on (spec §5: PO
// for paymentPO holders, card otherwise), whether a PO needs a release number and c's discount.
func (s *Service) PaymentOptions(c Customer) Options {
	o := Options{Methods: []Method{MethodPayPal}, Default: MethodPayPal, DiscountPercent: c.DiscountPercent}
	if c.MayPayByPO {
		o.Methods, o.Default = append(o.Methods, MethodPO), MethodPO
	}
	o.POReleaseRequired = s.poRules().ReleaseRequired(c.Email)
	return o
}

// poRules are the payments capability's PO rules with PO_RELEASE_DOMAINS.
func (s *Service) poRules() payments.PORules {
	return payments.PORules{ReleaseDomains: s.d.Settings.POReleaseDomains}
}

// PaymentData is the payload's paymentData (spec §3).
type PaymentData struct {
	Method           Method
	CustomerPO       string
	CustomerPOFileID string
	// Save stores a quote instead of opening an RMA; no method is needed then.
	Save bool
	// QuoteID names a saved quote of the caller that this RMA pays.
	QuoteID string
}

// Request is one out-of-warranty submission: the create payload and its payment.
type Request struct {
	// Create carries the owner and the idempotency key, as for /create.
	Create  rma.CreateRequest
	Payment PaymentData
}

// Result is the answer to a submission: the RMA and the quote it is paid through, the link to
// pay it by card, or the saved quote.
type Result struct {
	RMANumber  string
	QuoteID    string
	PaymentURL string
	// Saved is set when a quote was saved.
	Saved *SavedQuote
}

// validatePayment applies spec §5 "PO payment" to p for c and trims what c typed. A PO from a
// customer without the permission is refused before any field is looked at.
func (s *Service) validatePayment(v *validate.Errors, c Customer, p *PaymentData) error {
	p.CustomerPO, p.CustomerPOFileID, p.QuoteID = strings.TrimSpace(p.CustomerPO), strings.TrimSpace(p.CustomerPOFileID), strings.TrimSpace(p.QuoteID)
	if p.Save {
		return nil
	}
	switch p.Method {
	case MethodPayPal:
		return nil
	case MethodPO:
	default:
		v.Add(payments.FieldPaymentMethod, validate.MsgRequired)
		return nil
	}
	if !c.MayPayByPO {
		return payments.ErrPONotAllowed
	}
	s.poRules().Validate(v, c.Email, p.CustomerPO, p.CustomerPOFileID)
	return nil
}

// prepare checks the payment and the create payload together, so the customer sees every
// field's message at once, and prices the repair.
func (s *Service) prepare(ctx context.Context, c Customer, r *Request) (rma.Prepared, error) {
	var v validate.Errors
	if err := s.validatePayment(&v, c, &r.Payment); err != nil {
		return rma.Prepared{}, err
	}
	p, err := s.d.RMAs.PrepareOutOfWarranty(ctx, r.Create)
	payErr := v.Err()
	switch {
	case err == nil:
		return p, payErr
	case payErr == nil:
		return rma.Prepared{}, err
	}
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.KindInvalid || len(f.Fields) == 0 {
		return rma.Prepared{}, err
	}
	pf, _ := fault.As(payErr)
	fields := maps.Clone(f.Fields)
	maps.Copy(fields, pf.Fields)
	return rma.Prepared{}, fault.Validation(fields)
}

// CreateOutOfWarranty saves a quote, or opens the RMA with its quote and starts its payment
// (an out-of-warranty repair, or an upgrade of any unit, rmaType UPGRADE):
// by PayPal (the result carries the approve link) or by purchase order (settled at once; the
// browser processes next). The amount is the server's price less c's discount, or the saved
// quote's. A request whose idempotency key opened an RMA, before or meanwhile (a double click),
// answers with that RMA.
func (s *Service) CreateOutOfWarranty(ctx context.Context, c Customer, r Request) (Result, error) {
	r.Create.Owner, r.Create.Org, r.Create.OpenedByName = c.Subject, c.Org, c.Name
	key := r.Create.IdempotencyKey
	if r.Payment.Save || key == "" {
		return s.createOutOfWarranty(ctx, c, r)
	}
	if res, ok, err := s.answerForKey(ctx, c.Subject, key); ok || err != nil {
		return res, err
	}
	res, err := s.createOutOfWarranty(ctx, c, r)
	if err != nil {
		// A concurrent request with the same key may have opened the RMA (and so made this one
		// fail on the unit or the key): then its RMA is the answer.
		if prior, ok, perr := s.answerForKey(ctx, c.Subject, key); ok || perr != nil {
			return prior, perr
		}
	}
	return res, err
}

// answerForKey answers with the RMA the owner's key opened, if any.
func (s *Service) answerForKey(ctx context.Context, owner, key string) (Result, bool, error) {
	prior, ok, err := s.d.RMAs.RMAForKey(ctx, owner, key)
	if !ok || err != nil {
		return Result{}, ok, err
	}
	res, err := s.answerFor(ctx, prior)
	return res, true, err
}

func (s *Service) createOutOfWarranty(ctx context.Context, c Customer, r Request) (Result, error) {
	p, err := s.prepare(ctx, c, &r)
	if err != nil {
		return Result{}, err
	}
	// Spec §6's flat discount is the customer's rate for paid service work: an upgrade, paid
	// exactly like an out-of-warranty repair, gets it too.
	amount := p.Price().Discounted(c.DiscountPercent)
	names, err := s.d.Attachments.OriginalNames(ctx, c.Subject, p.RMA.Problem.Attachments)
	if err != nil {
		return Result{}, err
	}
	saved := savedQuote(p.RMA, amount, names)
	if r.Payment.Save {
		return s.save(ctx, c, p, r.Create.IdempotencyKey, saved)
	}

	var rec rma.RMA
	var q Quote
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = s.d.RMAs.OpenAwaitingPayment(ctx, p, r.Create.IdempotencyKey); err != nil {
			return err
		}
		q, err = s.d.Payments.QuoteForRMA(ctx, RMAQuote{
			Owner: c.Subject, Org: rec.Org, Serial: rec.Serial, RMANumber: rec.Number, Amount: amount, Saved: saved, SavedQuoteID: r.Payment.QuoteID,
		})
		if err != nil {
			return err
		}
		if r.Payment.QuoteID != "" && !sameOption(q.Saved, p.RMA) {
			return ErrQuoteMismatch
		}
		if r.Payment.Method != MethodPO {
			return nil
		}
		if q, err = s.d.Payments.AcceptPurchaseOrder(ctx, c.Subject, rec.Number, r.Payment.CustomerPO); err != nil {
			return err
		}
		return prefixed(s.d.PurchaseOrders.ClaimPurchaseOrder(ctx, c.Subject, r.Payment.CustomerPOFileID, rec.Number), payments.FieldPOFile)
	})
	if err != nil {
		return Result{}, err
	}
	s.d.RMAs.Opened(ctx, rec)
	if r.Payment.Method == MethodPO {
		return Result{RMANumber: rec.Number, QuoteID: q.ID}, nil
	}
	link, err := s.d.Payments.StartPayPal(ctx, c.Subject, rec.Number, s.returnURL(rec), s.cancelURL(rec))
	if err != nil {
		// Without a way to pay, the RMA would hold the unit for nothing. The cancellation runs
		// even when the customer has gone meanwhile.
		s.d.Log.WarnContext(ctx, "paypal order not created; the RMA is cancelled", "rma", rec.Number, "err", err)
		if _, cerr := s.Cancel(context.WithoutCancel(ctx), c.Subject, rec.Number); cerr != nil {
			s.d.Log.ErrorContext(ctx, "RMA without payment not cancelled", "rma", rec.Number, "err", cerr)
		}
		return Result{}, err
	}
	return Result{RMANumber: rec.Number, QuoteID: q.ID, PaymentURL: link}, nil
}

// save stores the saved quote, holds its attachments for as long as it can be paid and
// remembers the request's idempotency key, in one transaction. A key that saved a quote before
// (or meanwhile: a double click) answers that quote.
func (s *Service) save(ctx context.Context, c Customer, p rma.Prepared, key string, saved SavedQuote) (Result, error) {
	if key != "" {
		if res, ok, err := s.savedForKey(ctx, c.Subject, key, saved); ok || err != nil {
			return res, err
		}
	}
	var q Quote
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if q, err = s.d.Payments.SaveQuote(ctx, c.Subject, c.Org, p.RMA.Serial, saved.Total, saved); err != nil {
			return err
		}
		if err := prefixed(s.d.Attachments.Hold(ctx, c.Subject, p.RMA.Problem.Attachments, q.ExpiresAt), "rmaInput.attachments"); err != nil {
			return err
		}
		if key == "" {
			return nil
		}
		return s.d.QuoteKeys.RememberSavedQuote(ctx, c.Subject, key, q.ID)
	})
	if errors.Is(err, rma.ErrDuplicateRequest) {
		res, _, err := s.savedForKey(ctx, c.Subject, key, saved)
		return res, err
	}
	if err != nil {
		return Result{}, err
	}
	// The saved quote as built here, packaging included, whatever the payments module keeps of it.
	return Result{QuoteID: q.ID, Saved: &saved}, nil
}

// savedForKey answers a retried save with the quote the owner's key saved. The retry carries
// the same submission, so the quote's content is built from it again, at the stored amount.
func (s *Service) savedForKey(ctx context.Context, owner, key string, saved SavedQuote) (Result, bool, error) {
	id, ok, err := s.d.QuoteKeys.SavedQuoteForKey(ctx, owner, key)
	if !ok || err != nil {
		return Result{}, ok, err
	}
	q, err := s.d.Payments.SavedQuote(ctx, owner, id)
	if err != nil {
		return Result{}, true, err
	}
	saved.Total = q.Amount
	return Result{QuoteID: q.ID, Saved: &saved}, true, nil
}

// answerFor answers a retried submission with the RMA the first one opened: its quote and, while
// it is unpaid, the approve link of its PayPal order (the same order again).
func (s *Service) answerFor(ctx context.Context, rec rma.RMA) (Result, error) {
	if rec.Status == rma.StatusCancelled {
		return Result{}, rma.ErrRMACancelled
	}
	q, err := s.d.Payments.QuoteOfRMA(ctx, rec.Owner, rec.Number)
	if err != nil {
		return Result{}, err
	}
	res := Result{RMANumber: rec.Number, QuoteID: q.ID}
	if q.Paid {
		return res, nil
	}
	if res.PaymentURL, err = s.d.Payments.StartPayPal(ctx, rec.Owner, rec.Number, s.returnURL(rec), s.cancelURL(rec)); err != nil {
		return Result{}, err
	}
	return res, nil
}

// returnURL is where PayPal sends the payer back: the page the RMA was opened on (create-rma,
// or upgrade-device for an upgrade), which processes the RMA (PayPal appends token and PayerID).
func (s *Service) returnURL(rec rma.RMA) string {
	page := "/create-rma/"
	if rec.Type == rma.RMATypeUpgrade {
		page = "/upgrade-device/"
	}
	return s.d.Settings.PublicURL + page + url.PathEscape(rec.Serial) + "?rmaNumber=" + url.QueryEscape(rec.Number)
}

// cancelURL is where PayPal sends a payer who gives up: the page cancels the RMA.
func (s *Service) cancelURL(rec rma.RMA) string { return s.returnURL(rec) + "&cancelled=1" }

// ProcessOutOfWarranty finishes the owner's RMA once it is paid: the payment is settled
// (captured, if the payer approved it and nobody has yet) and the RMA released with its label,
// answered with what the label page shows (Processed). Repeats answer the same RMA. Another
// owner's RMA, an unknown one or one of another serial answers rma.ErrRMANotFound; a cancelled
// one rma.ErrRMACancelled; an unpaid one the payments module's refusal (not approved, declined).
func (s *Service) ProcessOutOfWarranty(ctx context.Context, owner, number, serial, token string) (Processed, error) {
	rec, err := s.d.RMAs.RMA(ctx, owner, strings.TrimSpace(number))
	if err != nil {
		return Processed{}, err
	}
	if rec.Serial != strings.ToUpper(strings.TrimSpace(serial)) {
		return Processed{}, rma.ErrRMANotFound
	}
	switch rec.Status {
	case rma.StatusCancelled:
		return Processed{}, rma.ErrRMACancelled
	case rma.StatusAwaitingPayment:
	default:
		return s.processed(ctx, rec), nil
	}
	if _, err := s.d.Payments.SettleRMA(ctx, owner, rec.Number, strings.TrimSpace(token)); err != nil {
		return Processed{}, err
	}
	if rec, err = s.d.RMAs.Release(ctx, owner, rec.Number); err != nil {
		return Processed{}, err
	}
	return s.processed(ctx, rec), nil
}

// Cancel cancels the owner's RMA that awaits its payment together with its quote, in one
// transaction. Once paid it answers rma.ErrNotCancellable; a cancelled RMA is answered as it is.
func (s *Service) Cancel(ctx context.Context, owner, number string) (rma.RMA, error) {
	var rec rma.RMA
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = s.d.RMAs.Cancel(ctx, owner, strings.TrimSpace(number)); err != nil {
			return err
		}
		err = s.d.Payments.CancelForRMA(ctx, owner, rec.Number)
		if errors.Is(err, ErrQuotePaid) {
			// Paid while the RMA still waited: the payment's processing releases it.
			return rma.ErrNotCancellable
		}
		return err
	})
	if err != nil {
		return rma.RMA{}, err
	}
	s.d.RMAs.Cancelled(ctx, rec)
	return rec, nil
}

// prefixed moves a capability's validation fault under one payload field.
func prefixed(err error, field string) error {
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.KindInvalid || len(f.Fields) == 0 {
		return err
	}
	for _, m := range f.Fields {
		return fault.Validation(map[string]string{field: m})
	}
	return err
}
