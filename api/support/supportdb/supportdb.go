// Package supportdb keeps the support module's tables with gorm: tickets and their uid counter,
// contact-form messages and report rows. Rows never leave this package: converters (toTicket,
// toTicketRow, …) turn them into core types.
package supportdb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/support/support"
)

type ticketRow struct {
	UID          string    `gorm:"primaryKey;size:20"`
	Number       int64     `gorm:"not null;uniqueIndex"`
	Owner        string    `gorm:"size:100;not null;index:support_tickets_owner_created,priority:1"`
	FirstName    string    `gorm:"size:100;not null"`
	LastName     string    `gorm:"size:100;not null"`
	EmailAddress string    `gorm:"size:50;not null"`
	Phone        string    `gorm:"size:25;not null"`
	Subject      string    `gorm:"size:80;not null"`
	Description  string    `gorm:"type:text;not null"`
	CaseType     string    `gorm:"size:20;not null"`
	Model        string    `gorm:"size:30;not null"`
	Serial       string    `gorm:"size:50;not null"`
	Status       string    `gorm:"size:20;not null"`
	CreatedAt    time.Time `gorm:"not null;index:support_tickets_owner_created,priority:2"`
}

func (ticketRow) TableName() string { return "support_tickets" }

// counterRow hands out ticket numbers; one UPDATE … RETURNING per number keeps them unique
// under concurrent creates on both databases. The first migration starts counter "ticket" at
// 100000, so the first ticket is TCK-100001.
type counterRow struct {
	Name  string `gorm:"primaryKey;size:20"`
	Value int64  `gorm:"not null"`
}

func (counterRow) TableName() string { return "support_counters" }

type contactRow struct {
	ID           uint      `gorm:"primaryKey"`
	FirstName    string    `gorm:"size:35;not null"`
	LastName     string    `gorm:"size:35;not null"`
	Email        string    `gorm:"size:254;not null"`
	Phone        string    `gorm:"size:25;not null"`
	Company      string    `gorm:"size:35;not null"`
	Subject      string    `gorm:"size:80;not null"`
	PrimaryFault string    `gorm:"size:20;not null"`
	Desc         string    `gorm:"column:description;type:text;not null"`
	CreatedAt    time.Time `gorm:"not null;index"`
}

func (contactRow) TableName() string { return "support_contact_messages" }

