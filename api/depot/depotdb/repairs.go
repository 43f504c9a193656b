package depotdb

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/db"
)

// repairRow is a row of depot_repairs: the repair recorded on a unit with its QA checklist.
type repairRow struct {
	RMANumber     string    `gorm:"primaryKey;size:20"`
	PartsReplaced string    `gorm:"size:2000;not null"`
	WorkPerformed string    `gorm:"size:2000;not null"`
	QA            string    `gorm:"type:text;not null"`
	Actor         string    `gorm:"size:100;not null"`
	At            time.Time `gorm:"not null"`
}

func (repairRow) TableName() string { return "depot_repairs" }

type qaJSON struct {
	Check  string `json:"check"`
	Passed bool   `json:"passed"`
}

// AddRepair implements depot.Store.
func (s *Store) AddRepair(ctx context.Context, r depot.RepairRecord) error {
	qa := make([]qaJSON, len(r.QA))
	for i, c := range r.QA {
		qa[i] = qaJSON{Check: c.Check, Passed: c.Passed}
	}
	b, err := json.Marshal(qa)
	if err != nil {
		return fmt.Errorf("depotdb: QA of %s: %w", r.RMANumber, err)
	}
	row := repairRow{RMANumber: r.RMANumber, PartsReplaced: r.PartsReplaced, WorkPerformed: r.WorkPerformed, QA: string(b), Actor: r.Actor, At: r.At.UTC()}
	if err := db.Conn(ctx, s.gdb).Create(&row).Error; err != nil {
		return fmt.Errorf("depotdb: repair of %s: %w", r.RMANumber, err)
	}
	return nil
}

// RepairOf implements depot.Store.
func (s *Store) RepairOf(ctx context.Context, number string) (depot.RepairRecord, bool, error) {
	var rows []repairRow
	if err := db.Conn(ctx, s.gdb).Where("rma_number = ?", number).Limit(1).Find(&rows).Error; err != nil {
		return depot.RepairRecord{}, false, fmt.Errorf("depotdb: repair of %s: %w", number, err)
	}
	if len(rows) == 0 {
		return depot.RepairRecord{}, false, nil
	}
	row := rows[0]
	var qa []qaJSON
	if err := json.Unmarshal([]byte(row.QA), &qa); err != nil {
		return depot.RepairRecord{}, false, fmt.Errorf("depotdb: QA of %s: %w", number, err)
	}
	r := depot.RepairRecord{RMANumber: row.RMANumber, PartsReplaced: row.PartsReplaced, WorkPerformed: row.WorkPerformed, Actor: row.Actor, At: row.At.UTC()}
	for _, c := range qa {
		r.QA = append(r.QA, depot.QACheck{Check: c.Check, Passed: c.Passed})
	}
	return r, true, nil
}
