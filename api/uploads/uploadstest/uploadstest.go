// Package uploadstest offers other modules' tests what they need around uploads: an in-memory
// uploads.Store, a ready Service over a temporary bucket, tiny valid media files and
// purchase-order documents, and multipart bodies generated on the fly.
package uploadstest

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/uploads/uploads"
)

// Store is a map-backed uploads.Store. It has no transactions: use it with NoTx.
type Store struct {
	mu    sync.Mutex
	files map[string]uploads.Attachment
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{files: map[string]uploads.Attachment{}} }

// All returns every recorded file, ordered by name.
func (s *Store) All() []uploads.Attachment {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]uploads.Attachment, 0, len(s.files))
	for _, a := range s.files {
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b uploads.Attachment) int { return strings.Compare(a.BucketFileName, b.BucketFileName) })
	return out
}

// Insert implements uploads.Store.
func (s *Store) Insert(_ context.Context, as []uploads.Attachment) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range as {
		s.files[a.BucketFileName] = a
	}
	return nil
}

// Get implements uploads.Store.
func (s *Store) Get(_ context.Context, name string) (uploads.Attachment, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.files[name]
	if !ok {
		return uploads.Attachment{}, uploads.ErrNotFound
	}
	return a, nil
}

// GetMany implements uploads.Store.
func (s *Store) GetMany(_ context.Context, names []string) (map[string]uploads.Attachment, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]uploads.Attachment{}
	for _, n := range names {
		if a, ok := s.files[n]; ok {
			out[n] = a
		}
	}
	return out, nil
}

// SetRMANumber implements uploads.Store.
func (s *Store) SetRMANumber(_ context.Context, owner string, names []string, rmaNumber string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for _, name := range names {
		a, ok := s.files[name]
		if ok && a.Owner == owner && (a.RMANumber == "" || a.RMANumber == rmaNumber) {
			a.RMANumber = rmaNumber
			s.files[name] = a
			n++
		}
	}
	return n, nil
}

// HoldUntil implements uploads.Store.
func (s *Store) HoldUntil(_ context.Context, owner string, names []string, until time.Time) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for _, name := range names {
		a, ok := s.files[name]
		if ok && a.Owner == owner && !a.Claimed() {
			a.HeldUntil = until.UTC()
			s.files[name] = a
			n++
		}
	}
	return n, nil
}

// DeleteUnclaimed implements uploads.Store.
func (s *Store) DeleteUnclaimed(_ context.Context, owner, name string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.files[name]
	if !ok || a.Owner != owner || a.Claimed() {
		return false, nil
	}
	delete(s.files, name)
	return true, nil
}

// UnclaimedBefore implements uploads.Store.
func (s *Store) UnclaimedBefore(_ context.Context, t time.Time, limit int) ([]uploads.Attachment, error) {
	var out []uploads.Attachment
	for _, a := range s.All() {
		if !a.Claimed() && a.CreatedAt.Before(t) && !a.HeldUntil.After(t) {
			out = append(out, a)
		}
	}
	slices.SortStableFunc(out, func(a, b uploads.Attachment) int { return a.CreatedAt.Compare(b.CreatedAt) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// NoTx is a db.Transactor for stores without transactions: it runs fn as is.
type NoTx struct{}

// InTx implements db.Transactor.
func (NoTx) InTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

var _ db.Transactor = NoTx{}

// NewService returns a Service over a fresh bucket in a temp dir and an in-memory Store; now
// may be nil.
func NewService(tb testing.TB, now func() time.Time) (*uploads.Service, *Store, *blob.Bucket) {
	tb.Helper()
	bucket := Bucket(tb, tb.TempDir())
	store := NewStore()
	return uploads.NewService(bucket, store, NoTx{}, testkit.Quiet(), now), store, bucket
}

// Bucket opens a local-disk bucket in dir, closed when the test ends.
func Bucket(tb testing.TB, dir string) *blob.Bucket {
	tb.Helper()
	b, err := blob.Open(context.Background(), "", dir)
	if err != nil {
		tb.Fatalf("uploadstest: bucket: %v", err)
	}
	tb.Cleanup(func() { _ = b.Close() })
	return b
}
