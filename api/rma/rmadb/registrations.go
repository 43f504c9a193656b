package rmadb

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// registrationRow is a unit a customer registered as theirs. The serial is the key: a unit is
// registered once, by whoever proves its purchase first.
type registrationRow struct {
	Serial       string    `gorm:"primaryKey;size:50"`
	Owner        string    `gorm:"size:100;not null;index"`
	Org          string    `gorm:"size:100;not null;default:'';index"`
	PurchaseDate string    `gorm:"size:10;not null"`
	ProofFileID  string    `gorm:"size:100;not null"`
	RegisteredAt time.Time `gorm:"not null"`
}

func (registrationRow) TableName() string { return "rma_unit_registrations" }

// CreateRegistration implements rma.RegistrationStore. ON CONFLICT DO NOTHING reports a taken
// serial without an error, which on PostgreSQL would abort the caller's whole transaction.
func (s *Store) CreateRegistration(ctx context.Context, r rma.Registration) error {
	res := db.Conn(ctx, s.db).Clauses(clause.OnConflict{DoNothing: true}).Create(toRegistrationRow(r))
	if res.Error != nil {
		return fmt.Errorf("rmadb: register %s: %w", r.Serial, res.Error)
	}
	if res.RowsAffected == 0 {
		return rma.ErrAlreadyRegistered
	}
	return nil
}

// Registrations implements rma.RegistrationStore.
func (s *Store) Registrations(ctx context.Context, v rma.Viewer) ([]rma.Registration, error) {
	conn := db.Conn(ctx, s.db)
	var rows []registrationRow
	cond, args := seenBy("", v)
	err := conn.Where(cond, args...).Order("registered_at DESC, serial").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: registrations: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	serials := make([]string, len(rows))
	for i, row := range rows {
		serials[i] = row.Serial
	}
	var units []unitRow
	if err := conn.Where("serial IN ?", serials).Find(&units).Error; err != nil {
		return nil, fmt.Errorf("rmadb: registered units: %w", err)
	}
	bySerial := make(map[string]rma.Unit, len(units))
	for _, u := range units {
		bySerial[u.Serial] = toUnit(u)
	}
	regs := make([]rma.Registration, len(rows))
	for i, row := range rows {
		regs[i] = toRegistration(row, bySerial[row.Serial])
	}
	return regs, nil
}

// seenBy is the condition that keeps the rows v may see, their own and, for a member, their
// organization's, with its arguments; alias qualifies the owner and org columns ("" for none)
// when the query joins other tables. A row's org is "" when it was made outside any
// organization, so a viewer without one matches on the owner alone.
func seenBy(alias string, v rma.Viewer) (string, []any) {
	owner, org := "owner", "org"
	if alias != "" {
		owner, org = alias+".owner", alias+".org"
	}
	if v.Org == "" {
		return owner + " = ?", []any{v.Subject}
	}
	return "(" + owner + " = ? OR " + org + " = ?)", []any{v.Subject, v.Org}
}

func toRegistrationRow(r rma.Registration) *registrationRow {
	return &registrationRow{
		Serial: r.Serial, Owner: r.Owner, Org: r.Org, PurchaseDate: r.PurchaseDate.UTC().Format(dateLayout),
		ProofFileID: r.ProofFileID, RegisteredAt: r.RegisteredAt,
	}
}

func toRegistration(row registrationRow, unit rma.Unit) rma.Registration {
	purchased, _ := time.Parse(dateLayout, row.PurchaseDate)
	return rma.Registration{
		Serial: row.Serial, Owner: row.Owner, Org: row.Org, PurchaseDate: purchased,
		ProofFileID: row.ProofFileID, RegisteredAt: row.RegisteredAt.UTC(), Unit: unit,
	}
}
