package identitydb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"rugged.example/portal/api/identity/identitycore"
)

// storedProfileRow is a user's saved contact and shipping address (migration 00002). It is keyed
// by the token subject, not by idp_users: users of an external provider have no row there. The
// sizes are spec §9's limits with room to spare, as idp_users has. SavedAt is set by the caller
// (gorm would overwrite a field named UpdatedAt with its own clock).
type storedProfileRow struct {
	Subject          string    `gorm:"primaryKey;size:255"`
	FirstName        string    `gorm:"size:100;not null"`
	LastName         string    `gorm:"size:100;not null"`
	Company          string    `gorm:"size:100;not null"`
	Position         string    `gorm:"size:100;not null"`
	Phone            string    `gorm:"size:32;not null"`
	PhoneCountryCode string    `gorm:"size:2;not null"`
	ShipLine1        string    `gorm:"size:100;not null"`
	ShipLine2        string    `gorm:"size:100;not null"`
	ShipCity         string    `gorm:"size:100;not null"`
	ShipState        string    `gorm:"size:100;not null"`
	ShipCountry      string    `gorm:"size:2;not null"`
	ShipPostalCode   string    `gorm:"size:20;not null"`
	SavedAt          time.Time `gorm:"not null"`
}

func (storedProfileRow) TableName() string { return "idp_stored_profiles" }

// SaveStoredProfile writes p as the subject's stored profile, replacing any earlier one.
func (s *Store) SaveStoredProfile(ctx context.Context, p identitycore.StoredProfile) error {
	if p.Subject == "" {
		return errors.New("identitydb: stored profile without a subject")
	}
	row := toStoredProfileRow(p)
	err := s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "subject"}},
		UpdateAll: true,
	}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("save stored profile: %w", err)
	}
	return nil
}

// StoredProfile returns the subject's stored profile; ok is false when they never saved one.
func (s *Store) StoredProfile(ctx context.Context, subject string) (_ identitycore.StoredProfile, ok bool, _ error) {
	var row storedProfileRow
	err := s.db.WithContext(ctx).Where("subject = ?", subject).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return identitycore.StoredProfile{}, false, nil
	case err != nil:
		return identitycore.StoredProfile{}, false, fmt.Errorf("read stored profile: %w", err)
	}
	return toStoredProfile(row), true, nil
}

func toStoredProfileRow(p identitycore.StoredProfile) storedProfileRow {
	a := p.Shipping
	return storedProfileRow{
		Subject: p.Subject, FirstName: p.FirstName, LastName: p.LastName, Company: p.Company, Position: p.Position,
		Phone: p.Phone, PhoneCountryCode: p.PhoneCountryCode,
		ShipLine1: a.Line1, ShipLine2: a.Line2, ShipCity: a.City, ShipState: a.State, ShipCountry: a.Country,
		ShipPostalCode: a.PostalCode, SavedAt: utc(p.SavedAt),
	}
}

func toStoredProfile(r storedProfileRow) identitycore.StoredProfile {
	return identitycore.StoredProfile{
		Subject: r.Subject, FirstName: r.FirstName, LastName: r.LastName, Company: r.Company, Position: r.Position,
		Phone: r.Phone, PhoneCountryCode: r.PhoneCountryCode,
		Shipping: identitycore.Address{
			Line1: r.ShipLine1, Line2: r.ShipLine2, City: r.ShipCity, State: r.ShipState, Country: r.ShipCountry,
			PostalCode: r.ShipPostalCode,
		},
		SavedAt: r.SavedAt.UTC(),
	}
}
