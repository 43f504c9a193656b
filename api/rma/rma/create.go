package rma

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rugged.example/portal/api/pkg/idempotency"
)

// Create validates r with every rule of spec §5, creates the RMA in one transaction (number,
// lines, event, the unit marked, the attachments claimed), then issues the shipping documents
// and queues the customer's e-mail in a second one. A label failure leaves the RMA created and
// reports ShippingError, as spec §4 says. A unit out of warranty without the override is paid
// for first (PrepareOutOfWarranty), so it is refused here.
func (c *Creator) Create(ctx context.Context, r CreateRequest) (Created, error) {
	r.Trim()
	if created, ok, err := c.prior(ctx, r.Owner, r.IdempotencyKey); ok || err != nil {
		return created, err
	}
	created, err := c.create(ctx, r)
	if err != nil {
		// A concurrent request with the same key may have created the RMA meanwhile (and so
		// made this one find the unit taken): then its RMA is the answer.
		if prior, ok, perr := c.prior(ctx, r.Owner, r.IdempotencyKey); ok || perr != nil {
			return prior, perr
		}
	}
	return created, err
}

func (c *Creator) create(ctx context.Context, r CreateRequest) (Created, error) {
	unit, err := c.unitForNewRMA(ctx, r.Serial, r.RMAType)
	if err != nil {
		return Created{}, err
	}
	if r.RMAType == RMATypeUpgrade {
		return Created{}, ErrUpgradeIsPaid
	}
	if c.needsPayment(unit) {
		return Created{}, ErrPaymentRequired
	}
	p, err := c.prepare(ctx, r, unit, StatusAwaitingUnit, "")
	if err != nil {
		return Created{}, err
	}
	return c.open(ctx, p.RMA, unit, r.IdempotencyKey)
}

// unitForNewRMA reads the unit a new RMA of rmaType is for and applies RefusalForNewRMA.
func (c *Creator) unitForNewRMA(ctx context.Context, rawSerial, rmaType string) (Unit, error) {
	serial, err := ParseSerial(rawSerial)
	if err != nil {
		return Unit{}, err
	}
	unit, err := c.Store.UnitBySerial(ctx, serial.String())
	if err != nil {
		return Unit{}, err
	}
	if err := RefusalForNewRMA(unit, rmaType); err != nil {
		return Unit{}, err
	}
	return unit, nil
}

// needsPayment is spec §4 "Repair creation": only a unit out of warranty and without the
// out-of-warranty override is paid for before its RMA is released.
func (c *Creator) needsPayment(u Unit) bool {
	return !u.InWarranty(c.Now()) && !u.AllowOOW
}

// prepare validates trimmed r for unit with every rule, lets the carrier check the address,
// seals the credentials and returns the RMA to store with status, unnumbered. batchID names the
// fleet batch the RMA is created in ("" for one on its own): it ships in the batch's boxes.
func (c *Creator) prepare(ctx context.Context, r CreateRequest, unit Unit, status Status, batchID string) (Prepared, error) {
	method, price, err := c.validate(ctx, r, unit, batchID != "")
	if err != nil {
		return Prepared{}, err
	}
	if err := c.checkShipFrom(ctx, method, r.Address); err != nil {
		return Prepared{}, err
	}
	if err := c.seal(&r.Problem.Permissions); err != nil {
		return Prepared{}, err
	}
	if batchID != "" {
		method = ShipBatch
	}
	return Prepared{
		RMA: RMA{
			Owner: r.Owner, Org: r.Org, OpenedByName: openedByName(r.OpenedByName), Serial: unit.Serial, Model: unit.Model, PartNumber: unit.PartNumber, Type: r.RMAType,
			Status: status, Problem: r.Problem, ProblemPrice: price, Contact: r.Contact, Address: r.Address,
			Packaging: r.Packaging, Method: method, BatchID: batchID, CreatedAt: c.Now().UTC(),
		},
		Unit: unit,
	}, nil
}

// OpenedByNameMax is the longest opener's name an RMA keeps (the store's column), in characters.
const OpenedByNameMax = 70

// openedByName is the opener's display name as stored: trimmed, and cut to OpenedByNameMax
// characters, as a provider's names can be longer than the column.
func openedByName(name string) string {
	name = strings.TrimSpace(name)
	if r := []rune(name); len(r) > OpenedByNameMax {
		name = strings.TrimSpace(string(r[:OpenedByNameMax]))
	}
	return name
}

// prior answers a retried request with the RMA its idempotency key created, if any.
func (c *Creator) prior(ctx context.Context, owner string, key idempotency.Key) (Created, bool, error) {
	if key.IsZero() {
		return Created{}, false, nil
	}
	r, err := c.Store.RMAByIdempotencyKey(ctx, owner, key.String())
	switch {
	case err == nil:
		return Created{RMA: r}, true, nil
	case errors.Is(err, ErrRMANotFound):
		return Created{}, false, nil
	default:
		return Created{}, false, err
	}
}

// open creates rec in one transaction (number, lines, event, the unit marked, the attachments
// claimed), then ships it.
func (c *Creator) open(ctx context.Context, rec RMA, unit Unit, idempotencyKey idempotency.Key) (Created, error) {
	err := c.Tx.InTx(ctx, func(ctx context.Context) error { return c.insert(ctx, &rec, unit, idempotencyKey) })
	if errors.Is(err, ErrDuplicateRequest) {
		// A concurrent retry with the same key won the race: answer with its RMA.
		created, _, perr := c.prior(ctx, rec.Owner, idempotencyKey)
		return created, perr
	}
	if err != nil {
		return Created{}, err
	}
	c.Opened(ctx, rec)
	c.ship(ctx, &rec, unit)
	return Created{RMA: rec}, nil
}

// insert numbers and stores rec inside the transaction ctx carries: the RMA with its lines and
// idempotency key, the unit marked, the attachments claimed, the "created" event.
func (c *Creator) insert(ctx context.Context, rec *RMA, unit Unit, idempotencyKey idempotency.Key) error {
	number, err := c.Store.NextRMANumber(ctx)
	if err != nil {
		return err
	}
	rec.Number = number
	if rec.UID, err = NewUID(); err != nil {
		return err
	}
	if err := c.Store.CreateRMA(ctx, *rec, idempotencyKey.String()); err != nil {
		return err
	}
	// The override lets a repair in beside an open RMA, never an upgrade (unitForNewRMA).
	if err := c.Store.OpenUnitRMA(ctx, unit.Serial, number, unit.AllowOOW && rec.Type != RMATypeUpgrade); err != nil {
		return err
	}
	if len(rec.Problem.Attachments) > 0 {
		if err := c.Uploads.Claim(ctx, rec.Owner, rec.Problem.Attachments, number); err != nil {
			return prefixFields(err, "rmaInput.attachments")
		}
	}
	created := c.event(number, EventCreated, rec.Status, rec.Owner, CreatedDetail(rec.Type, unit.Serial))
	if rec.BatchID != "" {
		created.Detail, created.Note = CreatedInBatchDetail(rec.BatchID, rec.Type, unit.Serial), CreatedInBatchNote(rec.BatchID)
	}
	return c.Store.AddEvent(ctx, created)
}

// seal replaces the Windows and BIOS credentials with their sealed form.
func (c *Creator) seal(p *Permissions) error {
	for _, s := range []*string{&p.WindowsUser, &p.WindowsPassword, &p.BIOSPassword} {
		sealed, err := c.Secrets.Seal(*s)
		if err != nil {
			return fmt.Errorf("rma: seal credentials: %w", err)
		}
		*s = sealed
	}
	return nil
}
