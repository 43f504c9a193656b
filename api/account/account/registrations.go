package account

import (
	"context"
	"errors"
	"maps"
	"slices"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/uploads/uploads"
)

// Registrations is the rma capability's unit registrations; *rma.Registrations implements it.
type Registrations interface {
	// Register joins the transaction ctx carries.
	Register(ctx context.Context, v Viewer, serial string, purchaseDate time.Time, proofFileID string) (rma.Registration, error)
	List(ctx context.Context, v Viewer) ([]rma.Registration, error)
}

// ProofFiles are the uploads capability's purchase-order-style files, which a proof of purchase
// is (uploaded through POST /bucket-uploader/upload-to-common-gridfs).
type ProofFiles interface {
	// ClaimPurchaseOrder ties owner's file to claim in the transaction ctx carries, so the file
	// is kept from the purge; a validation fault when it is unknown, someone else's or taken.
	ClaimPurchaseOrder(ctx context.Context, owner, fileID, claim string) error
	// ProofNames maps file ids to the names the files were uploaded under; ids that are no
	// proof files are left out.
	ProofNames(ctx context.Context, fileIDs []string) (map[string]string, error)
}

// FieldProofFile is the registration form's field for the uploaded proof.
const FieldProofFile = "proofFileId"

// RegistrationClaim is what a proof of purchase is claimed for in uploads (its RMA number
// column): the registration of serial. It keeps the file for as long as the registration.
func RegistrationClaim(serial string) string { return "REG-" + serial }

// Registration is a registered unit with the name its proof was uploaded under.
type Registration struct {
	rma.Registration
	ProofFileName string
}

// Register records serial as the viewer's in one transaction with the claim of its proof file:
// either both commit or neither. An unknown serial is the field error 'Serial Not Found'.
func (s *Service) Register(ctx context.Context, v Viewer, serial string, purchaseDate time.Time, proofFileID string) (Registration, error) {
	var reg rma.Registration
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		reg, err = s.d.Registrations.Register(ctx, v, serial, purchaseDate, proofFileID)
		if err != nil {
			return err
		}
		return proofField(s.d.Proofs.ClaimPurchaseOrder(ctx, v.Subject, reg.ProofFileID, RegistrationClaim(reg.Serial)))
	})
	switch {
	case errors.Is(err, rma.ErrUnitNotFound):
		return Registration{}, fault.Validation(map[string]string{"serial": rma.ErrUnitNotFound.Message})
	case err != nil:
		return Registration{}, err
	}
	names, err := s.d.Proofs.ProofNames(ctx, []string{reg.ProofFileID})
	if err != nil {
		return Registration{}, err
	}
	return Registration{Registration: reg, ProofFileName: names[reg.ProofFileID]}, nil
}

// Registrations lists the viewer's registered units and their organization's.
func (s *Service) Registrations(ctx context.Context, v Viewer) ([]Registration, error) {
	regs, err := s.d.Registrations.List(ctx, v)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(regs))
	for _, r := range regs {
		ids = append(ids, r.ProofFileID)
	}
	names, err := s.d.Proofs.ProofNames(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Registration, 0, len(regs))
	for _, r := range regs {
		out = append(out, Registration{Registration: r, ProofFileName: names[r.ProofFileID]})
	}
	return out, nil
}

// Messages of a proof of purchase the uploads claim refuses, in the registration's words (the
// uploads capability speaks of purchase orders and RMAs).
const (
	MsgProofUnknown = "The proof of purchase was not found. Please upload it again."
	MsgProofTaken   = "This proof of purchase is already used. Please upload it again."
)

// proofField moves the uploads claim's refusal onto the registration form's field.
func proofField(err error) error {
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.KindInvalid {
		return err
	}
	msg := MsgProofUnknown
	if slices.Contains(slices.Collect(maps.Values(f.Fields)), uploads.MsgPOFileTaken) {
		msg = MsgProofTaken
	}
	return fault.Validation(map[string]string{FieldProofFile: msg})
}
