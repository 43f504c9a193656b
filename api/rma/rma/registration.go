package rma

import (
	"context"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
)

// ErrAlreadyRegistered refuses a unit someone registered already. Its id is the account API's
// code (the account service answers it as it is), so the core names it as the customer reads it.
var ErrAlreadyRegistered = fault.New(fault.KindConflict, "account.alreadyRegistered", "This unit is already registered")

// Messages of the registration form's fields.
const (
	MsgPurchaseInFuture  = "Purchase date cannot be in the future"
	MsgPurchaseTooOld    = "Purchase date cannot be before 2000"
	MsgProofRequired     = "Must Attach Files"
	ProofFileIDMaxLength = 100 // the uploads key's column
)

// earliestPurchase is the first purchase date the registry can hold: no unit of the catalogue
// shipped before 2000, so an earlier date is a typo.
var earliestPurchase = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// latestOffset is how far ahead of UTC the calendar runs somewhere (UTC+14): a customer there
// may register a unit bought "today" while UTC still reads yesterday.
const latestOffset = 14 * time.Hour

// Registration is a unit a customer registered as theirs, with what they proved it by.
type Registration struct {
	Serial string
	// Owner is the subject who registered it; Org is the organization they registered it under
	// ("" for none), whose members see it too.
	Owner, Org   string
	PurchaseDate time.Time // a UTC date
	// ProofFileID names the proof of purchase in uploads, claimed by the caller in the same
	// transaction.
	ProofFileID  string
	RegisteredAt time.Time
	// Unit is the registry's unit as it stands now (warranty, model), filled by List.
	Unit Unit
}

// Mine reports whether v registered it (rather than a member of v's organization).
func (r Registration) Mine(v Viewer) bool { return v.Owns(r.Owner) }

// RegistrationStore is what registrations need from persistence. Every method joins the
// transaction its ctx carries.
type RegistrationStore interface {
	// UnitBySerial returns ErrUnitNotFound when the registry has no such serial.
	UnitBySerial(ctx context.Context, serial string) (Unit, error)
	// CreateRegistration stores r; ErrAlreadyRegistered when its serial is registered already,
	// by anyone, without breaking the transaction.
	CreateRegistration(ctx context.Context, r Registration) error
	// Registrations lists what v registered and, for a member, their organization, with each
	// unit, newest first.
	Registrations(ctx context.Context, v Viewer) ([]Registration, error)
}

// Registrations lets customers register units as theirs: registered units count as the
// customer's for the dashboard and the drivers page.
type Registrations struct {
	store RegistrationStore
	tx    db.Transactor
	now   func() time.Time
}

// NewRegistrations wires registrations. now may be nil (time.Now).
func NewRegistrations(store RegistrationStore, tx db.Transactor, now func() time.Time) *Registrations {
	if now == nil {
		now = time.Now
	}
	return &Registrations{store: store, tx: tx, now: now}
}

// Register records the unit rawSerial names (read as ParseSerial reads it) as v's, bought on
// purchaseDate (its date counts, read in UTC), proven by the uploaded file proofFileID. It joins
// the transaction ctx carries, so the caller claims the proof file in the same commit. Field rules answer a validation fault (serial,
// purchaseDate, proofFileId); an unknown serial ErrUnitNotFound; a unit anyone registered
// already ErrAlreadyRegistered.
func (r *Registrations) Register(ctx context.Context, v Viewer, rawSerial string, purchaseDate time.Time, proofFileID string) (Registration, error) {
	proofFileID = strings.TrimSpace(proofFileID)
	now := r.now().UTC()
	// The serial is read with the form's other fields, so one answer names every field at fault.
	var errs validate.Errors
	serial, isSerial := parseSerial(&errs, rawSerial)
	validateRegistration(&errs, purchaseDate, proofFileID, now)
	if err := errs.Err(); err != nil {
		return Registration{}, err
	}
	if !isSerial {
		return Registration{}, ErrUnitNotFound
	}
	reg := Registration{
		Serial: serial.String(), Owner: v.Subject, Org: v.Org, PurchaseDate: dateOf(purchaseDate),
		ProofFileID: proofFileID, RegisteredAt: now,
	}
	err := r.tx.InTx(ctx, func(ctx context.Context) error {
		unit, err := r.store.UnitBySerial(ctx, serial.String())
		if err != nil {
			return err
		}
		reg.Unit = unit
		return r.store.CreateRegistration(ctx, reg)
	})
	if err != nil {
		return Registration{}, err
	}
	return reg, nil
}

// List returns v's registrations and their organization's, newest first.
func (r *Registrations) List(ctx context.Context, v Viewer) ([]Registration, error) {
	if v.Subject == "" {
		return nil, nil
	}
	return r.store.Registrations(ctx, v)
}

// validateRegistration adds the purchase date's and the proof's field rules to v.
func validateRegistration(v *validate.Errors, purchaseDate time.Time, proofFileID string, now time.Time) {
	switch day := dateOf(purchaseDate); {
	case purchaseDate.IsZero():
		v.Add("purchaseDate", validate.MsgRequired)
	case day.After(dateOf(now.Add(latestOffset))):
		v.Add("purchaseDate", MsgPurchaseInFuture)
	case day.Before(earliestPurchase):
		v.Add("purchaseDate", MsgPurchaseTooOld)
	}
	if proofFileID == "" {
		v.Add("proofFileId", MsgProofRequired)
	}
	v.MaxLen("proofFileId", proofFileID, ProofFileIDMaxLength)
}
