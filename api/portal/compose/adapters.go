package compose

import (
	"context"

	"gorm.io/gorm"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/shipping/shipping"
)

// The rma core declares the ports it needs; these adapters connect them to the capabilities
// that provide them. Field-for-field conversions are named, as everywhere else.

// addressRules gives rma the geography module's address rules.
type addressRules struct{ places *geo.Catalog }

func (a addressRules) ValidateAddress(x rma.Address) error {
	return a.places.ValidateAddress(geo.Address(x), false)
}

func (addressRules) IsMilitaryAddress(x rma.Address) bool {
	return geo.IsMilitaryAddress(geo.Address(x))
}

// outboxMailer queues rma's e-mails in the transactional outbox.
type outboxMailer struct{ gdb *gorm.DB }

func (m outboxMailer) Enqueue(ctx context.Context, to, subject, text string) error {
	return mail.Enqueue(ctx, m.gdb, mail.Message{To: []string{to}, Subject: subject, Text: text})
}

// documentIssuer books the inbound shipment with the shipping module.
type documentIssuer struct{ shipping *shipping.Service }

// declaredValueCents is the customs value of a unit sent for repair: it is not sold, so a nominal
// replacement value is declared.
const declaredValueCents = 100_00

func (d documentIssuer) CheckShipFrom(ctx context.Context, a rma.Address) error {
	return d.shipping.CheckShipFrom(ctx, shipping.Address(a))
}

func (d documentIssuer) IssueDocuments(ctx context.Context, r rma.ShipmentRequest) (rma.ShipmentDocuments, error) {
	docs, err := d.shipping.IssueDocuments(ctx, toIssueRequest(r))
	if err != nil {
		return rma.ShipmentDocuments{}, err
	}
	return rma.ShipmentDocuments{LabelID: docs.LabelID, InvoiceID: docs.InvoiceID, TrackingNumber: docs.TrackingNumber}, nil
}

func toIssueRequest(r rma.ShipmentRequest) shipping.IssueRequest {
	packaging := shipping.PackagingLabel
	if r.Method == rma.ShipQR {
		packaging = shipping.PackagingQR
	}
	c := r.Contact
	return shipping.IssueRequest{
		Owner: r.Owner, RMANumber: r.RMANumber, From: shipping.Address(r.From), Packaging: packaging,
		Contact: shippingContact(c),
		Items: []shipping.DeclaredItem{{
			Description: "Rugged " + r.Unit.ProductType + " " + r.Unit.Model + " (return for repair)",
			PartNumber:  r.Unit.PartNumber, Serial: r.Unit.Serial, Quantity: 1,
			UnitValueCents: declaredValueCents, CountryOfOrigin: "US",
		}},
	}
}

// shippingContact is an RMA's (or a batch's) contact as the shipping capability's labels name
// it: one name, the company, phone and e-mail.
func shippingContact(c rma.Contact) shipping.Contact {
	return shipping.Contact{Name: c.FirstName + " " + c.LastName, Company: c.Company, Phone: c.Phone, Email: c.Email}
}
