package depot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// Limits of what staff write on a receipt.
const (
	SerialMax = 50
	PhotosMax = 10
	DetailMax = 500
)

// MsgPhotoRequired is the refusal of a receipt without a condition photo.
const MsgPhotoRequired = "Add at least one photo of the unit's condition"

// ReceiveRequest is a scanned unit at the depot's door.
type ReceiveRequest struct {
	Number string
	// Serial is what the scanner read off the unit.
	Serial string
	// Photos are upload ids (bucketFileName) of the staff member's condition photos.
	Photos []string
	Notes  string
	// UnitWithoutRMA describes a unit that came with this number when no RMA has it (the
	// sender, the parcel's tracking): given, an unknown number is flagged for a lead; absent, it
	// is a mistyped number and only answers not found.
	UnitWithoutRMA string
}

func (r *ReceiveRequest) trim() {
	r.Number = strings.ToUpper(strings.TrimSpace(r.Number))
	r.Serial = strings.ToUpper(strings.TrimSpace(r.Serial))
	r.Notes = strings.TrimSpace(r.Notes)
	r.UnitWithoutRMA = strings.TrimSpace(r.UnitWithoutRMA)
	photos := r.Photos[:0:0]
	for _, p := range r.Photos {
		if p = strings.TrimSpace(p); p != "" {
			photos = append(photos, p)
		}
	}
	r.Photos = photos
}

func (r ReceiveRequest) validate() error {
	var v validate.Errors
	v.Required("serial", r.Serial)
	v.MaxLen("serial", r.Serial, SerialMax)
	switch {
	case len(r.Photos) == 0:
		v.Add("photos", MsgPhotoRequired)
	case len(r.Photos) > PhotosMax:
		v.Add("photos", fmt.Sprintf("Add at most %d photos", PhotosMax))
	}
	v.MaxLen("notes", r.Notes, rma.NoteMax)
	v.MaxLen("unitWithoutRma", r.UnitWithoutRMA, DetailMax)
	return v.Err()
}

// Receive records a unit's arrival: the RMA (whoever owns it) moves AWAITING_UNIT → RECEIVED
// through the lifecycle, and its event with the actor, the customer's e-mail, the photos, the
// notes and the audit row commit together. Of two concurrent scans of one unit only the first
// moves it; the second answers ErrNotAwaitingUnit. A serial that is not the RMA's is refused
// with ErrSerialMismatch and an unknown number with rma.ErrRMANotFound; both are flagged for a
// lead (an unknown number only when UnitWithoutRMA describes the unit) in a transaction of
// their own, so the refusal does not roll the flag back.
func (s *Service) Receive(ctx context.Context, who Staff, req ReceiveRequest) (rma.RMA, error) {
	req.trim()
	if err := req.validate(); err != nil {
		return rma.RMA{}, err
	}
	var moved rma.RMA
	var flag *Flag
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, err := s.RMAs.LockRMA(ctx, req.Number)
		if errors.Is(err, rma.ErrRMANotFound) && req.UnitWithoutRMA != "" {
			flag = &Flag{Kind: FlagUnitWithoutRMA, RMANumber: req.Number, Serial: req.Serial, Detail: req.UnitWithoutRMA}
		}
		if err != nil {
			return err
		}
		if !strings.EqualFold(rec.Serial, req.Serial) {
			flag = &Flag{Kind: FlagSerialMismatch, RMANumber: rec.Number, Serial: req.Serial, Expected: rec.Serial, Detail: req.Notes}
			return ErrSerialMismatch
		}
		if rec.Status != rma.StatusAwaitingUnit {
			return ErrNotAwaitingUnit
		}
		if moved, err = s.Mover.Advance(ctx, rma.Advance{Number: rec.Number, Status: rma.StatusReceived, Actor: who.Subject, Note: req.Notes}); err != nil {
			if errors.Is(err, rma.ErrBadTransition) {
				return ErrNotAwaitingUnit
			}
			return err
		}
		if err := s.Photos.Claim(ctx, who.Subject, req.Photos, rec.Number); err != nil {
			return asPhotosError(err)
		}
		now := s.Now().UTC()
		if err := s.Store.AddReceipt(ctx, Receipt{RMANumber: rec.Number, Serial: rec.Serial, Photos: req.Photos, Notes: req.Notes, Actor: who.Subject, At: now}); err != nil {
			return err
		}
		return s.Store.AddAudit(ctx, AuditEntry{
			At: now, Actor: who.Subject, ActorEmail: who.Email, Action: ActionReceive, RMANumber: rec.Number,
			From: rec.Status, To: rma.StatusReceived, Detail: fmt.Sprintf("Serial %s scanned, %d photo(s)", rec.Serial, len(req.Photos)),
		})
	})
	if flag != nil {
		if ferr := s.recordFlag(ctx, who, *flag); ferr != nil {
			return rma.RMA{}, errors.Join(err, ferr)
		}
	}
	return moved, err
}

// Flags lists the units flagged for a lead (another serial, no RMA), newest first.
func (s *Service) Flags(ctx context.Context) ([]Flag, error) { return s.Store.Flags(ctx) }

// recordFlag stores a flag and its audit row together.
func (s *Service) recordFlag(ctx context.Context, who Staff, f Flag) error {
	f.Actor, f.At = who.Subject, s.Now().UTC()
	action, detail := ActionSerialMismatch, fmt.Sprintf("Scanned serial %s, the RMA's is %s", f.Serial, f.Expected)
	if f.Kind == FlagUnitWithoutRMA {
		action, detail = ActionUnitWithoutRMA, fmt.Sprintf("Serial %s arrived with unknown RMA number: %s", f.Serial, f.Detail)
	}
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.AddFlag(ctx, f); err != nil {
			return err
		}
		return s.Store.AddAudit(ctx, AuditEntry{At: f.At, Actor: who.Subject, ActorEmail: who.Email, Action: action, RMANumber: f.RMANumber, Detail: detail})
	})
}

// asPhotosError names the uploads' refusal of an attachment by the receipt's field.
func asPhotosError(err error) error { return asFieldError(err, "photos") }
