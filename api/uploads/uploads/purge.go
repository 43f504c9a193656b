package uploads

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	gcblob "gocloud.dev/blob"
)

// How many records the purge reads, and how many swept blob names it looks up, at a time.
const (
	purgeBatch = 200
	sweepBatch = 100
)

// PurgeUnclaimed is the janitor: it deletes files of either kind (attachments and purchase
// orders) never tied to an RMA that were uploaded more than olderThan ago (the portal runs it
// with a day), and blobs of the last two months' folders older than that which have no record
// at all (left by a crash between storing and recording). olderThan must be far longer than any upload takes. It returns how many files
// it deleted.
func (s *Service) PurgeUnclaimed(ctx context.Context, olderThan time.Duration) (int, error) {
	cutoff := s.now().Add(-olderThan).UTC()
	purged := 0
	for {
		batch, err := s.store.UnclaimedBefore(ctx, cutoff, purgeBatch)
		if err != nil {
			return purged, fmt.Errorf("uploads: purge: %w", err)
		}
		for _, a := range batch {
			deleted, err := s.store.DeleteUnclaimed(ctx, a.Owner, a.BucketFileName)
			if err != nil {
				return purged, fmt.Errorf("uploads: purge: %w", err)
			}
			if deleted { // else claimed meanwhile: it stays
				s.deleteBlob(ctx, a.BucketFileName)
				purged++
			}
		}
		if len(batch) < purgeBatch {
			break
		}
	}
	swept, err := s.sweepOrphans(ctx, cutoff)
	if purged+swept > 0 {
		s.log.InfoContext(ctx, "unclaimed attachments purged", "records", purged, "orphans", swept)
	}
	return purged + swept, err
}

// sweepOrphans deletes blobs modified before cutoff that no record names, in each kind's month
// folders of cutoff and of the month before.
func (s *Service) sweepOrphans(ctx context.Context, cutoff time.Time) (int, error) {
	swept := 0
	for _, kind := range []Kind{KindAttachment, KindPurchaseOrder} {
		n, err := s.sweepKind(ctx, kind, cutoff)
		swept += n
		if err != nil {
			return swept, err
		}
	}
	return swept, nil
}

func (s *Service) sweepKind(ctx context.Context, kind Kind, cutoff time.Time) (int, error) {
	month := time.Date(cutoff.Year(), cutoff.Month(), 1, 0, 0, 0, 0, time.UTC)
	swept := 0
	for _, m := range []time.Time{month.AddDate(0, -1, 0), month} {
		var batch []string
		flush := func() error {
			if len(batch) == 0 {
				return nil
			}
			known, err := s.store.GetMany(ctx, batch)
			if err != nil {
				return fmt.Errorf("uploads: sweep: %w", err)
			}
			for _, key := range batch {
				if _, ok := known[key]; !ok {
					s.deleteBlob(ctx, key)
					swept++
				}
			}
			batch = batch[:0]
			return nil
		}
		it := s.bucket.List(&gcblob.ListOptions{Prefix: fmt.Sprintf("%s/%04d/%02d/", kind, m.Year(), int(m.Month()))})
		for {
			obj, err := it.Next(ctx)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return swept, fmt.Errorf("uploads: sweep: %w", err)
			}
			if obj.IsDir || !obj.ModTime.Before(cutoff) || !validKey(kind, obj.Key) {
				continue
			}
			if batch = append(batch, obj.Key); len(batch) == sweepBatch {
				if err := flush(); err != nil {
					return swept, err
				}
			}
		}
		if err := flush(); err != nil {
			return swept, err
		}
	}
	return swept, nil
}
