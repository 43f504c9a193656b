package shippingdb_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/shipping/freightcarrier"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingdb"
	"rugged.example/portal/api/shipping/shippingtest"
)

func migrated(t *testing.T, gdb *gorm.DB) *shippingdb.Store {
	t.Helper()
	require.NoError(t, shippingdb.Migrate(t.Context(), gdb))
	return shippingdb.NewStore(gdb)
}

var issued = time.Date(2026, 11, 22, 15, 4, 5, 0, time.UTC)

func doc(id, kind string) shipping.Document {
	return shipping.Document{
		ID: id, Owner: "auth0|casey", RMANumber: "RMA-100001", Kind: shipping.DocumentKind(kind),
		TrackingNumber: "RF00000000018", IssuedAt: issued, ExpiresAt: issued.Add(shipping.LabelValidity),
	}
}

const (
	labelID   = "0123456789abcdef0123456789abcdef"
	invoiceID = "fedcba9876543210fedcba9876543210"
)

// One suite, both databases: the store reads back exactly what it wrote.
func TestIntegrationStore_RoundTripsDocuments(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		want := []shipping.Document{doc(labelID, "label"), doc(invoiceID, "invoice")}
		require.NoError(t, s.CreateDocuments(t.Context(), want))
		for _, w := range want {
			got, err := s.Document(t.Context(), w.ID)
			require.NoError(t, err)
			require.Equal(t, w, got)
		}
		byRMA, err := s.DocumentsByRMA(t.Context(), "RMA-100001")
		require.NoError(t, err)
		require.Len(t, byRMA, 2)

		_, err = s.Document(t.Context(), "00000000000000000000000000000000")
		require.ErrorIs(t, err, shipping.ErrDocumentNotFound)

		exists, err := s.ExistingDocuments(t.Context(), []string{labelID, "00000000000000000000000000000000"})
		require.NoError(t, err)
		require.Equal(t, map[string]bool{labelID: true}, exists)
	})
}

func TestIntegrationStore_CreateDocumentsIsAllOrNothing(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		require.NoError(t, s.CreateDocuments(t.Context(), []shipping.Document{doc(labelID, "label")}))
		err := s.CreateDocuments(t.Context(), []shipping.Document{doc(invoiceID, "invoice"), doc(labelID, "label")})
		require.Error(t, err)
		_, err = s.Document(t.Context(), invoiceID)
		require.ErrorIs(t, err, shipping.ErrDocumentNotFound)
	})
}

func TestIntegrationSequence_CountsUpAcrossRestarts(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		seq := shippingdb.NewSequence(gdb)
		for want := int64(1); want <= 3; want++ {
			n, err := seq.Next(t.Context())
			require.NoError(t, err)
			require.Equal(t, want, n)
		}
		// A restart migrates again and builds a new sequence: numbering goes on.
		migrated(t, gdb)
		n, err := shippingdb.NewSequence(gdb).Next(t.Context())
		require.NoError(t, err)
		require.EqualValues(t, 4, n)
	})
}

type stack struct {
	svc    *shipping.Service
	store  *shippingdb.Store
	bucket *blob.Bucket
	now    time.Time
}

// newStack is the real thing: gorm store, Rugged Freight on the persisted sequence, blobs on disk.
func newStack(t *testing.T, gdb *gorm.DB) *stack {
	t.Helper()
	bucket, err := blob.Open(t.Context(), "", t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { _ = bucket.Close() })
	st := &stack{store: migrated(t, gdb), bucket: bucket, now: issued}
	st.svc = shipping.NewService(st.store, freightcarrier.New(shippingdb.NewSequence(gdb), ""), bucket, testkit.Quiet(),
		shipping.Config{Now: func() time.Time { return st.now }})
	return st
}

