package parts

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// FieldKind is the order payload's kind; the paymentData fields and the PO rules are the
// payments capability's (payments.PORules), shared with the repair service.
const FieldKind = "kind"

// normalizeLine trims what the customer typed; part numbers, models and serials are upper case
// in the catalogue and the registry.
func normalizeLine(l LineRequest) LineRequest {
	up := func(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }
	l.PartNumber, l.Model, l.SearchSerial = up(l.PartNumber), up(l.Model), up(l.SearchSerial)
	serials := make([]string, 0, len(l.Serials))
	for _, s := range l.Serials {
		if s = up(s); s != "" && !slices.Contains(serials, s) {
			serials = append(serials, s)
		}
	}
	l.Serials = serials
	return l
}

// mergeLines applies the cart's merge rule (spec §4) to an order's lines, so an order never
// holds one part for one model twice however its lines were sent: a line whose part number and
// model an earlier line has joins it, the serials merged and, with serials, the quantity set to
// their number (a parts line without serials adds its quantity; a quantity that is not a whole
// number from 1 to 999 keeps the merged line refused). origin[i] is the index in lines of merged
// line i's first line, so every message still names the line the customer sent.
func mergeLines(lines []LineRequest) (merged []LineRequest, origin []int) {
	at := map[[2]string]int{}
	for i, raw := range lines {
		l := normalizeLine(raw)
		key := [2]string{l.PartNumber, l.Model}
		j, seen := at[key]
		if !seen {
			at[key] = len(merged)
			merged, origin = append(merged, l), append(origin, i)
			continue
		}
		m := &merged[j]
		for _, sn := range l.Serials {
			if !slices.Contains(m.Serials, sn) {
				m.Serials = append(m.Serials, sn)
			}
		}
		switch {
		case len(m.Serials) > 0:
			m.Quantity = len(m.Serials)
		case m.Quantity < 1 || l.Quantity < 1:
			m.Quantity = 0
		default:
			m.Quantity += l.Quantity
		}
		if m.SearchSerial == "" {
			m.SearchSerial = l.SearchSerial
		}
	}
	return merged, origin
}

func fits(p Part, model string) bool {
	return slices.ContainsFunc(p.Fits, func(f Fit) bool { return f.Model == model })
}

// Price prices lines at the catalogue's prices (public: the cart, manual entry and the
// checkout's reconciliation). A line the catalogue refuses (unknown or discontinued part, a
// quantity outside 1..999, a model the part does not fit, a body-worn camera's part on a parts
// order) is a problem, listed with its index, and left out of the total; only more than
// MaxLines lines is an error. kind is the order the lines are for ("" when the caller does not
// say: then no line is refused for its kind, and Place refuses it still).
func (s *Orders) Price(ctx context.Context, kind OrderKind, lines []LineRequest) (Priced, error) {
	if len(lines) > MaxLines {
		return Priced{}, ErrTooManyLines
	}
	switch kind {
	case "", KindParts, KindVideo:
	default:
		return Priced{}, ErrUnknownKind
	}
	norm := make([]LineRequest, len(lines))
	pns := make([]string, 0, len(lines))
	for i, l := range lines {
		norm[i] = normalizeLine(l)
		if pn := norm[i].PartNumber; pn != "" && len(pn) <= PartNumberMaxLength {
			pns = append(pns, pn)
		}
	}
	catalogue, err := s.d.Store.Parts(ctx, pns)
	if err != nil {
		return Priced{}, err
	}
	out := Priced{Lines: make([]PricedLine, len(norm)), Problems: []Problem{}, Total: money.USD(0)}
	currencySet := false
	for i, l := range norm {
		p, known := catalogue[l.PartNumber]
		line := PricedLine{
			PartNumber: l.PartNumber, Quantity: l.Quantity, Model: l.Model, Serials: l.Serials, SearchSerial: l.SearchSerial,
			UnitPrice: money.USD(0), LineTotal: money.USD(0),
		}
		problem := func(code, msg string) {
			out.Problems = append(out.Problems, Problem{Index: i, PartNumber: l.PartNumber, Code: code, Message: msg})
		}
		if known {
			line.Description, line.Availability, line.ImagePath, line.HighValue = p.Description, p.Availability, p.ImagePath, p.HighValue
			line.UnitPrice = p.Price
			if l.Quantity >= 1 && l.Quantity <= MaxQuantity {
				line.LineTotal = money.Money{Cents: p.Price.Cents * int64(l.Quantity), Currency: p.Price.Currency}
			} else {
				line.LineTotal = money.Money{Currency: p.Price.Currency}
			}
		}
		out.Lines[i] = line
		switch {
		case !known:
			problem(CodeUnknownPart, MsgUnknownPart(l.PartNumber))
		case l.Quantity < 1 || l.Quantity > MaxQuantity:
			problem(CodeBadQuantity, MsgBadQuantity)
		case p.Discontinued():
			problem(CodeDiscontinued, MsgDiscontinued(l.PartNumber))
		case p.VideoOnly && kind == KindParts:
			problem(CodeVideoOnly, MsgVideoOnly(l.PartNumber))
		case l.Model != "" && !fits(p, l.Model):
			problem(CodeWrongModel, MsgWrongModel(l.PartNumber, l.Model))
		default:
			if !currencySet {
				out.Total, currencySet = money.Money{Currency: p.Price.Currency}, true
			}
			if p.Price.Currency != out.Total.Currency {
				return Priced{}, fmt.Errorf("parts: the catalogue prices %s in %s, the order in %s", p.PartNumber, p.Price.Currency, out.Total.Currency)
			}
			out.Total.Cents += line.LineTotal.Cents
		}
	}
	return out, nil
}

