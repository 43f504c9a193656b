package batchdb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/batch/batchdb"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

func sample(id, owner, org string, at time.Time, statuses ...batch.RowStatus) batch.Batch {
	price := money.USD(260_10)
	b := batch.Batch{
		ID: id, Owner: owner, Org: org, CreatedBy: "Olivia Reyes", CreatedAt: at,
		Contact:   rma.Contact{FirstName: "Olivia", LastName: "Reyes", Email: "olivia@fleetco.example", Phone: "5125550142", PhoneCountryCode: "US"},
		Address:   rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
		Packaging: batch.Packaging{Kind: batch.OwnBoxes, UnitsPerBox: 10}, AcknowledgeHDDBackup: true,
		Payment: &batch.Payment{QuoteID: "QT-" + id, Amount: price, Status: batch.QuoteOpen, ExpiresAt: at.Add(30 * 24 * time.Hour)},
	}
	for i, s := range statuses {
		r := batch.BatchRow{Index: i, Row: batch.Row{Serial: "RT1000000" + string(rune('1'+i)), Notes: "=cell as written"}, Status: s, Entitlement: batch.InWarranty}
		if s == batch.RowFailed {
			r.Reasons = []batch.Reason{{Field: "serial", Message: "Serial Not Found"}}
		}
		if i == 1 {
			r.Price, r.Entitlement = &price, batch.OutOfWarranty
		}
		b.Rows = append(b.Rows, r)
	}
	return b
}

func TestIntegrationStore(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := t.Context()
		require.NoError(t, batchdb.Migrate(ctx, gdb))
		s := batchdb.NewStore(gdb)

		b := sample("BT-AAAAAAA1", "usr_olivia", "FleetCo", t0, batch.RowPending, batch.RowAwaitingPayment, batch.RowFailed)
		require.NoError(t, s.CreateBatch(ctx, b, "k1"))
		require.ErrorIs(t, s.CreateBatch(ctx, sample("BT-AAAAAAA2", "usr_olivia", "FleetCo", t0), "k1"), batch.ErrDuplicateBatch, "one batch per owner and key")
		require.NoError(t, s.CreateBatch(ctx, sample("BT-AAAAAAA3", "usr_diego", "FleetCo", t0.Add(time.Minute), batch.RowCreated), "k1"))

		got, err := s.Batch(ctx, b.ID)
		require.NoError(t, err)
		require.Equal(t, b, got, "a batch reads back as stored")
		byKey, ok, err := s.BatchForKey(ctx, "usr_olivia", "k1")
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, b.ID, byKey.ID)
		_, err = s.Batch(ctx, "BT-NOTTHERE")
		require.ErrorIs(t, err, batch.ErrNotFound)

		// A row moves only from the status it is in.
		created := got.Rows[0]
		created.Status, created.RMANumber = batch.RowCreated, "RMA-100001"
		require.NoError(t, s.SetRow(ctx, b.ID, batch.RowPending, created))
		require.ErrorIs(t, s.SetRow(ctx, b.ID, batch.RowPending, created), batch.ErrChanged)
		n, err := s.MoveRows(ctx, b.ID, batch.RowAwaitingPayment, batch.RowPending, nil)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		c, err := s.Progress(ctx, b.ID)
		require.NoError(t, err)
		require.Equal(t, batch.Counts{Rows: 3, Pending: 1, Created: 1, Failed: 1}, c)

		// The worker's lease: one holder at a time until it expires or is released.
		id, ok, err := s.ClaimWork(ctx, t0, t0.Add(time.Minute))
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, b.ID, id, "the oldest batch with work")
		id2, ok, err := s.ClaimWork(ctx, t0, t0.Add(time.Minute))
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, "BT-AAAAAAA3", id2, "a finished-to-be batch is work too (its documents)")
		_, ok, err = s.ClaimWork(ctx, t0.Add(30*time.Second), t0.Add(time.Minute))
		require.NoError(t, err)
		require.False(t, ok, "both are held")
		id, ok, err = s.ClaimWork(ctx, t0.Add(2*time.Minute), t0.Add(3*time.Minute))
		require.NoError(t, err)
		require.True(t, ok, "a dead worker's lease runs out")
		require.Equal(t, b.ID, id)
		require.NoError(t, s.ReleaseLease(ctx, id))

		// Finished once; the documents recorded.
		won, err := s.Finish(ctx, "BT-AAAAAAA3", t0)
		require.NoError(t, err)
		require.True(t, won)
		won, err = s.Finish(ctx, "BT-AAAAAAA3", t0)
		require.NoError(t, err)
		require.False(t, won)
		require.NoError(t, s.SetDocuments(ctx, "BT-AAAAAAA3", 1, "doc-1", []batch.RowBox{{Index: 0, Box: 1, TrackingNumber: "RF1"}}))
		done, err := s.Batch(ctx, "BT-AAAAAAA3")
		require.NoError(t, err)
		require.Equal(t, "doc-1", done.DocumentID)
		require.Equal(t, 1, done.Packaging.Boxes)
		require.Equal(t, "RF1", done.Rows[0].TrackingNumber)

		// The list: own and organization's, newest first; counts per batch.
		page, err := s.BatchesPage(ctx, visibility.Viewer{Subject: "usr_olivia", Org: "FleetCo"}, batch.Cursor{}, 10)
		require.NoError(t, err)
		require.Len(t, page, 2)
		require.Equal(t, "BT-AAAAAAA3", page[0].ID)
		require.Equal(t, batch.Counts{Rows: 3, Pending: 1, Created: 1, Failed: 1}, page[1].Counts)
		page, err = s.BatchesPage(ctx, visibility.Viewer{Subject: "usr_casey"}, batch.Cursor{}, 10)
		require.NoError(t, err)
		require.Empty(t, page)
		page, err = s.BatchesPage(ctx, visibility.Viewer{Subject: "usr_olivia", Org: "FleetCo"}, batch.Cursor{CreatedAt: t0.Add(time.Minute), ID: "BT-AAAAAAA3"}, 10)
		require.NoError(t, err)
		require.Len(t, page, 1)
		require.Equal(t, b.ID, page[0].ID)

		// Expired open quotes.
		ids, err := s.OpenQuotesExpiredBy(ctx, t0.Add(31*24*time.Hour))
		require.NoError(t, err)
		require.Equal(t, []string{b.ID}, ids, "a finished batch is not swept")
		require.ErrorIs(t, s.SetPayment(ctx, b.ID, "QT-other", nil), batch.ErrChanged, "changed only from the quote it holds")
		require.NoError(t, s.SetPayment(ctx, b.ID, b.Payment.QuoteID, nil))
		header, err := s.BatchHeader(ctx, b.ID)
		require.NoError(t, err)
		require.Nil(t, header.Payment)
		require.Nil(t, header.Rows)
	})
}

