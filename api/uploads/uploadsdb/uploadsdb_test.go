package uploadsdb_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadsdb"
	"rugged.example/portal/api/uploads/uploadstest"
)

var today = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func migrated(t *testing.T, gdb *gorm.DB) *uploadsdb.Store {
	t.Helper()
	require.NoError(t, uploadsdb.Migrate(t.Context(), gdb))
	return uploadsdb.NewStore(gdb)
}

func attachment(name, owner string, created time.Time) uploads.Attachment {
	return uploads.Attachment{
		BucketFileName: "rma/2026/11/" + name + ".png", Owner: owner, OriginalName: "dent 日本.png",
		ContentType: "image/png", Size: 1234, CreatedAt: created, Kind: uploads.KindAttachment,
	}
}

func name(i int) string {
	return "0000000" + string(rune('0'+i)) + "-0000-4000-8000-000000000000"
}

func TestIntegrationStore_RoundTripsEveryField(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		a := attachment(name(1), "casey", today.Add(123456*time.Microsecond))
		b := attachment(name(2), "mallory", today)
		b.RMANumber = "RMA-7"
		require.NoError(t, s.Insert(t.Context(), []uploads.Attachment{a, b}))

		for _, want := range []uploads.Attachment{a, b} {
			got, err := s.Get(t.Context(), want.BucketFileName)
			require.NoError(t, err)
			require.Equal(t, want, got)
		}
		_, err := s.Get(t.Context(), "rma/2026/11/missing.png")
		require.ErrorIs(t, err, uploads.ErrNotFound)

		many, err := s.GetMany(t.Context(), []string{a.BucketFileName, "rma/2026/11/missing.png", b.BucketFileName})
		require.NoError(t, err)
		require.Equal(t, map[string]uploads.Attachment{a.BucketFileName: a, b.BucketFileName: b}, many)
	})
}

func TestIntegrationStore_InsertIsAllOrNothing(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		a := attachment(name(1), "casey", today)
		require.NoError(t, s.Insert(t.Context(), []uploads.Attachment{a}))
		fresh := attachment(name(2), "casey", today)
		require.Error(t, s.Insert(t.Context(), []uploads.Attachment{fresh, a}), "duplicate name")
		_, err := s.Get(t.Context(), fresh.BucketFileName)
		require.ErrorIs(t, err, uploads.ErrNotFound)
	})
}

func TestIntegrationStore_SetRMANumberTakesOnlyOwnUnclaimedFiles(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		mine, theirs, taken := attachment(name(1), "casey", today), attachment(name(2), "mallory", today), attachment(name(3), "casey", today)
		taken.RMANumber = "RMA-1"
		require.NoError(t, s.Insert(t.Context(), []uploads.Attachment{mine, theirs, taken}))

		n, err := s.SetRMANumber(t.Context(), "casey", []string{mine.BucketFileName, theirs.BucketFileName, taken.BucketFileName}, "RMA-2")
		require.NoError(t, err)
		require.EqualValues(t, 1, n)
		n, err = s.SetRMANumber(t.Context(), "casey", []string{mine.BucketFileName}, "RMA-2")
		require.NoError(t, err)
		require.EqualValues(t, 1, n, "the same RMA again counts")

		got, err := s.GetMany(t.Context(), []string{mine.BucketFileName, theirs.BucketFileName, taken.BucketFileName})
		require.NoError(t, err)
		require.Equal(t, "RMA-2", got[mine.BucketFileName].RMANumber)
		require.Empty(t, got[theirs.BucketFileName].RMANumber)
		require.Equal(t, "RMA-1", got[taken.BucketFileName].RMANumber)
	})
}

func TestIntegrationStore_DeleteUnclaimed(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		mine, claimed := attachment(name(1), "casey", today), attachment(name(2), "casey", today)
		claimed.RMANumber = "RMA-1"
		require.NoError(t, s.Insert(t.Context(), []uploads.Attachment{mine, claimed}))

		tests := []struct {
			name, owner, file string
			deleted           bool
		}{
			{"someone else's", "mallory", mine.BucketFileName, false},
			{"claimed", "casey", claimed.BucketFileName, false},
			{"own unclaimed", "casey", mine.BucketFileName, true},
			{"already gone", "casey", mine.BucketFileName, false},
		}
		for _, tt := range tests {
			deleted, err := s.DeleteUnclaimed(t.Context(), tt.owner, tt.file)
			require.NoError(t, err)
			require.Equal(t, tt.deleted, deleted, tt.name)
		}
	})
}