type reportRow struct {
	ReportID  string    `gorm:"primaryKey;size:64"`
	Position  int       `gorm:"primaryKey;autoIncrement:false"`
	Message   string    `gorm:"size:300;not null"`
	IsWarning bool      `gorm:"not null"`
	IsPaused  bool      `gorm:"not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

func (reportRow) TableName() string { return "support_report_rows" }

// Store implements support.Store on gorm.
type Store struct{ db *gorm.DB }

// NewStore wraps a handle whose schema Migrate has created.
func NewStore(gdb *gorm.DB) *Store { return &Store{db: gdb} }

var _ support.Store = (*Store)(nil)

// Seed writes the data the portal needs to start: report QUERY_RMA_WARNING with one row that is
// neither a warning nor paused, so no banner shows. Rows an admin already wrote are kept.
func Seed(ctx context.Context, s *Store) error {
	row := reportRow{ReportID: support.ReportRMAWarning, Position: 0, Message: "", UpdatedAt: time.Now().UTC().Truncate(time.Microsecond)}
	var n int64
	if err := s.db.WithContext(ctx).Model(&reportRow{}).Where("report_id = ?", row.ReportID).Count(&n).Error; err != nil {
		return fmt.Errorf("supportdb: seed: %w", err)
	}
	if n > 0 {
		return nil
	}
	if err := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error; err != nil {
		return fmt.Errorf("supportdb: seed: %w", err)
	}
	return nil
}

// NextTicketUID implements support.Store.
func (s *Store) NextTicketUID(ctx context.Context) (string, error) {
	var next int64
	err := db.Conn(ctx, s.db).Raw("UPDATE support_counters SET value = value + 1 WHERE name = ? RETURNING value", "ticket").Scan(&next).Error
	if err != nil {
		return "", fmt.Errorf("supportdb: next ticket number: %w", err)
	}
	if next == 0 {
		return "", errors.New("supportdb: ticket counter missing (run Migrate)")
	}
	return fmt.Sprintf("TCK-%d", next), nil
}

// CreateTicket implements support.Store.
func (s *Store) CreateTicket(ctx context.Context, t support.Ticket) error {
	row, err := toTicketRow(t)
	if err != nil {
		return err
	}
	if err := db.Conn(ctx, s.db).Create(&row).Error; err != nil {
		return fmt.Errorf("supportdb: create ticket: %w", err)
	}
	return nil
}

// TicketsOf implements support.Store.
func (s *Store) TicketsOf(ctx context.Context, owner string) ([]support.Ticket, error) {
	var rows []ticketRow
	err := db.Conn(ctx, s.db).Where("owner = ?", owner).Order("created_at DESC").Order("number DESC").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("supportdb: tickets: %w", err)
	}
	out := make([]support.Ticket, len(rows))
	for i, r := range rows {
		out[i] = toTicket(r)
	}
	return out, nil
}

// CreateContact implements support.Store.
func (s *Store) CreateContact(ctx context.Context, m support.ContactMessage) error {
	row := toContactRow(m)
	if err := db.Conn(ctx, s.db).Create(&row).Error; err != nil {
		return fmt.Errorf("supportdb: create contact message: %w", err)
	}
	return nil
}

// Report implements support.Store.
func (s *Store) Report(ctx context.Context, reportID string) ([]support.ReportRow, error) {
	var rows []reportRow
	if err := db.Conn(ctx, s.db).Where("report_id = ?", reportID).Order("position").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("supportdb: report: %w", err)
	}
	out := make([]support.ReportRow, len(rows))
	for i, r := range rows {
		out[i] = toReportRow(r)
	}
	return out, nil
}

// ReplaceReport implements support.Store; call it inside a transaction (the service does).
func (s *Store) ReplaceReport(ctx context.Context, reportID string, rows []support.ReportRow) error {
	conn := db.Conn(ctx, s.db)
	if err := conn.Where("report_id = ?", reportID).Delete(&reportRow{}).Error; err != nil {
		return fmt.Errorf("supportdb: clear report: %w", err)
	}
	if len(rows) == 0 {
		return nil
	}
	out := make([]reportRow, len(rows))
	for i, r := range rows {
		out[i] = toDBReportRow(reportID, r)
	}
	if err := conn.Create(&out).Error; err != nil {
		return fmt.Errorf("supportdb: write report: %w", err)
	}
	return nil
}

func toTicketRow(t support.Ticket) (ticketRow, error) {
	var n int64
	if _, err := fmt.Sscanf(t.UID, "TCK-%d", &n); err != nil {
		return ticketRow{}, fmt.Errorf("supportdb: ticket uid %q: %w", t.UID, err)
	}
	return ticketRow{
		UID: t.UID, Number: n, Owner: t.Owner, FirstName: t.FirstName, LastName: t.LastName,
		EmailAddress: t.EmailAddress, Phone: t.Phone, Subject: t.Subject, Description: t.Description,
		CaseType: t.CaseType, Model: t.Model, Serial: t.Serial, Status: t.Status, CreatedAt: t.CreatedAt.UTC(),
	}, nil
}

func toTicket(r ticketRow) support.Ticket {
	return support.Ticket{
		UID: r.UID, Owner: r.Owner, FirstName: r.FirstName, LastName: r.LastName,
		EmailAddress: r.EmailAddress, Phone: r.Phone, Subject: r.Subject, Description: r.Description,
		CaseType: r.CaseType, Model: r.Model, Serial: r.Serial, Status: r.Status, CreatedAt: r.CreatedAt.UTC(),
	}
}

func toContactRow(m support.ContactMessage) contactRow {
	return contactRow{
		FirstName: m.FirstName, LastName: m.LastName, Email: m.Email, Phone: m.Phone, Company: m.Company,
		Subject: m.Subject, PrimaryFault: m.PrimaryFault, Desc: m.Desc, CreatedAt: m.CreatedAt.UTC(),
	}
}

func toReportRow(r reportRow) support.ReportRow {
	return support.ReportRow{Position: r.Position, Message: r.Message, IsWarning: r.IsWarning, IsPaused: r.IsPaused, UpdatedAt: r.UpdatedAt.UTC()}
}

func toDBReportRow(reportID string, r support.ReportRow) reportRow {
	return reportRow{ReportID: reportID, Position: r.Position, Message: r.Message, IsWarning: r.IsWarning, IsPaused: r.IsPaused, UpdatedAt: r.UpdatedAt.UTC()}
}
