package uploads

import (
	"context"
	"fmt"
)

// Remove deletes an unclaimed file of owner (the browser's remove button). Someone else's or
// an unknown file is ErrNotFound; a file already part of an RMA is ErrClaimed.
func (s *Service) Remove(ctx context.Context, owner, bucketFileName string) error {
	a, err := s.owned(ctx, owner, KindAttachment, bucketFileName)
	if err != nil {
		return err
	}
	if a.Claimed() {
		return ErrClaimed
	}
	deleted, err := s.store.DeleteUnclaimed(ctx, owner, bucketFileName)
	if err != nil {
		return fmt.Errorf("uploads: remove: %w", err)
	}
	if !deleted {
		// Claimed or removed since we looked: say which.
		if a, err := s.owned(ctx, owner, KindAttachment, bucketFileName); err == nil && a.Claimed() {
			return ErrClaimed
		}
		return ErrNotFound
	}
	// The record goes first: a blob without a record is swept by PurgeUnclaimed, a record
	// without a blob would be a broken link.
	s.deleteBlob(ctx, bucketFileName)
	return nil
}
