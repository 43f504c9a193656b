package rmadb

import (
	"context"
	"fmt"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// ClaimLabelRetries implements rma.LabelRetryStore in one statement, as the mail dispatcher
// claims its rows: each due RMA's attempt is counted and its retry moved to until (the lease),
// so no other retrier takes it meanwhile. On PostgreSQL the subquery skips rows another
// retrier has locked; SQLite has one writer, so its UPDATE is claim enough. An RMA that got its
// label, left AWAITING_UNIT or travels without a label is never claimed.
func (s *Store) ClaimLabelRetries(ctx context.Context, now, until time.Time, limit int) ([]rma.LabelRetry, error) {
	conn := db.Conn(ctx, s.db)
	lock := ""
	if db.DialectOf(s.db) == db.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	q := `UPDATE rma_rmas SET label_attempts = label_attempts + 1, label_retry_at = ?
WHERE number IN (
  SELECT number FROM rma_rmas
  WHERE label_retry_at <= ? AND label_id = '' AND status = ? AND shipping_method IN (?, ?)
  ORDER BY label_retry_at, number LIMIT ?` + lock + `)
RETURNING number`
	var numbers []string
	err := conn.Raw(q, utc(until), utc(now), rma.StatusAwaitingUnit, string(rma.ShipLabel), string(rma.ShipQR), limit).Scan(&numbers).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: claim label retries: %w", err)
	}
	if len(numbers) == 0 {
		return nil, nil
	}
	var rows []rmaRow
	if err := conn.Where("number IN ?", numbers).Order("label_retry_at, number").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("rmadb: claimed label retries: %w", err)
	}
	out := make([]rma.LabelRetry, len(rows))
	for i, row := range rows {
		out[i] = rma.LabelRetry{RMA: toRMA(row), Attempt: row.LabelAttempts}
	}
	return out, nil
}

// IssueLabel implements rma.LabelRetryStore with one conditional UPDATE, so a label is recorded
// only on an RMA that still awaits its unit without one.
func (s *Store) IssueLabel(ctx context.Context, number string, docs rma.ShipmentDocuments) (bool, error) {
	res := db.Conn(ctx, s.db).Model(&rmaRow{}).
		Where("number = ? AND label_id = '' AND status = ?", number, rma.StatusAwaitingUnit).
		Updates(map[string]any{
			"label_id": docs.LabelID, "invoice_id": docs.InvoiceID, "tracking_number": docs.TrackingNumber,
			"shipping_error": "", "label_retry_at": nil, "updated_at": utcNow(),
		})
	if res.Error != nil {
		return false, fmt.Errorf("rmadb: label of %s: %w", number, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// RetryLabelAt implements rma.LabelRetryStore.
func (s *Store) RetryLabelAt(ctx context.Context, number string, at *time.Time) error {
	var next *time.Time
	if at != nil {
		t := utc(*at)
		next = &t
	}
	err := db.Conn(ctx, s.db).Model(&rmaRow{}).Where("number = ?", number).Update("label_retry_at", next).Error
	if err != nil {
		return fmt.Errorf("rmadb: next label retry of %s: %w", number, err)
	}
	return nil
}

// utc is t as label_retry_at stores it: UTC at PostgreSQL's microsecond precision, so SQLite's
// text timestamps compare in time order and round-trip alike.
func utc(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

func utcNow() time.Time { return utc(time.Now()) }
