package account

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/uploads/uploads"
)

// ErrPhotoNotFound answers for a photo that is not one of the diagnosis's.
var ErrPhotoNotFound = fault.New(fault.KindNotFound, "account.photoNotFound", "Photo not found.")

// Diagnoses reads the technicians' diagnoses (rma.Diagnoses).
type Diagnoses interface {
	// Of is the RMA's diagnosis, nil when it has none; the caller checked who may see it.
	Of(ctx context.Context, number string) (*rma.Diagnosis, error)
	// OfOwner is owner's RMA's diagnosis; another owner's number answers rma.ErrRMANotFound.
	OfOwner(ctx context.Context, owner, number string) (*rma.Diagnosis, error)
}

// DiagnosisPhotos opens a photo the depot claimed to an RMA (uploads.Service).
type DiagnosisPhotos interface {
	OpenClaimed(ctx context.Context, bucketFileName, rmaNumber string) (io.ReadCloser, uploads.Attachment, error)
}

// Photo is a diagnosis photo ready to stream; the caller closes Body.
type Photo struct {
	// ContentType is what the uploads capability sniffed when it stored the bytes.
	ContentType string
	Size        int64
	Body        io.ReadCloser
}

// DiagnosisPhoto opens photo id of the diagnosis of the viewer's own RMA number: the customer
// is asked to pay on this evidence. Another's RMA (an organization's member's included) answers
// rma.ErrRMANotFound; a photo that is not one of its findings' ErrPhotoNotFound.
func (s *Service) DiagnosisPhoto(ctx context.Context, v Viewer, number, id string) (Photo, error) {
	number, id = strings.ToUpper(strings.TrimSpace(number)), strings.TrimPrefix(strings.TrimSpace(id), "/")
	if s.d.Diagnoses == nil || s.d.Photos == nil {
		return Photo{}, ErrPhotoNotFound
	}
	d, err := s.d.Diagnoses.OfOwner(ctx, v.Subject, number)
	if err != nil {
		return Photo{}, err
	}
	if d == nil || !slices.ContainsFunc(d.Findings, func(f rma.Finding) bool { return slices.Contains(f.Photos, id) }) {
		return Photo{}, ErrPhotoNotFound
	}
	body, a, err := s.d.Photos.OpenClaimed(ctx, id, number)
	if errors.Is(err, uploads.ErrNotFound) {
		return Photo{}, ErrPhotoNotFound
	}
	if err != nil {
		return Photo{}, err
	}
	return Photo{ContentType: a.ContentType, Size: a.Size, Body: body}, nil
}
