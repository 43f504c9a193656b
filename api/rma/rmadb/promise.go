package rmadb

import (
	"context"
	"fmt"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/promise"
	"rugged.example/portal/api/rma/rma"
)

// promiseChangeRow is one change of an RMA's promised ship-back date, with its reason.
type promiseChangeRow struct {
	ID        uint      `gorm:"primaryKey"`
	RMANumber string    `gorm:"size:20;not null;index"`
	FromDate  *string   `gorm:"size:10"`
	ToDate    string    `gorm:"size:10;not null"`
	Reason    string    `gorm:"size:30;not null"`
	Detail    string    `gorm:"size:500;not null"`
	At        time.Time `gorm:"not null"`
	Actor     string    `gorm:"size:100;not null"`
}

func (promiseChangeRow) TableName() string { return "rma_promise_changes" }

// SetPromise implements rma.PromiseStore.
func (s *Store) SetPromise(ctx context.Context, number string, date time.Time, pausedAt *time.Time, c rma.PromiseChange) error {
	conn := db.Conn(ctx, s.db)
	d := date.Format(promise.DateLayout)
	res := conn.Model(&rmaRow{}).Where("number = ?", number).
		Updates(map[string]any{"promised_ship_date": d, "promise_paused_at": pausedAt, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return fmt.Errorf("rmadb: promise of %s: %w", number, res.Error)
	}
	if res.RowsAffected == 0 {
		return rma.ErrRMANotFound
	}
	if err := conn.Create(toPromiseChangeRow(c)).Error; err != nil {
		return fmt.Errorf("rmadb: promise change of %s: %w", number, err)
	}
	return nil
}

// PromiseChanges implements rma.PromiseStore.
func (s *Store) PromiseChanges(ctx context.Context, number string) ([]rma.PromiseChange, error) {
	var rows []promiseChangeRow
	if err := db.Conn(ctx, s.db).Where("rma_number = ?", number).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("rmadb: promise changes of %s: %w", number, err)
	}
	out := make([]rma.PromiseChange, len(rows))
	for i, row := range rows {
		out[i] = toPromiseChange(row)
	}
	return out, nil
}

func toPromiseChangeRow(c rma.PromiseChange) *promiseChangeRow {
	row := &promiseChangeRow{
		RMANumber: c.RMANumber, ToDate: c.To.Format(promise.DateLayout), Reason: string(c.Reason),
		Detail: c.Detail, At: c.At.UTC(), Actor: c.Actor,
	}
	if c.From != nil {
		f := c.From.Format(promise.DateLayout)
		row.FromDate = &f
	}
	return row
}

func toPromiseChange(row promiseChangeRow) rma.PromiseChange {
	c := rma.PromiseChange{
		RMANumber: row.RMANumber, From: parseDate(row.FromDate), Reason: rma.PromiseReason(row.Reason),
		Detail: row.Detail, At: row.At.UTC(), Actor: row.Actor,
	}
	if to := parseDate(&row.ToDate); to != nil {
		c.To = *to
	}
	return c
}

// parseDate reads a stored YYYY-MM-DD (nil or unreadable: none).
func parseDate(s *string) *time.Time {
	if s == nil {
		return nil
	}
	d, err := time.Parse(promise.DateLayout, *s)
	if err != nil {
		return nil
	}
	return &d
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// Store keeps the promises of rma.Promises.
var _ rma.PromiseStore = (*Store)(nil)