func TestIntegrationIssueDocuments_TrackingNumbersAreUniqueUnderConcurrentIssue(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		st := newStack(t, gdb)
		const workers, each = 6, 4
		var mu sync.Mutex
		seen := map[string]bool{}
		var wg sync.WaitGroup
		errs := make(chan error, workers*each)
		for w := range workers {
			wg.Go(func() {
				for i := range each {
					req := shippingtest.Request("casey", "RMA-"+string(rune('A'+w))+string(rune('0'+i)))
					docs, err := st.svc.IssueDocuments(t.Context(), req)
					if err != nil {
						errs <- err
						return
					}
					mu.Lock()
					seen[docs.TrackingNumber] = true
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			require.NoError(t, err)
		}
		require.Len(t, seen, workers*each, "every shipment has its own tracking number")
		for trk := range seen {
			require.True(t, freightcarrier.Valid("RF", trk), trk)
		}
	})
}

func TestIntegrationIssueDocuments_JoinsTheCallersTransaction(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		st := newStack(t, gdb)
		tx := db.NewTransactor(gdb)
		req := shippingtest.Request("casey", "RMA-300001")
		req.From = shipping.Address{Line1: "100 King St W", City: "Toronto", State: "ON", PostalCode: "M5X 1A9", Country: "CA"}

		// The RMA create fails after the documents were issued: nothing of them may survive.
		var rolledBack shipping.Documents
		boom := errors.New("rma insert failed")
		err := tx.InTx(t.Context(), func(ctx context.Context) error {
			var err error
			rolledBack, err = st.svc.IssueDocuments(ctx, req)
			require.NoError(t, err)
			return boom
		})
		require.ErrorIs(t, err, boom)
		exists, err := st.store.ExistingDocuments(t.Context(), []string{rolledBack.LabelID, rolledBack.InvoiceID})
		require.NoError(t, err)
		require.Empty(t, exists, "the rows rolled back with the caller's transaction")
		for _, id := range []string{rolledBack.LabelID, rolledBack.InvoiceID} {
			ok, err := st.bucket.Exists(t.Context(), shipping.BlobKey(id))
			require.NoError(t, err)
			require.True(t, ok, "the PDFs are still there until Discard")
		}
		require.NoError(t, st.svc.Discard(t.Context(), rolledBack))
		for _, id := range []string{rolledBack.LabelID, rolledBack.InvoiceID} {
			ok, err := st.bucket.Exists(t.Context(), shipping.BlobKey(id))
			require.NoError(t, err)
			require.False(t, ok)
		}

		// The same flow committing keeps everything.
		var committed shipping.Documents
		require.NoError(t, tx.InTx(t.Context(), func(ctx context.Context) error {
			var err error
			committed, err = st.svc.IssueDocuments(ctx, req)
			return err
		}))
		require.NoError(t, st.svc.Discard(t.Context(), committed))
		got, err := st.svc.OpenDocument(t.Context(), "casey", committed.InvoiceID)
		require.NoError(t, err)
		require.NoError(t, got.Body.Close())
		require.NotEqual(t, rolledBack.LabelID, committed.LabelID)
	})
}

func TestIntegrationOpenDocument_ExpiryAndOwnershipSurviveTheDatabase(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		st := newStack(t, gdb)
		docs, err := st.svc.IssueDocuments(t.Context(), shippingtest.Request("casey", "RMA-1"))
		require.NoError(t, err)

		_, err = st.svc.OpenDocument(t.Context(), "mallory", docs.LabelID)
		require.ErrorIs(t, err, shipping.ErrDocumentNotFound)

		st.now = docs.ExpiresAt
		got, err := st.svc.OpenDocument(t.Context(), "casey", docs.LabelID)
		require.NoError(t, err)
		require.Equal(t, "RMA-1-label.pdf", got.Document.FileName())
		require.NoError(t, got.Body.Close())

		st.now = docs.ExpiresAt.Add(time.Second)
		_, err = st.svc.OpenDocument(t.Context(), "casey", docs.LabelID)
		require.ErrorIs(t, err, shipping.ErrDocumentExpired)
	})
}

func TestIntegrationIssueBoxDocuments_OneRowInTheCallersTransactionAndATrackingNumberPerBox(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		st := newStack(t, gdb)
		tx := db.NewTransactor(gdb)
		req := shippingtest.BoxesRequest("olivia", "BT-7K2M9Q4X", 25, 10, true)

		// The batch's completion fails after the documents were issued: nothing of them survives.
		var rolledBack shipping.BoxDocuments
		boom := errors.New("recording the boxes failed")
		err := tx.InTx(t.Context(), func(ctx context.Context) error {
			var err error
			rolledBack, err = st.svc.IssueBoxDocuments(ctx, req)
			require.NoError(t, err)
			return boom
		})
		require.ErrorIs(t, err, boom)
		byBatch, err := st.store.DocumentsByBatch(t.Context(), "BT-7K2M9Q4X")
		require.NoError(t, err)
		require.Empty(t, byBatch, "the row rolled back with the caller's transaction")
		require.NoError(t, st.svc.DiscardBoxDocuments(t.Context(), rolledBack))
		ok, err := st.bucket.Exists(t.Context(), shipping.BlobKey(rolledBack.DocumentID))
		require.NoError(t, err)
		require.False(t, ok, "Discard removed the PDF nobody recorded")

		var committed shipping.BoxDocuments
		require.NoError(t, tx.InTx(t.Context(), func(ctx context.Context) error {
			var err error
			committed, err = st.svc.IssueBoxDocuments(ctx, req)
			return err
		}))
		require.Len(t, committed.Tracking, 3)
		seen := map[string]bool{}
		for box, trk := range committed.Tracking {
			require.True(t, freightcarrier.Valid("RF", trk), "box %d: %s", box, trk)
			seen[trk] = true
		}
		require.Len(t, seen, 3, "every box has its own tracking number")

		byBatch, err = st.store.DocumentsByBatch(t.Context(), "BT-7K2M9Q4X")
		require.NoError(t, err)
		require.Equal(t, []shipping.Document{{
			ID: committed.DocumentID, Owner: "olivia", BatchID: "BT-7K2M9Q4X", Kind: shipping.KindBatch,
			IssuedAt: issued, ExpiresAt: issued.Add(shipping.LabelValidity),
		}}, byBatch)

		got, err := st.svc.OpenDocument(t.Context(), "olivia", committed.DocumentID)
		require.NoError(t, err)
		require.Equal(t, "BT-7K2M9Q4X-labels.pdf", got.Document.FileName())
		require.NoError(t, got.Body.Close())
		_, err = st.svc.OpenDocument(t.Context(), "diego", committed.DocumentID)
		require.ErrorIs(t, err, shipping.ErrDocumentNotFound)
	})
}