// PlaceRequest is one checkout: the lines as the cart holds them, who to ship to and how to pay.
type PlaceRequest struct {
	Kind             OrderKind
	Lines            []LineRequest
	Contact          rma.Contact
	Address          rma.Address
	Method           PaymentMethod
	CustomerPO       string
	CustomerPOFileID string
	// IdempotencyKey makes a retried checkout return the order the first one placed.
	IdempotencyKey string
}

// Placed is a placed order and, for a card order, the PayPal page that pays it.
type Placed struct {
	Order      Order
	PaymentURL string
}

// Place places c's order: every line priced by the catalogue (the browser never sends an
// amount), checked with the pricing's rules and, for video parts, against the video units c
// holds; then the order, its quote and, for a purchase order, the payment, the PO file's claim
// and the confirmation e-mail, in one transaction. A card order answers PayPal's approve link.
// A checkout whose idempotency key placed an order, before or meanwhile, answers that order.
func (s *Orders) Place(ctx context.Context, c Customer, r PlaceRequest) (Placed, error) {
	if !c.MayOrder {
		return Placed{}, ErrCannotOrder
	}
	if r.Kind == KindVideo && !c.MayReadVideoSerials {
		return Placed{}, ErrCannotReadVideoSerials
	}
	if r.Method == MethodPO && !c.MayPayByPO {
		return Placed{}, payments.ErrPONotAllowed
	}
	r.IdempotencyKey = strings.TrimSpace(r.IdempotencyKey)
	if len(r.IdempotencyKey) > IdempotencyKeyMax {
		return Placed{}, fault.Validation(map[string]string{"Idempotency-Key": validate.MaxLength(IdempotencyKeyMax)})
	}
	if r.IdempotencyKey != "" {
		if prior, ok, err := s.d.Store.OrderForKey(ctx, c.Subject, r.IdempotencyKey); ok || err != nil {
			if err != nil {
				return Placed{}, err
			}
			return s.answerFor(ctx, prior)
		}
	}
	o, err := s.prepare(ctx, c, &r)
	if err != nil {
		return Placed{}, err
	}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if o.ID, err = s.d.Store.NextBatchID(ctx); err != nil {
			return err
		}
		if o.QuoteID, err = s.d.Payments.QuoteForOrder(ctx, OrderQuote{
			Owner: o.Owner, Org: o.Org, OrderID: o.ID, Amount: o.Total, Contact: o.Contact, Address: o.Address,
		}); err != nil {
			return err
		}
		if err := s.d.Store.CreateOrder(ctx, o, r.IdempotencyKey); err != nil {
			return err
		}
		if o.PaymentMethod != MethodPO {
			return nil
		}
		if err := s.d.Payments.AcceptPurchaseOrder(ctx, o.Owner, o.ID, o.CustomerPO); err != nil {
			return err
		}
		if err := prefixed(s.d.PurchaseOrders.ClaimPurchaseOrder(ctx, o.Owner, r.CustomerPOFileID, o.ID), payments.FieldPOFile); err != nil {
			return err
		}
		return s.confirm(ctx, o)
	})
	if errors.Is(err, ErrDuplicateOrder) {
		// A concurrent checkout with the same key placed it: its order is the answer.
		prior, ok, perr := s.d.Store.OrderForKey(ctx, c.Subject, r.IdempotencyKey)
		if perr != nil || !ok {
			return Placed{}, errors.Join(err, perr)
		}
		return s.answerFor(ctx, prior)
	}
	if err != nil {
		return Placed{}, err
	}
	s.d.Log.InfoContext(ctx, "parts order placed", "order", o.ID, "kind", string(o.Kind), "method", string(o.PaymentMethod), "total", o.Total.String())
	if o.PaymentMethod == MethodPO {
		return Placed{Order: o}, nil
	}
	link, err := s.d.Payments.StartPayPal(ctx, o.Owner, o.ID, s.returnURL(o), s.cancelURL(o))
	if err != nil {
		// Without a way to pay the order would wait for ever: cancel it, even when the customer
		// has gone meanwhile.
		s.d.Log.WarnContext(ctx, "paypal order not created; the parts order is cancelled", "order", o.ID, "err", err)
		if _, cerr := s.Cancel(context.WithoutCancel(ctx), c, o.ID); cerr != nil {
			s.d.Log.ErrorContext(ctx, "parts order without payment not cancelled", "order", o.ID, "err", cerr)
		}
		return Placed{}, err
	}
	return Placed{Order: o, PaymentURL: link}, nil
}

