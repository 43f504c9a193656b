package parts

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

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

// firstRunes is s cut to its first n characters, never inside one.
func firstRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
