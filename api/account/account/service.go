package account

import (
	"log/slog"
	"time"

	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
)

// Deps are the Service's ports.
type Deps struct {
	Profiles     Profiles
	ProfileStore ProfileStore
	Addresses    AddressRules
	Branches     BranchStore
	Drivers      DriverStore
	// Tx runs a registration and the claim of its proof file as one.
	Tx            db.Transactor
	Registrations Registrations
	Proofs        ProofFiles
	History       History
	Stats         Stats
	Spend         Spend
	// Labels says until when an RMA's shipping label may be downloaded.
	Labels Labels
	// Diagnoses and Photos show a technician's diagnosis with its photos (diagnosis.go).
	Diagnoses Diagnoses
	Photos    DiagnosisPhotos
	// Files holds the driver downloads (blob keys of the catalogue).
	Files *blob.Bucket
	Log   *slog.Logger
	// Now may be nil (time.Now).
	Now func() time.Time
}

// Service is the account core.
type Service struct {
	d Deps
}

// NewService wires the core.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{d: d}
}

func (s *Service) now() time.Time { return s.d.Now() }

// Now is the service's clock, for what the transport stamps (a PDF's generation date).
func (s *Service) Now() time.Time { return s.d.Now() }
