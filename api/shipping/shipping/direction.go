package shipping

import (
	"strings"

	"github.com/johnfercher/maroto/v2/pkg/core"
)

// Direction is which way a parcel travels between the customer and the depot.
type Direction string

const (
	// ToDepot is the customer's unit travelling in for service: IssueRequest.From and Contact are
	// the ship-from, the depot the ship-to. The zero value, so existing callers keep it.
	ToDepot Direction = ""
	// ToCustomer is the depot shipping the unit back: the depot is the ship-from and
	// IssueRequest.From and Contact (the customer's address and contact as stored on the RMA)
	// are the ship-to.
	ToCustomer Direction = "toCustomer"
)

// ReturnReason is the invoice's reason for export of a unit shipped back after service.
const ReturnReason = "Return of serviced equipment \u2014 no commercial value"

// customerLines prints the customer's contact and address, as a label's FROM (to the depot) or
// SHIP TO (back to the customer).
func (s documentSheet) customerLines() []string {
	lines := nonEmpty(s.req.Contact.Name, s.req.Contact.Company)
	lines = append(lines, s.req.From.lines()...)
	if p := strings.TrimSpace(s.req.Contact.Phone); p != "" {
		lines = append(lines, "Tel. "+p)
	}
	return lines
}

func (s documentSheet) depotLines() []string {
	lines := append([]string{s.depot.Name}, s.depot.Address.lines()...)
	if p := strings.TrimSpace(s.depot.Phone); p != "" {
		lines = append(lines, "Tel. "+p)
	}
	return lines
}

func (s documentSheet) fromLines() []string {
	if s.req.Direction == ToCustomer {
		return s.depotLines()
	}
	return s.customerLines()
}

func (s documentSheet) toLines() []string {
	if s.req.Direction == ToCustomer {
		return s.customerLines()
	}
	return s.depotLines()
}

// shipperLines are the invoice's shipper: the customer's e-mail follows their address, as
// customs may need to reach them; the depot ships under its name and phone.
func (s documentSheet) shipperLines() []string {
	lines := s.fromLines()
	if s.req.Direction == ToCustomer {
		return lines
	}
	if e := strings.TrimSpace(s.req.Contact.Email); e != "" {
		lines = append(lines, e)
	}
	return lines
}

// shipment is what the carrier books: the customer's unit to the depot, or the depot's parcel
// to the customer (then the depot's address is the pickup the carrier checks).
func (s *Service) shipment(req IssueRequest) Shipment {
	sh := Shipment{
		From: req.From, Contact: req.Contact, To: s.depot, Packaging: req.Packaging,
		RMANumber: req.RMANumber, Description: parcelDescription(req.Items), Direction: req.Direction,
	}
	if req.Direction == ToCustomer {
		sh.From = s.depot.Address
		sh.To = Depot{Name: req.Contact.Name, Phone: req.Contact.Phone, Address: req.From}
		sh.Contact = Contact{Name: s.depot.Name, Phone: s.depot.Phone}
	}
	return sh
}

// reason is the invoice's reason for export: the request's, else the direction's default.
func (req IssueRequest) reason() string {
	switch {
	case strings.TrimSpace(req.Reason) != "":
		return req.Reason
	case req.Direction == ToCustomer:
		return ReturnReason
	}
	return DefaultReason
}

// labelSteps are the printed label's instructions: the customer's packing steps, or the
// depot's for a unit going back.
func (s documentSheet) labelSteps(expiry string) []core.Row {
	if s.req.Direction == ToCustomer {
		return instructions("Depot: ship the unit back", []string{
			"Pack the serviced unit, with the accessories received with it, in a sturdy box with padding on every side.",
			"Cut along the dashed line and tape the label flat on the largest side of the box. Do not cover the barcode with tape.",
			"Hand the box to the Rugged Freight driver at the depot's dock.",
			expiry,
		})
	}
	return instructions("How to ship your unit", []string{
		"Back up your data and remove anything not listed on your RMA (SIM and memory cards, personal accessories).",
		"Pack the unit, with the accessories your RMA lists, in a sturdy box with padding on every side.",
		"Cut along the dashed line and tape the label flat on the largest side of the box. Do not cover the barcode with tape.",
		"Hand the box to any Rugged Freight drop-off office, or give it to a Rugged Freight driver.",
		expiry,
	})
}

// goodsStatement says on the invoice why the goods cross the border.
func (s documentSheet) goodsStatement() string {
	if s.req.Direction == ToCustomer {
		return "These goods are the consignee's own equipment, returned to them after service under RMA " + s.req.RMANumber + "."
	}
	return "These goods are the exporter's own equipment, returned to the manufacturer for repair under RMA " + s.req.RMANumber + "."
}

// signatory is who signs the invoice: the shipper.
func (s documentSheet) signatory() string {
	if s.req.Direction == ToCustomer {
		return s.depot.Name
	}
	return s.req.Contact.Name
}
