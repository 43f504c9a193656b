package compose

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotdb"
	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingdb"
)

// Depot is the depot staff's service: it moves RMAs through the lifecycle the repair domain's
// staff moves use, reads them through the RMA store whoever owns them, and ties the staff
// member's condition photos to the RMA through the uploads, and books the way back with the
// shipping domain (returnLabels).
func (c *capabilities) Depot() *depot.Service {
	return &depot.Service{
		Store: depotdb.NewStore(c.gdb), RMAs: c.Units(), Records: c.Units(), InWork: c.Units(), Mover: c.Lifecycle(), Photos: c.Attachments(),
		PhotoFiles: c.Attachments(), Labels: c.depotLabels(),
		PartsOrders: newDepotPartsOrders(c.gdb, c.log),
		Diagnoses:   c.Diagnoses(), Prices: newDepotPrices(c.gdb, c.Units()), Payments: depotPayments{paymentsdb.NewStore(c.gdb)},
		Quotes: revisedQuotes{c.Quotes()}, ReturnFee: c.cfg.ReturnFee(),
		Tx: db.NewTransactor(c.gdb), Log: c.log, Now: time.Now, Zone: policyOf(c.cfg, c.log).Calendar.Location,
	}
}

// returnLabels books the depot's ship-back with the shipping domain: depot → the RMA's address
// and contact as stored on it, the documents owned by the RMA's customer as the inbound label is.
type returnLabels struct {
	shipping *shipping.Service
	// docs finds the return label among the RMA's documents (shippingdb.Store).
	docs interface {
		DocumentsByRMA(ctx context.Context, rmaNumber string) ([]shipping.Document, error)
	}
	log *slog.Logger
}

func (r returnLabels) IssueReturn(ctx context.Context, rec rma.RMA) (depot.ReturnLabel, error) {
	docs, err := r.shipping.IssueDocuments(ctx, toReturnRequest(rec))
	if err != nil {
		return depot.ReturnLabel{}, err
	}
	return depot.ReturnLabel{LabelID: docs.LabelID, InvoiceID: docs.InvoiceID, TrackingNumber: docs.TrackingNumber}, nil
}

func (r returnLabels) Discard(ctx context.Context, l depot.ReturnLabel) {
	if err := r.shipping.Discard(ctx, shipping.Documents{LabelID: l.LabelID, InvoiceID: l.InvoiceID}); err != nil {
		// The shipping janitor's SweepOrphans deletes what is left.
		r.log.WarnContext(ctx, "return label not discarded", "label", l.LabelID, "err", err)
	}
}

// OpenLabel opens the label whose tracking the ship recorded on rec, as its owner (the RMA's
// customer): staff print it through the depot's route.
func (r returnLabels) OpenLabel(ctx context.Context, rec rma.RMA) (depot.LabelPDF, error) {
	docs, err := r.docs.DocumentsByRMA(ctx, rec.Number)
	if err != nil {
		return depot.LabelPDF{}, err
	}
	for _, d := range docs {
		if d.Kind != shipping.KindLabel || d.TrackingNumber != rec.ReturnTrackingNumber || rec.ReturnTrackingNumber == "" {
			continue
		}
		doc, err := r.shipping.OpenDocument(ctx, rec.Owner, d.ID)
		if errors.Is(err, shipping.ErrDocumentNotFound) {
			return depot.LabelPDF{}, depot.ErrNoReturnLabel
		}
		if err != nil {
			return depot.LabelPDF{}, err
		}
		return depot.LabelPDF{FileName: doc.Document.FileName(), Size: doc.Size, Body: doc.Body}, nil
	}
	return depot.LabelPDF{}, depot.ErrNoReturnLabel
}

func toReturnRequest(rec rma.RMA) shipping.IssueRequest {
	c := rec.Contact
	return shipping.IssueRequest{
		Owner: rec.Owner, RMANumber: rec.Number, Direction: shipping.ToCustomer, From: shipping.Address(rec.Address),
		Contact: shippingContact(c),
		Items: []shipping.DeclaredItem{{
			Description: "Rugged " + rec.Model + " (returned after service)",
			PartNumber:  rec.PartNumber, Serial: rec.Serial, Quantity: 1,
			UnitValueCents: declaredValueCents, CountryOfOrigin: "US",
		}},
	}
}

// noReturnLabels answers why the shipping domain could not be built (its carrier's
// configuration): ship refuses, every other depot route still works.
type noReturnLabels struct{ err error }

func (n noReturnLabels) IssueReturn(context.Context, rma.RMA) (depot.ReturnLabel, error) {
	return depot.ReturnLabel{}, n.err
}

func (noReturnLabels) Discard(context.Context, depot.ReturnLabel) {}

func (noReturnLabels) OpenLabel(context.Context, rma.RMA) (depot.LabelPDF, error) {
	return depot.LabelPDF{}, depot.ErrNoReturnLabel
}

// depotLabels is the depot's ReturnLabels, built once when the depot is mounted.
func (c *capabilities) depotLabels() depot.ReturnLabels {
	shipments, err := c.Shipments()
	if err != nil {
		c.log.Error("depot: no return labels", "err", err)
		return noReturnLabels{err}
	}
	return returnLabels{shipping: shipments, docs: shippingdb.NewStore(c.gdb), log: c.log}
}

// depotPartsOrders ships parts orders for the depot through the parts service's shipper, on the
// same database: the shipper's transactor joins the depot's transaction that ctx carries, so the
// order's move, the customer's e-mail and the depot's audit row commit or roll back together.
type depotPartsOrders struct{ shipper *parts.Shipper }

func newDepotPartsOrders(gdb *gorm.DB, log *slog.Logger) depotPartsOrders {
	return depotPartsOrders{&parts.Shipper{Store: partsdb.NewStore(gdb), Mail: mail.NewOutbox(gdb), Tx: db.NewTransactor(gdb), Log: log}}
}

func (d depotPartsOrders) ShipPartsOrder(ctx context.Context, actor string, s depot.PartsOrderShipment) (depot.ShippedPartsOrder, error) {
	o, err := d.shipper.Ship(ctx, parts.ShipRequest{ID: s.Number, Carrier: s.Carrier, TrackingNumber: s.TrackingNumber, Actor: actor})
	if err != nil {
		return depot.ShippedPartsOrder{}, err
	}
	out := depot.ShippedPartsOrder{Number: o.ID, Status: string(o.Status)}
	if sh := o.Shipment; sh != nil {
		out.Carrier, out.TrackingNumber, out.ShippedAt = sh.Carrier, sh.TrackingNumber, sh.ShippedAt
	}
	return out, nil
}