// answerFor answers a retried checkout with the order the first one placed and, while it awaits
// its payment, the approve link of its PayPal order (the same order again).
func (s *Orders) answerFor(ctx context.Context, o Order) (Placed, error) {
	if o.Status == StatusCancelled {
		return Placed{}, ErrOrderCancelled
	}
	if o.Status != StatusAwaitingPayment {
		return Placed{Order: o}, nil
	}
	link, err := s.d.Payments.StartPayPal(ctx, o.Owner, o.ID, s.returnURL(o), s.cancelURL(o))
	if err != nil {
		return Placed{}, err
	}
	return Placed{Order: o, PaymentURL: link}, nil
}

// prepare checks the whole checkout, so the customer sees every field's message at once, and
// builds the order (without its id) from the catalogue's prices.
func (s *Orders) prepare(ctx context.Context, c Customer, r *PlaceRequest) (Order, error) {
	var v validate.Errors
	kind := r.Kind
	switch kind {
	case KindParts, KindVideo:
	default:
		v.Add(FieldKind, validate.MsgRequired)
		kind = "" // the lines' own problems are still named with the kind's
	}
	if len(r.Lines) == 0 {
		return Order{}, ErrNoLines
	}
	if len(r.Lines) > MaxLines {
		return Order{}, ErrTooManyLines
	}
	lines, origin := mergeLines(r.Lines)
	field := func(i int) string { return "lines." + strconv.Itoa(origin[i]) }
	priced, err := s.Price(ctx, kind, lines)
	if err != nil {
		return Order{}, err
	}
	for _, p := range priced.Problems {
		v.Add(field(p.Index), p.Message)
	}
	if r.Kind == KindVideo {
		if err := s.checkVideoLines(ctx, c, &v, priced.Lines, field); err != nil {
			return Order{}, err
		}
	} else {
		for i, l := range priced.Lines {
			if len(l.Serials) > 0 {
				v.Add(field(i)+".serials", MsgSerialsVideoOnly)
			}
		}
	}
	searched, err := s.heldSearchSerials(ctx, c, priced.Lines)
	if err != nil {
		return Order{}, err
	}
	r.Contact, r.Address = r.Contact.Trimmed(), r.Address.Trimmed()
	rma.ValidateContact(&v, "contact.", r.Contact)
	rma.ValidateAddress(&v, s.d.Addresses, r.Address)
	s.validatePayment(&v, c, r)
	if err := checkCeiling(&v, priced.Total, s.d.Settings.MaxTotal); err != nil {
		return Order{}, err
	}
	if err := v.Err(); err != nil {
		return Order{}, err
	}
	now := s.now()
	o := Order{
		Kind: r.Kind, Owner: c.Subject, Org: c.Org, OrderedByName: firstRunes(strings.TrimSpace(c.Name), OrderedByNameMax), Status: StatusAwaitingPayment,
		Contact: r.Contact, Address: r.Address, PaymentMethod: r.Method, Total: priced.Total,
		CreatedAt: now, UpdatedAt: now, Lines: make([]OrderLine, len(priced.Lines)),
	}
	if r.Method == MethodPO {
		o.Status, o.CustomerPO = StatusPlaced, r.CustomerPO
	}
	for i, l := range priced.Lines {
		o.Lines[i] = OrderLine{
			PartNumber: l.PartNumber, Description: l.Description, Quantity: l.Quantity, UnitPrice: l.UnitPrice,
			LineTotal: l.LineTotal, Model: l.Model, Serials: l.Serials,
		}
		if searched[l.SearchSerial] {
			o.Lines[i].SearchSerial = l.SearchSerial
		}
	}
	return o, nil
}

