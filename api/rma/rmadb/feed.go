package rmadb

import (
	"context"
	"fmt"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// ChangesSince implements rma.FeedStore: a range scan of the events' primary key, each status
// event joined to its RMA for who may see it.
func (s *Store) ChangesSince(ctx context.Context, afterID int64, limit int) ([]rma.Change, error) {
	var rows []struct {
		ID                              int64
		Number, UID, Owner, Org, Status string
		At                              time.Time
	}
	err := db.Conn(ctx, s.db).Raw("SELECT e.id AS id, r.number AS number, r.uid AS uid, r.owner AS owner, r.org AS org,"+
		" e.status AS status, e.at AS at FROM rma_events e JOIN rma_rmas r ON r.number = e.rma_number"+
		" WHERE e.id > ? AND e.status <> '' ORDER BY e.id LIMIT ?", afterID, limit).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: changes since %d: %w", afterID, err)
	}
	changes := make([]rma.Change, len(rows))
	for i, r := range rows {
		changes[i] = rma.Change{ID: r.ID, Number: r.Number, UID: r.UID, Owner: r.Owner, Org: r.Org, Status: rma.Status(r.Status), At: r.At.UTC()}
	}
	return changes, nil
}

// LatestEventID implements rma.FeedStore.
func (s *Store) LatestEventID(ctx context.Context) (int64, error) {
	var id int64
	if err := db.Conn(ctx, s.db).Raw("SELECT COALESCE(MAX(id), 0) FROM rma_events").Scan(&id).Error; err != nil {
		return 0, fmt.Errorf("rmadb: latest event: %w", err)
	}
	return id, nil
}
