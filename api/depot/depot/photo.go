package depot

import (
	"context"
	"errors"
	"io"
	"strings"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/uploads/uploads"
)

// ErrPhotoNotFound answers for a photo that belongs to no RMA, or does not exist.
var ErrPhotoNotFound = fault.New(fault.KindNotFound, "depot.photoNotFound", "Photo not found.")

// PhotoFiles opens the photos claimed to an RMA, whoever took them (uploads.Service).
type PhotoFiles interface {
	OpenClaimed(ctx context.Context, bucketFileName, rmaNumber string) (io.ReadCloser, uploads.Attachment, error)
}

// Photo is a stored photo ready to stream; the caller closes Body.
type Photo struct {
	// ContentType is what the uploads capability sniffed when it stored the bytes.
	ContentType string
	Size        int64
	Body        io.ReadCloser
}

// Photo opens a photo of any RMA (a receipt's or a finding's) for staff. A photo of no RMA
// answers ErrPhotoNotFound, as an unknown one does.
func (s *Service) Photo(ctx context.Context, id string) (Photo, error) {
	id = strings.TrimPrefix(strings.TrimSpace(id), "/")
	if s.PhotoFiles == nil {
		return Photo{}, ErrPhotoNotFound
	}
	body, a, err := s.PhotoFiles.OpenClaimed(ctx, id, "")
	if errors.Is(err, uploads.ErrNotFound) {
		return Photo{}, ErrPhotoNotFound
	}
	if err != nil {
		return Photo{}, err
	}
	return Photo{ContentType: a.ContentType, Size: a.Size, Body: body}, nil
}
