package uploads

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gocloud.dev/gcerrors"

	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
)

// Service stores, hands back and ties to RMAs the files customers attach.
type Service struct {
	bucket *blob.Bucket
	store  Store
	tx     db.Transactor
	log    *slog.Logger
	now    func() time.Time
}

// cleanupTimeout bounds deleting what a failed request stored, which runs even after the
// client has gone.
const cleanupTimeout = 30 * time.Second

// NewService wires the service. tx runs Claim in one transaction (joining the caller's); now
// may be nil (time.Now).
func NewService(bucket *blob.Bucket, store Store, tx db.Transactor, log *slog.Logger, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{bucket: bucket, store: store, tx: tx, log: log, now: now}
}

// owned returns owner's file of that kind, or ErrNotFound for a malformed name, an unknown
// file, a file of the other kind or someone else's file alike.
func (s *Service) owned(ctx context.Context, owner string, kind Kind, bucketFileName string) (Attachment, error) {
	if owner == "" || !validKey(kind, bucketFileName) {
		return Attachment{}, ErrNotFound
	}
	a, err := s.store.Get(ctx, bucketFileName)
	if errors.Is(err, ErrNotFound) {
		return Attachment{}, ErrNotFound
	}
	if err != nil {
		return Attachment{}, fmt.Errorf("uploads: get: %w", err)
	}
	if a.Owner != owner || a.Kind != kind {
		return Attachment{}, ErrNotFound
	}
	return a, nil
}

// deleteBlob deletes key, outliving ctx's cancellation; a missing blob is fine. Failures are
// logged: PurgeUnclaimed sweeps what is left.
func (s *Service) deleteBlob(ctx context.Context, key string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
	defer cancel()
	if err := s.bucket.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		s.log.WarnContext(ctx, "upload blob not deleted", "key", key, "err", err)
	}
}