// The worker's retries and a row's give-up clock live in the database: a failed pass puts the
// batch off (the batch due longest is claimed first), a row's first failure is kept, and what a
// paid row is owed back and a batch finished without documents read back.
func TestIntegrationStore_RetriesAndRefunds(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := t.Context()
		require.NoError(t, batchdb.Migrate(ctx, gdb))
		s := batchdb.NewStore(gdb)
		old := sample("BT-AAAAAAA1", "usr_olivia", "FleetCo", t0, batch.RowPending, batch.RowPending)
		old.BodyHash = "h1"
		require.NoError(t, s.CreateBatch(ctx, old, "k1"))
		require.NoError(t, s.CreateBatch(ctx, sample("BT-AAAAAAA2", "usr_olivia", "FleetCo", t0.Add(time.Minute), batch.RowPending), "k2"))

		n, err := s.Retry(ctx, old.ID, func(n int) time.Time { return t0.Add(time.Duration(n) * 10 * time.Minute) })
		require.NoError(t, err)
		require.Equal(t, 1, n)
		id, ok, err := s.ClaimWork(ctx, t0.Add(2*time.Minute), t0.Add(3*time.Minute))
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, "BT-AAAAAAA2", id, "the failed batch waits; the one behind it goes")
		require.NoError(t, s.ReleaseLease(ctx, id))
		n, err = s.Retry(ctx, id, func(int) time.Time { return t0.Add(5 * time.Minute) })
		require.NoError(t, err)
		require.Equal(t, 1, n)
		id, ok, err = s.ClaimWork(ctx, t0.Add(20*time.Minute), t0.Add(21*time.Minute))
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, "BT-AAAAAAA2", id, "both due: the one due longest first")
		require.NoError(t, s.ReleaseLease(ctx, id))
		n, err = s.Retry(ctx, old.ID, func(n int) time.Time { return t0 })
		require.NoError(t, err)
		require.Equal(t, 2, n, "failed passes in a row")
		require.NoError(t, s.Progressed(ctx, old.ID))
		n, err = s.Retry(ctx, old.ID, func(n int) time.Time { return t0 })
		require.NoError(t, err)
		require.Equal(t, 1, n, "a row moved: counted again from one")

		since, err := s.RowFailingSince(ctx, old.ID, 0, t0)
		require.NoError(t, err)
		require.Equal(t, t0, since)
		since, err = s.RowFailingSince(ctx, old.ID, 0, t0.Add(time.Hour))
		require.NoError(t, err)
		require.Equal(t, t0, since, "the first failure is kept")

		got, err := s.Batch(ctx, old.ID)
		require.NoError(t, err)
		require.Equal(t, "h1", got.BodyHash)
		failed := got.Rows[1]
		due := money.USD(260_10)
		failed.Status, failed.RefundDue = batch.RowFailed, &due
		require.NoError(t, s.SetRow(ctx, old.ID, batch.RowPending, failed))
		require.NoError(t, s.SetDocumentsFailed(ctx, old.ID))
		got, err = s.Batch(ctx, old.ID)
		require.NoError(t, err)
		require.Equal(t, &due, got.Rows[1].RefundDue)
		require.Nil(t, got.Rows[0].RefundDue)
		require.Equal(t, "260.10", got.RefundDue().Decimal())
		require.True(t, got.DocumentsFailed)

		c, err := s.Progress(ctx, old.ID)
		require.NoError(t, err)
		require.False(t, c.Finished)
		won, err := s.Finish(ctx, old.ID, t0)
		require.NoError(t, err)
		require.True(t, won)
		c, err = s.Progress(ctx, old.ID)
		require.NoError(t, err)
		require.True(t, c.Finished)
		_, err = s.Progress(ctx, "BT-NOTTHERE")
		require.ErrorIs(t, err, batch.ErrNotFound)

		// Card payments started: the sweep's list.
		require.NoError(t, s.SetPayment(ctx, "BT-AAAAAAA2", "QT-BT-AAAAAAA2", &batch.Payment{QuoteID: "QT-BT-AAAAAAA2", Amount: due,
			Status: batch.QuoteOpen, Method: batch.MethodPayPal, ExpiresAt: t0.Add(time.Hour)}))
		ids, err := s.PayPalStarted(ctx)
		require.NoError(t, err)
		require.Equal(t, []string{"BT-AAAAAAA2"}, ids)
	})
}
