package partsdb

import (
	"context"
	"fmt"
	"time"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/db"
)

// shipmentRow is how a shipped order was sent (migration 00004): one per order.
type shipmentRow struct {
	OrderID        string    `gorm:"primaryKey;size:12"`
	Carrier        string    `gorm:"size:50;not null"`
	TrackingNumber string    `gorm:"size:60;not null"`
	ShippedAt      time.Time `gorm:"not null"`
	ShippedBy      string    `gorm:"size:100;not null"`
}

func (shipmentRow) TableName() string { return "parts_order_shipments" }

// ShipOrder implements parts.OrderStore: the conditional status write (PLACED → SHIPPED) first,
// so of two concurrent shipments one moves the order and the other finds it changed before it
// writes a shipment.
func (s *Store) ShipOrder(ctx context.Context, id string, sh parts.Shipment) error {
	if err := s.SetOrderStatus(ctx, id, parts.StatusPlaced, parts.StatusShipped, sh.ShippedAt); err != nil {
		return err
	}
	row := shipmentRow{OrderID: id, Carrier: sh.Carrier, TrackingNumber: sh.TrackingNumber, ShippedAt: sh.ShippedAt.UTC(), ShippedBy: sh.ShippedBy}
	if err := db.Conn(ctx, s.db).Create(&row).Error; err != nil {
		return fmt.Errorf("partsdb: ship order %s: %w", id, err)
	}
	return nil
}

// shipments reads the shipments of the orders ids, by order.
func (s *Store) shipments(ctx context.Context, ids []string) (map[string]*parts.Shipment, error) {
	var rows []shipmentRow
	if err := db.Conn(ctx, s.db).Where("order_id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("partsdb: order shipments: %w", err)
	}
	out := make(map[string]*parts.Shipment, len(rows))
	for _, r := range rows {
		out[r.OrderID] = &parts.Shipment{Carrier: r.Carrier, TrackingNumber: r.TrackingNumber, ShippedAt: r.ShippedAt.UTC(), ShippedBy: r.ShippedBy}
	}
	return out, nil
}

// AwaitingShipment implements parts.ShipStore: the paid (PLACED) orders of every customer,
// oldest first by (created_at, id), after the key when given.
func (s *Store) AwaitingShipment(ctx context.Context, after *parts.ShipKey, limit int) ([]parts.Order, error) {
	q := db.Conn(ctx, s.db).Where("status = ?", string(parts.StatusPlaced))
	if after != nil {
		q = q.Where("(created_at > ? OR (created_at = ? AND id > ?))", after.CreatedAt.UTC(), after.CreatedAt.UTC(), after.ID)
	}
	var rows []orderRow
	if err := q.Order("created_at, id").Limit(limit).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("partsdb: orders awaiting shipment: %w", err)
	}
	return s.withLines(ctx, rows)
}
