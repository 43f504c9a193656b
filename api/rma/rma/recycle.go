package rma

import (
	"context"
	"slices"
	"strings"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/pkg/validate"
)

// The fixed values of a recycle request (spec §3 "Recycle payload", §9).
const (
	RMATypeRecycle       = "RECYCLE"
	RMATypeRecycleCredit = "RECYCLE_CREDIT"
	recycleField         = "RECYCLE"
	// TPMDepot is where recycled units go unless an administrator names another facility.
	TPMDepot = "DEPOT-RR"
)

// RecycleTPMs are the destination facilities an administrator may send a recycled unit to.
var RecycleTPMs = []string{TPMDepot, "ECOCYCLE-DAL", "GREENLOOP-RNO"}

// recycleTypes are the RMA types an administrator may choose for a recycle request.
var recycleTypes = []string{RMATypeRecycle, RMATypeRecycleCredit}

// ErrInWarranty refuses to recycle a unit that is still covered: the customer should open a
// repair instead (spec §4 "Recycle flow: allowed only when iw is false").
var ErrInWarranty = fault.New(fault.KindConflict, "rma.inWarranty", "This unit is still in warranty, so it cannot be recycled here. Open a repair instead.")

// Override is what an administrator may change about a recycle request.
type Override struct {
	RMAType string
	TPM     string
}

// RecycleRequest is one submission of the recycle wizard.
type RecycleRequest struct {
	// Owner comes from the token, never from the body.
	Owner string
	// Org is the signed-in user's organization, from the token too; "" for none.
	Org string
	// OpenedByName is the signed-in user's display name, from the token too.
	OpenedByName string
	// MayOverride is true when the caller holds the override permission; overrides from anyone
	// else are ignored.
	MayOverride    bool
	IdempotencyKey idempotency.Key
	Serial         string
	Accessories    Accessories
	Attachments    []string
	Contact        Contact
	Address        Address
	Override       *Override
}

// Recycle creates a recycle RMA: the problem fields are fixed to RECYCLE, the packaging to the
// customer's own box with a label, and only units out of warranty qualify.
func (c *Creator) Recycle(ctx context.Context, r RecycleRequest) (Created, error) {
	shared := CreateRequest{Contact: r.Contact, Address: r.Address}
	shared.Trim()
	r.Contact, r.Address = shared.Contact, shared.Address
	if created, ok, err := c.prior(ctx, r.Owner, r.IdempotencyKey); ok || err != nil {
		return created, err
	}
	serial, err := ParseSerial(r.Serial)
	if err != nil {
		return Created{}, err
	}
	unit, err := c.Store.UnitBySerial(ctx, serial.String())
	if err != nil {
		return Created{}, err
	}
	switch {
	case unit.InWarranty(c.Now()):
		return Created{}, ErrInWarranty
	case unit.RMAExists() && !unit.AllowOOW:
		return Created{}, ErrNotValidForNewRMA
	}

	rmaType, tpm := RMATypeRecycle, TPMDepot
	var v validate.Errors
	if r.MayOverride && r.Override != nil {
		rmaType, tpm = strings.ToUpper(strings.TrimSpace(r.Override.RMAType)), strings.ToUpper(strings.TrimSpace(r.Override.TPM))
		if rmaType == "" {
			rmaType = RMATypeRecycle
		}
		if tpm == "" {
			tpm = TPMDepot
		}
		if !slices.Contains(recycleTypes, rmaType) {
			v.Add("override.rmaType", "Choose Recycle or Recycle with credit")
		}
		if !slices.Contains(RecycleTPMs, tpm) {
			v.Add("override.tpm", "Choose a destination from the list")
		}
	}
	ValidateContact(&v, "contact.", r.Contact)
	ValidateAddress(&v, c.Addresses, r.Address)
	if err := v.Err(); err != nil {
		return Created{}, err
	}

	packaging := Packaging{HavePackaging: true}
	method := c.shippingMethod(r.Address, unit)
	if method == "" {
		method = ShipLabel
	}
	if err := c.checkShipFrom(ctx, method, r.Address); err != nil {
		return Created{}, err
	}
	return c.open(ctx, RMA{
		Owner: r.Owner, Org: r.Org, OpenedByName: openedByName(r.OpenedByName), Serial: unit.Serial, Model: unit.Model, PartNumber: unit.PartNumber, Type: rmaType,
		Status: StatusAwaitingUnit, TPM: tpm, Contact: r.Contact, Address: r.Address, Packaging: packaging, Method: method,
		Problem: Problem{
			PrimaryFault: recycleField, Problem: recycleField, InitialNotes: recycleField,
			Accessories: r.Accessories, Attachments: r.Attachments,
		},
		CreatedAt: c.Now().UTC(),
	}, unit, r.IdempotencyKey)
}
