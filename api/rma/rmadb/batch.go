package rmadb

import (
	"context"
	"fmt"
	"slices"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// statusChunk bounds the numbers of one IN list of StatusesByNumbers, so a batch of 1,000 RMAs
// reads its statuses in two queries.
const statusChunk = 500

// AssignBatchBoxes implements rma.BatchStore: each RMA of a batch gets its box and, as its
// inbound tracking number, its box's (empty for boxes the depot sends). Only an RMA created in a
// batch is touched; one that is not (or does not exist) fails the whole call, so the caller's
// transaction rolls back instead of leaving a batch half boxed.
func (s *Store) AssignBatchBoxes(ctx context.Context, boxes []rma.BoxAssignment) error {
	conn := db.Conn(ctx, s.db)
	now := utcNow()
	for _, b := range boxes {
		if b.Box < 1 {
			return fmt.Errorf("rmadb: box %d of %s: boxes count from 1", b.Box, b.RMANumber)
		}
		res := conn.Model(&rmaRow{}).Where("number = ? AND batch_id IS NOT NULL", b.RMANumber).
			Updates(map[string]any{"batch_box": b.Box, "tracking_number": b.TrackingNumber, "updated_at": now})
		if res.Error != nil {
			return fmt.Errorf("rmadb: box of %s: %w", b.RMANumber, res.Error)
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("rmadb: box of %s: %w", b.RMANumber, rma.ErrRMANotFound)
		}
	}
	return nil
}

// StatusesByNumbers implements rma.BatchStore in one query per statusChunk numbers; a number
// that names no RMA is absent from the answer.
func (s *Store) StatusesByNumbers(ctx context.Context, numbers []string) (map[string]rma.Status, error) {
	out := make(map[string]rma.Status, len(numbers))
	for chunk := range slices.Chunk(numbers, statusChunk) {
		var rows []struct{ Number, Status string }
		err := db.Conn(ctx, s.db).Model(&rmaRow{}).Select("number, status").Where("number IN ?", chunk).Scan(&rows).Error
		if err != nil {
			return nil, fmt.Errorf("rmadb: statuses by numbers: %w", err)
		}
		for _, r := range rows {
			out[r.Number] = rma.Status(r.Status)
		}
	}
	return out, nil
}