// heldSearchSerials answers which of the serials the lines were searched by c (or c's
// organization) holds: only those are recorded, since a recorded serial puts its unit in the
// inventory (source "order"). Any other is dropped silently rather than refused: searching the
// catalogue by serial is public, and the serial rides along in the cart where the customer
// neither sees nor edits it, so refusing would block a rightful order of parts for a unit they
// have not registered yet, with no way to mend the line. A serial longer than SerialMax names no
// unit (the registry's serials are shorter) and is not even looked up.
func (s *Orders) heldSearchSerials(ctx context.Context, c Customer, lines []PricedLine) (map[string]bool, error) {
	var serials []string
	for _, l := range lines {
		if sn := l.SearchSerial; sn != "" && len(sn) <= SerialMax && !slices.Contains(serials, sn) {
			serials = append(serials, sn)
		}
	}
	held := map[string]bool{}
	if len(serials) == 0 {
		return held, nil
	}
	units, err := s.d.Holdings.Held(ctx, c.Viewer(), rma.HeldFilter{Serials: serials})
	if err != nil {
		return nil, err
	}
	for _, u := range units {
		held[u.Unit.Serial] = true
	}
	return held, nil
}

// checkVideoLines applies the video cart's rules: every line names its model and at least one
// serial, its quantity is its number of serials, and every serial is a video unit of that model
// the customer (or their organization) holds. Another customer's serial answers exactly like
// one nobody has.
// field names line i's messages by the line the customer sent.
func (s *Orders) checkVideoLines(ctx context.Context, c Customer, v *validate.Errors, lines []PricedLine, field func(i int) string) error {
	var all []string
	for _, l := range lines {
		for _, sn := range l.Serials {
			if len(sn) <= SerialMax && !slices.Contains(all, sn) {
				all = append(all, sn)
			}
		}
	}
	held := map[string]VideoUnit{}
	if len(all) > 0 {
		units, err := s.d.VideoUnits.HeldVideoUnits(ctx, c.Viewer(), "", all)
		if err != nil {
			return err
		}
		for _, u := range units {
			held[u.Serial] = u
		}
	}
	for i, l := range lines {
		f := field(i)
		switch {
		case l.Model == "":
			v.Add(f+".model", MsgModelRequired)
		case len(l.Serials) == 0:
			v.Add(f+".serials", MsgSerialsRequired)
		}
		for _, sn := range l.Serials {
			if u, ok := held[sn]; !ok || u.Model != l.Model {
				v.Add(f+".serials", MsgNotYourVideoUnit(sn))
				break
			}
		}
		if len(l.Serials) > 0 && l.Quantity != len(l.Serials) {
			v.Add(f+".quantity", MsgQuantitySerials)
		}
	}
	return nil
}

// validatePayment applies spec §5 "PO payment" with the payments capability's rules, as the
// repair service does: a PO number (with its release number for PO_RELEASE_DOMAINS), at most 35
// characters, and the PO file.
func (s *Orders) validatePayment(v *validate.Errors, c Customer, r *PlaceRequest) {
	r.CustomerPO, r.CustomerPOFileID = strings.TrimSpace(r.CustomerPO), strings.TrimSpace(r.CustomerPOFileID)
	switch r.Method {
	case MethodPayPal:
		r.CustomerPO, r.CustomerPOFileID = "", ""
		return
	case MethodPO:
	default:
		v.Add(payments.FieldPaymentMethod, validate.MsgRequired)
		return
	}
	payments.PORules{ReleaseDomains: s.d.Settings.POReleaseDomains}.Validate(v, c.Email, r.CustomerPO, r.CustomerPOFileID)
}

