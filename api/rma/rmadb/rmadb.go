// Package rmadb keeps the rma module's tables with gorm. Rows never leave this package: they are
// converted to core types by toUnit / toUnitRow.
package rmadb

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

const dateLayout = "2006-01-02"

// unitRow is one unit of the registry. Dates are ISO strings so SQLite and PostgreSQL store and
// compare them alike.
type unitRow struct {
	Serial             string  `gorm:"primaryKey;size:50"`
	Model              string  `gorm:"size:30;not null;default:''"`
	ModelFamily        string  `gorm:"size:30;not null;default:''"`
	PartNumber         string  `gorm:"size:40;not null;default:''"`
	ProductType        string  `gorm:"size:20;not null;default:''"`
	AllowOOW           bool    `gorm:"not null;default:false"`
	AllowedRepairTypes string  `gorm:"size:100;not null;default:'STANDARD'"`
	OpenRMANumber      string  `gorm:"size:20;not null;default:''"`
	WarrantyEnd        *string `gorm:"size:10"`
	WarrantyType       string  `gorm:"size:30;not null;default:''"`
	EndOfService       bool    `gorm:"not null;default:false"`
	UpdatedAt          time.Time
}

func (unitRow) TableName() string { return "rma_units" }

// Store implements rma.Store on gorm.
type Store struct{ db *gorm.DB }

// NewStore wraps a handle whose schema Migrate has created.
func NewStore(gdb *gorm.DB) *Store { return &Store{db: gdb} }

// UnitBySerial implements rma.Store.
func (s *Store) UnitBySerial(ctx context.Context, serial string) (rma.Unit, error) {
	var row unitRow
	err := db.Conn(ctx, s.db).Where("serial = ?", serial).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return rma.Unit{}, rma.ErrUnitNotFound
	case err != nil:
		return rma.Unit{}, fmt.Errorf("rmadb: unit %s: %w", serial, err)
	}
	return toUnit(row), nil
}

// UpsertUnits writes units in one transaction, replacing rows with the same serial; it is the
// import path for registry data (seed and CSV alike).
func (s *Store) UpsertUnits(ctx context.Context, units []rma.Unit) error {
	rows := make([]unitRow, len(units))
	for i, u := range units {
		rows[i] = toUnitRow(u)
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Clauses(clause.OnConflict{UpdateAll: true}).CreateInBatches(rows, 200).Error
	})
}

// CountUnits reports the registry's size.
func (s *Store) CountUnits(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&unitRow{}).Count(&n).Error
	return n, err
}

func toUnit(r unitRow) rma.Unit {
	u := rma.Unit{
		Serial: r.Serial, Model: r.Model, ModelFamily: r.ModelFamily, PartNumber: r.PartNumber,
		ProductType: r.ProductType, AllowOOW: r.AllowOOW, OpenRMANumber: r.OpenRMANumber,
		WarrantyType: r.WarrantyType, EndOfService: r.EndOfService,
	}
	if r.AllowedRepairTypes != "" {
		u.AllowedRepairTypes = strings.Split(r.AllowedRepairTypes, ",")
	}
	if r.WarrantyEnd != nil {
		if t, err := time.Parse(dateLayout, *r.WarrantyEnd); err == nil {
			u.WarrantyEnd = &t
		}
	}
	return u
}

func toUnitRow(u rma.Unit) unitRow {
	r := unitRow{
		Serial: u.Serial, Model: u.Model, ModelFamily: u.ModelFamily, PartNumber: u.PartNumber,
		ProductType: u.ProductType, AllowOOW: u.AllowOOW, OpenRMANumber: u.OpenRMANumber,
		AllowedRepairTypes: strings.Join(u.AllowedRepairTypes, ","),
		WarrantyType:       u.WarrantyType, EndOfService: u.EndOfService,
	}
	if u.WarrantyEnd != nil {
		d := u.WarrantyEnd.UTC().Format(dateLayout)
		r.WarrantyEnd = &d
	}
	return r
}
