// Package partsdb keeps the parts service's tables with gorm, on SQLite and PostgreSQL alike:
// the catalogue (parts_catalogue) and the models each part fits (parts_fits). Rows never leave
// this package: converters turn them into parts types.
package partsdb

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
)

// partRow is one part of the catalogue.
type partRow struct {
	PartNumber   string `gorm:"primaryKey;size:40"`
	Description  string `gorm:"size:300;not null"`
	PriceCents   int64  `gorm:"not null"`
	Currency     string `gorm:"size:3;not null"`
	Availability string `gorm:"size:20;not null"`
	ImagePath    string `gorm:"size:300;not null"`
	HighValue    bool   `gorm:"not null"`
	// VideoOnly: a body-worn camera's part, sold only through the video order (migration 00003).
	VideoOnly bool `gorm:"not null;default:false"`
}

func (partRow) TableName() string { return "parts_catalogue" }

// fitRow says a part fits a model (of a family): the join of parts and models.
type fitRow struct {
	PartNumber string `gorm:"primaryKey;size:40"`
	Model      string `gorm:"primaryKey;size:30;index:parts_fits_model"`
	Family     string `gorm:"size:30;not null"`
}

func (fitRow) TableName() string { return "parts_fits" }

// Store implements parts.Store.
type Store struct{ db *gorm.DB }

// NewStore wraps a handle whose schema Migrate has created.
func NewStore(gdb *gorm.DB) *Store { return &Store{db: gdb} }

var _ parts.Store = (*Store)(nil)

// likeEscaper makes text a literal LIKE pattern (escape character '!').
var likeEscaper = strings.NewReplacer("!", "!!", "%", "!%", "_", "!_")

// Search implements parts.Store: by part number, a page of the matches and their count.
func (s *Store) Search(ctx context.Context, q parts.Query) ([]parts.Part, int64, error) {
	tx := db.Conn(ctx, s.db).Model(&partRow{})
	if q.Model != "" {
		tx = tx.Where("part_number IN (?)", db.Conn(ctx, s.db).Model(&fitRow{}).Select("part_number").Where("model = ?", q.Model))
	}
	if q.Text != "" {
		pattern := "%" + likeEscaper.Replace(strings.ToLower(q.Text)) + "%"
		tx = tx.Where("(LOWER(part_number) LIKE ? ESCAPE '!' OR LOWER(description) LIKE ? ESCAPE '!')", pattern, pattern)
	}
	var total int64
	if err := tx.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("partsdb: count: %w", err)
	}
	var rows []partRow
	if err := tx.Order("part_number").Limit(q.ItemsPerPage).Offset((q.Page - 1) * q.ItemsPerPage).Find(&rows).Error; err != nil {
		return nil, 0, fmt.Errorf("partsdb: search: %w", err)
	}
	out, err := s.withFits(ctx, rows)
	return out, total, err
}

// Part implements parts.Store.
func (s *Store) Part(ctx context.Context, partNumber string) (parts.Part, error) {
	var row partRow
	err := db.Conn(ctx, s.db).Where("part_number = ?", partNumber).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return parts.Part{}, parts.ErrPartNotFound
	case err != nil:
		return parts.Part{}, fmt.Errorf("partsdb: part: %w", err)
	}
	out, err := s.withFits(ctx, []partRow{row})
	if err != nil {
		return parts.Part{}, err
	}
	return out[0], nil
}

func (s *Store) withFits(ctx context.Context, rows []partRow) ([]parts.Part, error) {
	out := make([]parts.Part, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	pns := make([]string, 0, len(rows))
	for _, r := range rows {
		pns = append(pns, r.PartNumber)
	}
	var fits []fitRow
	if err := db.Conn(ctx, s.db).Where("part_number IN ?", pns).Order("part_number, model").Find(&fits).Error; err != nil {
		return nil, fmt.Errorf("partsdb: fits: %w", err)
	}
	byPart := map[string][]parts.Fit{}
	for _, f := range fits {
		byPart[f.PartNumber] = append(byPart[f.PartNumber], parts.Fit{Model: f.Model, Family: f.Family})
	}
	for _, r := range rows {
		out = append(out, parts.Part{
			PartNumber: r.PartNumber, Description: r.Description, Fits: byPart[r.PartNumber],
			Price: money.Money{Cents: r.PriceCents, Currency: r.Currency}, Availability: r.Availability,
			ImagePath: r.ImagePath, HighValue: r.HighValue, VideoOnly: r.VideoOnly,
		})
	}
	return out, nil
}

func toRows(p parts.Part) (partRow, []fitRow) {
	row := partRow{
		PartNumber: p.PartNumber, Description: p.Description, PriceCents: p.Price.Cents, Currency: p.Price.Currency,
		Availability: p.Availability, ImagePath: p.ImagePath, HighValue: p.HighValue, VideoOnly: p.VideoOnly,
	}
	fits := make([]fitRow, 0, len(p.Fits))
	for _, f := range p.Fits {
		fits = append(fits, fitRow{PartNumber: p.PartNumber, Model: f.Model, Family: f.Family})
	}
	return row, fits
}

// Upsert implements parts.Store: each part by its number, its fits replaced, in one
// transaction.
func (s *Store) Upsert(ctx context.Context, ps []parts.Part) error {
	err := db.Conn(ctx, s.db).Transaction(func(tx *gorm.DB) error {
		for _, p := range ps {
			row, fits := toRows(p)
			if err := tx.Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "part_number"}},
				DoUpdates: clause.AssignmentColumns([]string{"description", "price_cents", "currency", "availability", "image_path", "high_value", "video_only"}),
			}).Create(&row).Error; err != nil {
				return err
			}
			if err := tx.Where("part_number = ?", p.PartNumber).Delete(&fitRow{}).Error; err != nil {
				return err
			}
			if len(fits) > 0 {
				if err := tx.Create(&fits).Error; err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("partsdb: upsert: %w", err)
	}
	return nil
}