// returnURL is where PayPal sends the payer back: the checkout page, which processes the order
// (PayPal appends token and PayerID).
func (s *Orders) returnURL(o Order) string {
	page := "/parts-order/checkout"
	if o.Kind == KindVideo {
		page = "/video-parts-order/checkout"
	}
	return s.d.Settings.PublicURL + page + "?batch=" + url.QueryEscape(o.ID)
}

// cancelURL is where PayPal sends a payer who gives up: the page cancels the order.
func (s *Orders) cancelURL(o Order) string { return s.returnURL(o) + "&cancelled=1" }

// ownOrder is c's own order id: anyone else's, an unknown one or a malformed id answer alike.
func (s *Orders) ownOrder(ctx context.Context, owner, id string) (Order, error) {
	id = strings.ToUpper(strings.TrimSpace(id))
	if !ValidBatchID(id) {
		return Order{}, ErrOrderNotFound
	}
	o, err := s.d.Store.Order(ctx, id)
	if err != nil {
		return Order{}, err
	}
	if owner == "" || o.Owner != owner {
		return Order{}, ErrOrderNotFound
	}
	return o, nil
}

// Get reads order id for v: its owner or a member of its organization; anyone else's answers
// as an unknown one.
func (s *Orders) Get(ctx context.Context, v rma.Viewer, id string) (Order, error) {
	id = strings.ToUpper(strings.TrimSpace(id))
	if !ValidBatchID(id) || v.Subject == "" {
		return Order{}, ErrOrderNotFound
	}
	o, err := s.d.Store.Order(ctx, id)
	if err != nil {
		return Order{}, err
	}
	if !o.VisibleTo(v) {
		return Order{}, ErrOrderNotFound
	}
	return o, nil
}

// Process finishes c's card order once PayPal sent the payer back: the payment is captured (if
// nobody has yet) and the order placed, with its confirmation e-mail. Repeats answer the placed
// order; a cancelled one ErrOrderCancelled; an unpaid one the payments module's refusal.
func (s *Orders) Process(ctx context.Context, c Customer, id, token string) (Order, error) {
	o, err := s.ownOrder(ctx, c.Subject, id)
	if err != nil {
		return Order{}, err
	}
	switch o.Status {
	case StatusCancelled:
		return Order{}, ErrOrderCancelled
	case StatusAwaitingPayment:
	default:
		return o, nil
	}
	if err := s.d.Payments.SettleOrder(ctx, o.Owner, o.ID, strings.TrimSpace(token)); err != nil {
		return Order{}, err
	}
	return s.placePaid(ctx, o.ID)
}

// QuotePaid places order id whose quote the payments side paid itself (a webhook): the
// composition root's Fulfiller calls it. A repeat, or an order the payer's return placed
// first, changes nothing.
func (s *Orders) QuotePaid(ctx context.Context, id string) error {
	_, err := s.placePaid(ctx, id)
	return err
}

// placePaid moves a paid order from awaiting payment to placed and queues its confirmation, in
// one transaction; of a return and a webhook racing, one places it and the other reads it.
func (s *Orders) placePaid(ctx context.Context, id string) (Order, error) {
	var o Order
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		err := s.d.Store.SetOrderStatus(ctx, id, StatusAwaitingPayment, StatusPlaced, s.now())
		if errors.Is(err, ErrOrderChanged) {
			o, err = s.d.Store.Order(ctx, id)
			return err
		}
		if err != nil {
			return err
		}
		if o, err = s.d.Store.Order(ctx, id); err != nil {
			return err
		}
		return s.confirm(ctx, o)
	})
	if err != nil {
		return Order{}, err
	}
	if o.Status == StatusCancelled {
		// Money came for an order given up meanwhile: staff refund it.
		s.d.Log.ErrorContext(ctx, "a cancelled parts order was paid; refund it", "order", id)
		return Order{}, ErrOrderCancelled
	}
	return o, nil
}

