package mail

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Backlog is how much mail waits in the outbox: what a metrics scrape reports, so a stuck
// dispatcher (or an SMTP server that stopped answering) shows before customers notice.
type Backlog struct {
	// Pending counts the messages not sent yet and not given up, retries included.
	Pending int64
	// OldestCreatedAt is when the oldest of them was queued; zero when none is pending.
	OldestCreatedAt time.Time
}

// PendingBacklog counts the pending messages and finds the oldest one's creation time, in two
// small queries on the pending index; it reads outside any transaction ctx carries, because a
// scrape is never part of one.
func PendingBacklog(ctx context.Context, gdb *gorm.DB) (Backlog, error) {
	pending := func() *gorm.DB {
		return gdb.WithContext(ctx).Model(&outboxRow{}).Where("sent_at IS NULL AND next_attempt_at IS NOT NULL")
	}
	var b Backlog
	if err := pending().Count(&b.Pending).Error; err != nil {
		return Backlog{}, fmt.Errorf("mail: backlog: %w", err)
	}
	if b.Pending == 0 {
		return b, nil
	}
	var oldest outboxRow
	err := pending().Select("created_at").Order("created_at").Take(&oldest).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		// Sent between the two queries: nothing is pending any more.
		return Backlog{}, nil
	case err != nil:
		return Backlog{}, fmt.Errorf("mail: backlog: %w", err)
	}
	b.OldestCreatedAt = oldest.CreatedAt.UTC()
	return b, nil
}
