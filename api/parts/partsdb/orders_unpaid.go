package partsdb

import (
	"context"
	"fmt"
	"time"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/db"
)

// UnpaidOrders implements parts.UnpaidOrderStore: the orders awaiting their payment last
// changed at or before cutoff, oldest first. An order's last change is its abandon clock: it
// is placed, then only its payment's resumption (parts.Orders.ResumePayment) touches it until
// it is paid or cancelled.
func (s *Store) UnpaidOrders(ctx context.Context, cutoff time.Time, limit int) ([]parts.Order, error) {
	var rows []orderRow
	err := db.Conn(ctx, s.db).Where("status = ? AND updated_at <= ?", string(parts.StatusAwaitingPayment), cutoff.UTC()).
		Order("updated_at, id").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("partsdb: unpaid orders: %w", err)
	}
	return s.withLines(ctx, rows)
}

// CancelUnpaidOrder implements parts.UnpaidOrderStore with one conditional UPDATE: of several
// sweepers one cancels the order, and an order whose payment was resumed after cutoff is kept.
func (s *Store) CancelUnpaidOrder(ctx context.Context, id string, cutoff, at time.Time) (bool, error) {
	res := db.Conn(ctx, s.db).Model(&orderRow{}).
		Where("id = ? AND status = ? AND updated_at <= ?", id, string(parts.StatusAwaitingPayment), cutoff.UTC()).
		Updates(map[string]any{"status": string(parts.StatusCancelled), "updated_at": at.UTC()})
	if res.Error != nil {
		return false, fmt.Errorf("partsdb: cancel unpaid order %s: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}
