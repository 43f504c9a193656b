package rma

import (
	"context"
	"errors"
)

// ship issues the documents and queues the e-mail in a transaction of its own; failures are
// recorded on the RMA, never returned, because the RMA exists either way. When the LabelRetrier
// recorded a label first (this step outlasted labelShippingGrace), rec becomes the RMA as
// stored, so the answer carries the label the customer was sent.
func (c *Creator) ship(ctx context.Context, rec *RMA, unit Unit) {
	err := c.Tx.InTx(ctx, func(ctx context.Context) error { return c.shipInTx(ctx, rec, unit) })
	if errors.Is(err, errLabelNotNeeded) {
		c.reread(ctx, rec)
		return
	}
	if err == nil {
		return
	}
	c.Log.ErrorContext(ctx, "shipping documents failed", "rma", rec.Number, "err", err)
	switch err := c.noteNoLabel(ctx, rec); {
	case errors.Is(err, errLabelNotNeeded):
		c.reread(ctx, rec)
	case err != nil:
		c.Log.ErrorContext(ctx, "shipping error not recorded", "rma", rec.Number, "err", err)
	}
}

// reread replaces rec with the RMA as stored, after a shipping step that may have lost to the
// LabelRetrier; if the read fails rec is answered as this step left it.
func (c *Creator) reread(ctx context.Context, rec *RMA) {
	stored, err := c.Store.RMAByNumber(ctx, rec.Owner, rec.Number)
	if err != nil {
		c.Log.WarnContext(ctx, "rma not read back after shipping", "rma", rec.Number, "err", err)
		return
	}
	*rec = stored
}

// shipInTx issues the documents and queues the e-mail inside the transaction ctx carries. A
// carrier that fails is recorded on the RMA (ShippingError, event) in that transaction, which
// then still commits; an error is returned only when the database fails, or errLabelNotNeeded
// when the RMA got its label from the LabelRetrier meanwhile: then nothing of this step may
// commit (no second e-mail, and the documents' rows roll back, so the shipping janitor's
// SweepOrphans deletes their PDFs). Release calls it with the row locked by its status change,
// which the retrier (it claims only RMAs awaiting the unit) cannot have overtaken.
func (c *Creator) shipInTx(ctx context.Context, rec *RMA, unit Unit) error {
	if rec.Method == ShipLabel || rec.Method == ShipQR {
		docs, err := c.Shipping.IssueDocuments(ctx, ShipmentRequest{
			Owner: rec.Owner, RMANumber: rec.Number, Method: rec.Method, From: rec.Address, Contact: rec.Contact, Unit: unit,
		})
		if err != nil {
			// The carrier call writes nothing of ours, so the transaction is still sound.
			c.Log.ErrorContext(ctx, "shipping documents failed", "rma", rec.Number, "err", err)
			return c.noteNoLabel(ctx, rec)
		}
		recorded, err := c.Store.SetShipping(ctx, rec.Number, docs.LabelID, docs.InvoiceID, docs.TrackingNumber, "")
		if err != nil {
			return err
		}
		if !recorded {
			return errLabelNotNeeded
		}
		if err := c.Store.AddEvent(ctx, c.event(rec.Number, EventLabelIssued, "", ActorSystem, LabelIssuedDetail(docs.TrackingNumber))); err != nil {
			return err
		}
		rec.LabelID, rec.InvoiceID, rec.TrackingNumber = docs.LabelID, docs.InvoiceID, docs.TrackingNumber
	}
	return c.Mail.Enqueue(ctx, rec.Contact.Email, "RMA "+rec.Number+" created", c.confirmationText(*rec))
}

// msgShippingError is what an RMA without its label says (spec §8 shows the customer the rest).
const msgShippingError = "The shipping label could not be created."

// noteNoLabel records on the RMA that it has no label; the store makes its retry due
// (LabelRetrier), and support sends one if the retries fail too. An RMA that got its label from
// the retrier meanwhile keeps it: that answers errLabelNotNeeded and records nothing.
func (c *Creator) noteNoLabel(ctx context.Context, rec *RMA) error {
	rec.LabelID, rec.InvoiceID, rec.TrackingNumber = "", "", ""
	rec.ShippingError = msgShippingError
	recorded, err := c.Store.SetShipping(ctx, rec.Number, "", "", "", rec.ShippingError)
	if err != nil {
		return err
	}
	if !recorded {
		return errLabelNotNeeded
	}
	return c.Store.AddEvent(ctx, c.event(rec.Number, EventLabelFailed, "", ActorSystem, "Label creation failed; it will be retried"))
}
