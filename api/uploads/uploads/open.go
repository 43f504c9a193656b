package uploads

import (
	"context"
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
