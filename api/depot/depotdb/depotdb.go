// Package depotdb keeps the depot domain's rows (receipts, flags, the audit) and reads the
// queue from the rma capability's tables: gorm rows never leave it.
package depotdb

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// receiptRow is a row of depot_receipts: one per received unit.
type receiptRow struct {
	RMANumber string    `gorm:"primaryKey;size:20"`
	Serial    string    `gorm:"size:50;not null"`
	Photos    string    `gorm:"type:text;not null"`
	Notes     string    `gorm:"size:500;not null"`
	Actor     string    `gorm:"size:100;not null"`
	At        time.Time `gorm:"not null"`
}

func (receiptRow) TableName() string { return "depot_receipts" }

// flagRow is a row of depot_flags: a unit flagged for a lead.
type flagRow struct {
	ID        int64     `gorm:"primaryKey;autoIncrement"`
	Kind      string    `gorm:"size:30;not null"`
	RMANumber string    `gorm:"size:20;not null;index:idx_depot_flags_rma"`
	Serial    string    `gorm:"size:50;not null"`
	Expected  string    `gorm:"size:50;not null"`
	Detail    string    `gorm:"size:500;not null"`
	Actor     string    `gorm:"size:100;not null"`
	At        time.Time `gorm:"not null"`
}

func (flagRow) TableName() string { return "depot_flags" }

// auditRow is a row of depot_audit: one per staff action.
type auditRow struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	At         time.Time `gorm:"not null"`
	Actor      string    `gorm:"size:100;not null"`
	ActorEmail string    `gorm:"size:254;not null"`
	Action     string    `gorm:"size:40;not null"`
	RMANumber  string    `gorm:"size:20;not null;index:idx_depot_audit_rma"`
	// OrderNumber names a parts order's row (PB-…); "" for an RMA's.
	OrderNumber string `gorm:"not null;default:''"`
	FromStatus  string `gorm:"size:30;not null"`
	ToStatus    string `gorm:"size:30;not null"`
	Detail      string `gorm:"size:500;not null"`
}

func (auditRow) TableName() string { return "depot_audit" }

// Store implements depot.Store on gorm; every method joins the transaction ctx carries.
type Store struct{ gdb *gorm.DB }

// NewStore returns a Store over gdb.
func NewStore(gdb *gorm.DB) *Store { return &Store{gdb: gdb} }

// AddReceipt implements depot.Store.
func (s *Store) AddReceipt(ctx context.Context, r depot.Receipt) error {
	row := receiptRow{RMANumber: r.RMANumber, Serial: r.Serial, Photos: strings.Join(r.Photos, "\n"), Notes: r.Notes, Actor: r.Actor, At: r.At.UTC()}
	if err := db.Conn(ctx, s.gdb).Create(&row).Error; err != nil {
		return fmt.Errorf("depotdb: receipt of %s: %w", r.RMANumber, err)
	}
	return nil
}

// Receipt returns the receipt of an RMA; ok is false before its unit was received.
func (s *Store) Receipt(ctx context.Context, number string) (r depot.Receipt, ok bool, err error) {
	var rows []receiptRow
	if err := db.Conn(ctx, s.gdb).Where("rma_number = ?", number).Limit(1).Find(&rows).Error; err != nil {
		return depot.Receipt{}, false, fmt.Errorf("depotdb: receipt of %s: %w", number, err)
	}
	if len(rows) == 0 {
		return depot.Receipt{}, false, nil
	}
	row := rows[0]
	return depot.Receipt{RMANumber: row.RMANumber, Serial: row.Serial, Photos: strings.Split(row.Photos, "\n"), Notes: row.Notes, Actor: row.Actor, At: row.At.UTC()}, true, nil
}

// AddFlag implements depot.Store.
func (s *Store) AddFlag(ctx context.Context, f depot.Flag) error {
	row := flagRow{Kind: string(f.Kind), RMANumber: f.RMANumber, Serial: f.Serial, Expected: f.Expected, Detail: f.Detail, Actor: f.Actor, At: f.At.UTC()}
	if err := db.Conn(ctx, s.gdb).Create(&row).Error; err != nil {
		return fmt.Errorf("depotdb: flag of %s: %w", f.RMANumber, err)
	}
	return nil
}

// Flags lists the flags, newest first.
func (s *Store) Flags(ctx context.Context) ([]depot.Flag, error) {
	var rows []flagRow
	if err := db.Conn(ctx, s.gdb).Order("id DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("depotdb: flags: %w", err)
	}
	out := make([]depot.Flag, 0, len(rows))
	for _, r := range rows {
		out = append(out, depot.Flag{Kind: depot.FlagKind(r.Kind), RMANumber: r.RMANumber, Serial: r.Serial, Expected: r.Expected, Detail: r.Detail, Actor: r.Actor, At: r.At.UTC()})
	}
	return out, nil
}

// AddAudit implements depot.Store.
func (s *Store) AddAudit(ctx context.Context, e depot.AuditEntry) error {
	row := toAuditRow(e)
	if err := db.Conn(ctx, s.gdb).Create(&row).Error; err != nil {
		return fmt.Errorf("depotdb: audit of %s: %w", e.RMANumber, err)
	}
	return nil
}

// Audit implements depot.Store: newest first, by id.
func (s *Store) Audit(ctx context.Context, q depot.AuditQuery) ([]depot.AuditEntry, error) {
	var rows []auditRow
	tx := db.Conn(ctx, s.gdb).Order("id DESC").Limit(q.Limit)
	if q.BeforeID > 0 {
		tx = tx.Where("id < ?", q.BeforeID)
	}
	if err := tx.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("depotdb: audit: %w", err)
	}
	out := make([]depot.AuditEntry, 0, len(rows))
	for _, r := range rows {
		out = append(out, toAuditEntry(r))
	}
	return out, nil
}

// StaffEmails implements depot.Store.
func (s *Store) StaffEmails(ctx context.Context, rmaNumber string) (map[string]string, error) {
	var rows []struct{ Actor, ActorEmail string }
	err := db.Conn(ctx, s.gdb).Raw("SELECT DISTINCT actor, actor_email FROM depot_audit WHERE rma_number = ?", rmaNumber).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("depotdb: staff of %s: %w", rmaNumber, err)
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.Actor] = r.ActorEmail
	}
	return out, nil
}

func toAuditRow(e depot.AuditEntry) auditRow {
	return auditRow{At: e.At.UTC(), Actor: e.Actor, ActorEmail: e.ActorEmail, Action: string(e.Action), RMANumber: e.RMANumber, OrderNumber: e.OrderNumber,
		FromStatus: string(e.From), ToStatus: string(e.To), Detail: e.Detail}
}

func toAuditEntry(r auditRow) depot.AuditEntry {
	return depot.AuditEntry{ID: r.ID, At: r.At.UTC(), Actor: r.Actor, ActorEmail: r.ActorEmail, Action: depot.Action(r.Action),
		RMANumber: r.RMANumber, OrderNumber: r.OrderNumber, From: rma.Status(r.FromStatus), To: rma.Status(r.ToStatus), Detail: r.Detail}
}
