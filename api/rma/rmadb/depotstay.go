package rmadb

import (
	"context"
	"fmt"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// stayRow is a repair shipped back with the times of its two moves.
type stayRow struct {
	Number, Model, WarrantyType string
	ReceivedAt, ShippedAt       time.Time
}

// DepotStays implements rma.StayStore. Only RMAs whose status is past the shipment are
// read (the status column narrows the rows before the timeline's index joins them); the move
// events are plain joins, not aggregates, so both drivers hand the times back typed. A unit is
// received and shipped back once per RMA: the lifecycle has one move into each.
func (s *Store) DepotStays(ctx context.Context, since time.Time) ([]rma.DepotStay, error) {
	var rows []stayRow
	err := db.Conn(ctx, s.db).Raw(`SELECT r.number, r.model, COALESCE(u.warranty_type, '') AS warranty_type,
	rcv.at AS received_at, shp.at AS shipped_at
FROM rma_rmas r
JOIN rma_events shp ON shp.rma_number = r.number AND shp.kind = ? AND shp.status = ?
JOIN rma_events rcv ON rcv.rma_number = r.number AND rcv.kind = ? AND rcv.status = ?
LEFT JOIN rma_units u ON u.serial = r.serial
WHERE r.status IN ? AND shp.at >= ?
ORDER BY shp.at, r.number`,
		string(rma.EventStatus), string(rma.StatusShippedBack), string(rma.EventStatus), string(rma.StatusReceived),
		[]string{string(rma.StatusShippedBack), string(rma.StatusClosed)}, since.UTC()).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: depot stays: %w", err)
	}
	out := make([]rma.DepotStay, len(rows))
	for i, r := range rows {
		out[i] = rma.DepotStay{Number: r.Number, Model: r.Model, WarrantyType: r.WarrantyType, ReceivedAt: r.ReceivedAt.UTC(), ShippedAt: r.ShippedAt.UTC()}
	}
	return out, nil
}