// Cancel cancels c's order that awaits its payment, with its quote, in one transaction. A
// cancelled order is answered as it is; a paid one is ErrNotCancellable.
func (s *Orders) Cancel(ctx context.Context, c Customer, id string) (Order, error) {
	o, err := s.ownOrder(ctx, c.Subject, id)
	if err != nil {
		return Order{}, err
	}
	switch o.Status {
	case StatusCancelled:
		return o, nil
	case StatusAwaitingPayment:
	default:
		return Order{}, ErrNotCancellable
	}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.d.Store.SetOrderStatus(ctx, o.ID, StatusAwaitingPayment, StatusCancelled, s.now()); err != nil {
			if errors.Is(err, ErrOrderChanged) {
				return ErrNotCancellable
			}
			return err
		}
		err := s.d.Payments.CancelForOrder(ctx, o.Owner, o.ID)
		if errors.Is(err, ErrOrderPaid) {
			// Paid while the order still waited: its processing places it.
			return ErrNotCancellable
		}
		return err
	})
	if err != nil {
		return Order{}, err
	}
	s.d.Log.InfoContext(ctx, "parts order cancelled", "order", o.ID)
	return s.d.Store.Order(ctx, o.ID)
}

// VideoSerials lists the video units c (or c's organization) holds, of model when it is given:
// the video cart's serial picker.
func (s *Orders) VideoSerials(ctx context.Context, c Customer, model string) ([]VideoUnit, error) {
	if !c.MayReadVideoSerials {
		return nil, ErrCannotReadVideoSerials
	}
	model = strings.ToUpper(strings.TrimSpace(model))
	if len(model) > ModelMaxLength {
		return []VideoUnit{}, nil
	}
	units, err := s.d.VideoUnits.HeldVideoUnits(ctx, c.Viewer(), model, nil)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(units, func(a, b VideoUnit) int { return strings.Compare(a.Serial, b.Serial) })
	return units, nil
}

// confirm queues the order's confirmation e-mail to its contact, in the transaction ctx carries.
func (s *Orders) confirm(ctx context.Context, o Order) error {
	to := strings.TrimSpace(o.Contact.Email)
	if to == "" {
		s.d.Log.WarnContext(ctx, "parts order has no e-mail address for its confirmation", "order", o.ID)
		return nil
	}
	return s.d.Mail.Enqueue(ctx, confirmationMail(o, to))
}

func confirmationMail(o Order, to string) mail.Message {
	var b strings.Builder
	name := o.Contact.FirstName
	if name == "" {
		name = "customer"
	}
	fmt.Fprintf(&b, "Hello %s,\n\nthank you for your order %s. We are preparing these parts for shipping:\n\n", name, o.ID)
	for _, l := range o.Lines {
		fmt.Fprintf(&b, "  %d x %s  %s  %s\n", l.Quantity, l.PartNumber, l.Description, l.LineTotal)
		if len(l.Serials) > 0 {
			fmt.Fprintf(&b, "      for %s %s\n", l.Model, strings.Join(l.Serials, ", "))
		}
	}
	fmt.Fprintf(&b, "\nTotal: %s\n", o.Total)
	if o.PaymentMethod == MethodPO {
		fmt.Fprintf(&b, "Paid by purchase order %s.\n", o.CustomerPO)
	} else {
		b.WriteString("Paid by PayPal.\n")
	}
	a := o.Address
	fmt.Fprintf(&b, "\nShipping to:\n%s %s\n%s\n", o.Contact.FirstName, o.Contact.LastName, a.Line1)
	if a.Line2 != "" {
		fmt.Fprintf(&b, "%s\n", a.Line2)
	}
	fmt.Fprintf(&b, "%s, %s %s, %s\n\nYou can follow the order under Your account, Parts orders.\n", a.City, a.State, a.PostalCode, a.Country)
	return mail.Message{To: []string{to}, Subject: "Your parts order " + o.ID, Text: b.String()}
}

// firstRunes is s cut to its first n characters, never inside one.
func firstRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// prefixed moves a capability's validation fault under one payload field.
func prefixed(err error, field string) error {
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.KindInvalid || len(f.Fields) == 0 {
		return err
	}
	return fault.Validation(map[string]string{field: slices.Sorted(maps.Values(f.Fields))[0]})
}