func TestIntegrationStore_UnclaimedBeforeComparesTimesOnBothDatabases(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		older := attachment(name(1), "casey", today.Add(-48*time.Hour))
		old := attachment(name(2), "mallory", today.Add(-25*time.Hour))
		claimed := attachment(name(3), "casey", today.Add(-48*time.Hour))
		claimed.RMANumber = "RMA-1"
		recent := attachment(name(4), "casey", today.Add(-23*time.Hour))
		require.NoError(t, s.Insert(t.Context(), []uploads.Attachment{recent, claimed, old, older}))

		// A cutoff in another zone is the same instant.
		cutoff := today.Add(-24 * time.Hour).In(time.FixedZone("EST", -5*3600))
		got, err := s.UnclaimedBefore(t.Context(), cutoff, 10)
		require.NoError(t, err)
		require.Equal(t, []uploads.Attachment{older, old}, got)

		got, err = s.UnclaimedBefore(t.Context(), cutoff, 1)
		require.NoError(t, err)
		require.Equal(t, []uploads.Attachment{older}, got)
	})
}

func TestIntegrationStore_HeldFilesAreNotUnclaimedBeforeTheHoldEnds(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		held := attachment(name(1), "casey", today.Add(-48*time.Hour))
		ended := attachment(name(2), "casey", today.Add(-48*time.Hour))
		theirs := attachment(name(3), "mallory", today.Add(-48*time.Hour))
		require.NoError(t, s.Insert(t.Context(), []uploads.Attachment{held, ended, theirs}))

		n, err := s.HoldUntil(t.Context(), "casey", []string{held.BucketFileName, theirs.BucketFileName}, today.Add(time.Hour))
		require.NoError(t, err)
		require.EqualValues(t, 1, n, "only the owner's file is held")
		n, err = s.HoldUntil(t.Context(), "casey", []string{ended.BucketFileName}, today.Add(-25*time.Hour))
		require.NoError(t, err)
		require.EqualValues(t, 1, n)

		got, err := s.UnclaimedBefore(t.Context(), today.Add(-24*time.Hour), 10)
		require.NoError(t, err)
		ended.HeldUntil = today.Add(-25 * time.Hour)
		require.Equal(t, []uploads.Attachment{ended, theirs}, got)

		stored, err := s.Get(t.Context(), held.BucketFileName)
		require.NoError(t, err)
		require.Equal(t, today.Add(time.Hour), stored.HeldUntil)
	})
}

// The service over the real store, both databases: the claim rules and the caller's
// transaction.
func TestIntegrationService_ClaimJoinsTheCallersTransaction(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		tx := db.NewTransactor(gdb)
		svc := uploads.NewService(uploadstest.Bucket(t, t.TempDir()), s, tx, testkit.Quiet(), func() time.Time { return today })
		stored, err := svc.Upload(t.Context(), "casey", func(yield func(uploads.File, error) bool) {
			_ = yield(uploads.File{Name: "a.png", Content: bytes.NewReader(uploadstest.PNG())}, nil) &&
				yield(uploads.File{Name: "b.mp4", Content: bytes.NewReader(uploadstest.MP4())}, nil)
		})
		require.NoError(t, err)
		names := []string{stored[0].BucketFileName, stored[1].BucketFileName}

		// The RMA fails after the claim: its transaction rolls back, and the claim with it.
		rmaFailed := errors.New("rma insert failed")
		err = tx.InTx(t.Context(), func(ctx context.Context) error {
			require.NoError(t, svc.Claim(ctx, "casey", names, "RMA-1"))
			return rmaFailed
		})
		require.ErrorIs(t, err, rmaFailed)
		got, err := s.GetMany(t.Context(), names)
		require.NoError(t, err)
		for _, a := range got {
			require.False(t, a.Claimed())
		}

		require.NoError(t, tx.InTx(t.Context(), func(ctx context.Context) error {
			return svc.Claim(ctx, "casey", names, "RMA-2")
		}))

		tests := []struct {
			name, owner string
			names       []string
			msg         string
		}{
			{"another RMA", "casey", names[:1], uploads.MsgAttachmentTaken},
			{"someone else's", "mallory", names[:1], uploads.MsgAttachmentUnknown},
			{"unknown", "casey", []string{"rma/2026/11/00000000-0000-4000-8000-000000000000.png"}, uploads.MsgAttachmentUnknown},
		}
		for _, tt := range tests {
			err := svc.Claim(t.Context(), tt.owner, tt.names, "RMA-3")
			f, ok := fault.As(err)
			require.True(t, ok, tt.name)
			require.Equal(t, map[string]string{uploads.FieldAttachments: tt.msg}, f.Fields, tt.name)
		}
		got, err = s.GetMany(t.Context(), names)
		require.NoError(t, err)
		for _, a := range got {
			require.Equal(t, "RMA-2", a.RMANumber)
		}
	})
}

