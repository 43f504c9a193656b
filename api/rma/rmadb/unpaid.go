package rmadb

import (
	"context"
	"fmt"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// RenewPaymentAttempt implements rma.RMAStore with one conditional UPDATE: only the owner's RMA
// that still awaits its payment restarts its abandon clock, so a renewal that races the
// sweeper's cancellation either saves the RMA or finds it cancelled, never both.
func (s *Store) RenewPaymentAttempt(ctx context.Context, owner, number string, at time.Time) (bool, error) {
	res := db.Conn(ctx, s.db).Model(&rmaRow{}).
		Where("number = ? AND owner = ? AND status = ?", number, owner, rma.StatusAwaitingPayment).
		Update("payment_attempt_at", utc(at))
	if res.Error != nil {
		return false, fmt.Errorf("rmadb: payment attempt of %s: %w", number, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// UnpaidSince implements rma.RMAStore: the RMAs awaiting their payment whose last attempt was
// at or before cutoff, oldest attempt first (idx_rma_rmas_payment_attempt).
func (s *Store) UnpaidSince(ctx context.Context, cutoff time.Time, limit int) ([]rma.RMA, error) {
	var rows []rmaRow
	err := db.Conn(ctx, s.db).Where("payment_attempt_at <= ? AND status = ?", utc(cutoff), rma.StatusAwaitingPayment).
		Order("payment_attempt_at, number").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: unpaid rmas: %w", err)
	}
	out := make([]rma.RMA, len(rows))
	for i, row := range rows {
		out[i] = toRMA(row)
	}
	return out, nil
}

// CancelUnpaid implements rma.RMAStore with one conditional UPDATE: the RMA is cancelled only
// while it still awaits its payment and its last attempt is still at or before cutoff. Of two
// sweepers (any processes) one cancels it; a customer who came back meanwhile keeps it.
func (s *Store) CancelUnpaid(ctx context.Context, number string, cutoff time.Time) (bool, error) {
	res := db.Conn(ctx, s.db).Model(&rmaRow{}).
		Where("number = ? AND status = ? AND payment_attempt_at <= ?", number, rma.StatusAwaitingPayment, utc(cutoff)).
		Updates(map[string]any{"status": rma.StatusCancelled, "updated_at": utcNow()})
	if res.Error != nil {
		return false, fmt.Errorf("rmadb: cancel unpaid %s: %w", number, res.Error)
	}
	return res.RowsAffected == 1, nil
}
