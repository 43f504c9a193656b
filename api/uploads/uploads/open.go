package uploads

import (
	"context"
	"errors"
	"fmt"
	"io"

	"gocloud.dev/gcerrors"
)

// Open streams a file back to its owner; anyone else gets ErrNotFound, as if it did not exist.
// The caller closes the reader.
func (s *Service) Open(ctx context.Context, owner, bucketFileName string) (io.ReadCloser, Attachment, error) {
	return s.open(ctx, owner, KindAttachment, bucketFileName)
}

func (s *Service) open(ctx context.Context, owner string, kind Kind, bucketFileName string) (io.ReadCloser, Attachment, error) {
	a, err := s.owned(ctx, owner, kind, bucketFileName)
	if err != nil {
		return nil, Attachment{}, err
	}
	r, err := s.bucket.NewReader(ctx, bucketFileName, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		s.log.WarnContext(ctx, "upload recorded but missing from the bucket", "key", bucketFileName)
		return nil, Attachment{}, ErrNotFound
	}
	if err != nil {
		return nil, Attachment{}, fmt.Errorf("uploads: open %s: %w", bucketFileName, err)
	}
	return r, a, nil
}

// OpenClaimed streams an attachment that belongs to an RMA, whoever uploaded it: the depot's
// staff read the photos of any RMA, and an RMA's customer the photos staff attached to it (the
// caller decides who may ask). rmaNumber, when set, is the RMA the file must belong to; ""
// accepts any RMA. A file of no RMA, of another RMA or of the other kind answers ErrNotFound, as
// an unknown one does. The caller closes the reader.
func (s *Service) OpenClaimed(ctx context.Context, bucketFileName, rmaNumber string) (io.ReadCloser, Attachment, error) {
	a, err := s.claimed(ctx, bucketFileName, rmaNumber)
	if err != nil {
		return nil, Attachment{}, err
	}
	return s.open(ctx, a.Owner, KindAttachment, bucketFileName)
}

func (s *Service) claimed(ctx context.Context, bucketFileName, rmaNumber string) (Attachment, error) {
	if !validKey(KindAttachment, bucketFileName) {
		return Attachment{}, ErrNotFound
	}
	a, err := s.store.Get(ctx, bucketFileName)
	if errors.Is(err, ErrNotFound) {
		return Attachment{}, ErrNotFound
	}
	if err != nil {
		return Attachment{}, fmt.Errorf("uploads: get: %w", err)
	}
	if a.Kind != KindAttachment || !a.Claimed() || (rmaNumber != "" && a.RMANumber != rmaNumber) {
		return Attachment{}, ErrNotFound
	}
	return a, nil
}