// Two RMAs racing for the same file: at most one gets it, and the file ends up with exactly
// the RMA whose claim succeeded.
func TestIntegrationService_ConcurrentClaimsTakeAFileOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		tx := db.NewTransactor(gdb)
		svc := uploads.NewService(uploadstest.Bucket(t, t.TempDir()), s, tx, testkit.Quiet(), nil)
		stored, err := svc.Upload(t.Context(), "casey", func(yield func(uploads.File, error) bool) {
			yield(uploads.File{Name: "a.png", Content: bytes.NewReader(uploadstest.PNG())}, nil)
		})
		require.NoError(t, err)
		name := stored[0].BucketFileName

		rmas := []string{"RMA-1", "RMA-2"}
		errs := make(chan error, len(rmas))
		start := make(chan struct{})
		for _, rma := range rmas {
			go func() {
				<-start
				errs <- tx.InTx(context.Background(), func(ctx context.Context) error {
					return svc.Claim(ctx, "casey", []string{name}, rma)
				})
			}()
		}
		close(start)
		var won []error
		for range rmas {
			won = append(won, <-errs)
		}
		succeeded := 0
		for _, err := range won {
			if err == nil {
				succeeded++
			}
		}
		require.LessOrEqual(t, succeeded, 1, "%v", won)
		a, err := s.Get(t.Context(), name)
		require.NoError(t, err)
		if succeeded == 1 {
			require.Contains(t, rmas, a.RMANumber)
		} else {
			require.False(t, a.Claimed())
		}
	})
}

func TestIntegrationStore_KeepsTheKindAndRowsBeforeItAreAttachments(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		po := attachment(name(1), "casey", today)
		po.BucketFileName, po.ContentType, po.Kind = "po/2026/11/"+name(1)+".pdf", "application/pdf", uploads.KindPurchaseOrder
		require.NoError(t, s.Insert(t.Context(), []uploads.Attachment{po}))
		got, err := s.Get(t.Context(), po.BucketFileName)
		require.NoError(t, err)
		require.Equal(t, po, got)

		// A row written by the release before migration 00002 names no kind: it is an attachment.
		require.NoError(t, gdb.Exec(`INSERT INTO uploads_attachments
			(bucket_file_name, owner_subject, original_name, content_type, size_bytes, created_at)
			VALUES (?, 'casey', 'a.png', 'image/png', 1, ?)`, "rma/2026/11/"+name(2)+".png", today).Error)
		got, err = s.Get(t.Context(), "rma/2026/11/"+name(2)+".png")
		require.NoError(t, err)
		require.Equal(t, uploads.KindAttachment, got.Kind)
	})
}

// The PO payment's claim over the real store, both databases: it commits or rolls back with the
// caller's transaction, and a claimed PO file survives the purge.
func TestIntegrationService_ClaimPurchaseOrderJoinsTheCallersTransaction(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		tx := db.NewTransactor(gdb)
		now := time.Now().UTC()
		clock := func() time.Time { return now }
		svc := uploads.NewService(uploadstest.Bucket(t, t.TempDir()), s, tx, testkit.Quiet(), clock)
		upload := func() string {
			a, err := svc.UploadPurchaseOrder(t.Context(), "olivia", func(yield func(uploads.File, error) bool) {
				yield(uploads.File{Name: "po.pdf", Content: bytes.NewReader(uploadstest.PDF())}, nil)
			})
			require.NoError(t, err)
			return a.BucketFileName
		}
		claimed, unclaimed := upload(), upload()

		paymentFailed := errors.New("payment insert failed")
		err := tx.InTx(t.Context(), func(ctx context.Context) error {
			require.NoError(t, svc.ClaimPurchaseOrder(ctx, "olivia", claimed, "RMA-1"))
			return paymentFailed
		})
		require.ErrorIs(t, err, paymentFailed)
		a, err := s.Get(t.Context(), claimed)
		require.NoError(t, err)
		require.False(t, a.Claimed(), "rolled back with the payment")

		require.NoError(t, tx.InTx(t.Context(), func(ctx context.Context) error {
			return svc.ClaimPurchaseOrder(ctx, "olivia", claimed, "RMA-1")
		}))
		err = svc.ClaimPurchaseOrder(t.Context(), "olivia", claimed, "RMA-2")
		require.Equal(t, map[string]string{uploads.FieldPOFile: uploads.MsgPOFileTaken}, mustFields(t, err))
		err = svc.ClaimPurchaseOrder(t.Context(), "casey", unclaimed, "RMA-2")
		require.Equal(t, map[string]string{uploads.FieldPOFile: uploads.MsgPOFileUnknown}, mustFields(t, err))

		now = now.Add(25 * time.Hour)
		n, err := svc.PurgeUnclaimed(t.Context(), 24*time.Hour)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		_, err = s.Get(t.Context(), unclaimed)
		require.ErrorIs(t, err, uploads.ErrNotFound)
		a, err = s.Get(t.Context(), claimed)
		require.NoError(t, err)
		require.Equal(t, "RMA-1", a.RMANumber)
		require.Equal(t, uploads.KindPurchaseOrder, a.Kind)
	})
}

func mustFields(t *testing.T, err error) map[string]string {
	t.Helper()
	f, ok := fault.As(err)
	require.True(t, ok, "%v is not a fault", err)
	return f.Fields
}
