package rmadb

import (
	"context"
	"fmt"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// repairWorkRow is what was done to a unit on one transition, for its repair summary.
type repairWorkRow struct {
	ID              uint      `gorm:"primaryKey"`
	RMANumber       string    `gorm:"size:20;not null;index"`
	At              time.Time `gorm:"not null"`
	Actor           string    `gorm:"size:100;not null"`
	Status          string    `gorm:"size:30;not null"`
	PartsReplaced   string    `gorm:"size:2000;not null"`
	WorkPerformed   string    `gorm:"size:2000;not null"`
	TechnicianNotes string    `gorm:"size:2000;not null"`
}

func (repairWorkRow) TableName() string { return "rma_repair_work" }

// LockRMA implements rma.LifecycleStore. The first statement writes the row, so it takes the
// row's lock on PostgreSQL and the database's write lock on SQLite before anything is read: a
// concurrent mover waits here and then reads what the first one committed.
func (s *Store) LockRMA(ctx context.Context, number string) (rma.RMA, error) {
	res := db.Conn(ctx, s.db).Model(&rmaRow{}).Where("number = ?", number).Update("updated_at", time.Now().UTC())
	if res.Error != nil {
		return rma.RMA{}, fmt.Errorf("rmadb: lock %s: %w", number, res.Error)
	}
	if res.RowsAffected == 0 {
		return rma.RMA{}, rma.ErrRMANotFound
	}
	return s.RMAForStaff(ctx, number)
}

// SetReturnTracking implements rma.LifecycleStore.
func (s *Store) SetReturnTracking(ctx context.Context, number, tracking string) error {
	err := db.Conn(ctx, s.db).Model(&rmaRow{}).Where("number = ?", number).
		Updates(map[string]any{"return_tracking_number": tracking, "updated_at": time.Now().UTC()}).Error
	if err != nil {
		return fmt.Errorf("rmadb: return tracking of %s: %w", number, err)
	}
	return nil
}

// AddRepairWork implements rma.LifecycleStore.
func (s *Store) AddRepairWork(ctx context.Context, number string, w rma.RepairWork) error {
	if err := db.Conn(ctx, s.db).Create(toRepairWorkRow(number, w)).Error; err != nil {
		return fmt.Errorf("rmadb: repair work of %s: %w", number, err)
	}
	return nil
}

// RepairWork implements rma.HistoryStore.
func (s *Store) RepairWork(ctx context.Context, number string) ([]rma.RepairWork, error) {
	var rows []repairWorkRow
	if err := db.Conn(ctx, s.db).Where("rma_number = ?", number).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("rmadb: repair work of %s: %w", number, err)
	}
	work := make([]rma.RepairWork, len(rows))
	for i, row := range rows {
		work[i] = toRepairWork(row)
	}
	return work, nil
}

func toRepairWorkRow(number string, w rma.RepairWork) *repairWorkRow {
	return &repairWorkRow{
		RMANumber: number, At: w.At, Actor: w.Actor, Status: string(w.Status),
		PartsReplaced: w.PartsReplaced, WorkPerformed: w.WorkPerformed, TechnicianNotes: w.TechnicianNotes,
	}
}

func toRepairWork(row repairWorkRow) rma.RepairWork {
	return rma.RepairWork{
		At: row.At.UTC(), Actor: row.Actor, Status: rma.Status(row.Status),
		PartsReplaced: row.PartsReplaced, WorkPerformed: row.WorkPerformed, TechnicianNotes: row.TechnicianNotes,
	}
}
