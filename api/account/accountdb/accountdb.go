// Package accountdb keeps the account service's tables with gorm, on SQLite and PostgreSQL
// alike: the organizations' branches (account_branches) and the driver catalogue
// (account_drivers). Rows never leave this package: converters turn them into account types.
package accountdb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// branchRow is one branch of an organization. Sizes are spec §9's limits of the fields the
// create-RMA form has (35, postal code 12, phone 25) with the same room the identity tables give.
type branchRow struct {
	ID                      string    `gorm:"primaryKey;size:40"`
	Org                     string    `gorm:"size:200;not null;index:account_branches_org_name,priority:1"`
	Name                    string    `gorm:"size:100;not null;index:account_branches_org_name,priority:2"`
	Line1                   string    `gorm:"size:100;not null"`
	Line2                   string    `gorm:"size:100;not null"`
	City                    string    `gorm:"size:100;not null"`
	State                   string    `gorm:"size:100;not null"`
	Country                 string    `gorm:"size:100;not null"`
	PostalCode              string    `gorm:"size:20;not null"`
	ContactFirstName        string    `gorm:"size:100;not null"`
	ContactLastName         string    `gorm:"size:100;not null"`
	ContactEmail            string    `gorm:"size:254;not null"`
	ContactPhone            string    `gorm:"size:32;not null"`
	ContactPhoneCountryCode string    `gorm:"size:2;not null"`
	CreatedAt               time.Time `gorm:"not null"`
	UpdatedAt               time.Time `gorm:"not null"`
}

func (branchRow) TableName() string { return "account_branches" }

// driverRow is one download of the catalogue.
type driverRow struct {
	ID           string    `gorm:"primaryKey;size:40"`
	Model        string    `gorm:"size:30;not null;index"`
	ModelFamily  string    `gorm:"size:30;not null"`
	Name         string    `gorm:"size:120;not null"`
	Category     string    `gorm:"size:40;not null"`
	OS           string    `gorm:"column:os;size:60;not null"`
	Version      string    `gorm:"size:40;not null"`
	ReleaseDate  time.Time `gorm:"not null"`
	ReleaseNotes string    `gorm:"type:text;not null"`
	FileName     string    `gorm:"size:200;not null"`
	Size         int64     `gorm:"not null"`
	SHA256       string    `gorm:"column:sha256;size:64;not null"`
	BlobKey      string    `gorm:"size:300;not null"`
}

func (driverRow) TableName() string { return "account_drivers" }

// Store implements account.BranchStore and account.DriverStore.
type Store struct{ db *gorm.DB }

// NewStore wraps a handle whose schema Migrate has created.
func NewStore(gdb *gorm.DB) *Store { return &Store{db: gdb} }

var (
	_ account.BranchStore = (*Store)(nil)
	_ account.DriverStore = (*Store)(nil)
)

// Branches implements account.BranchStore.
func (s *Store) Branches(ctx context.Context, org string) ([]account.Branch, error) {
	var rows []branchRow
	if err := db.Conn(ctx, s.db).Where("org = ?", org).Order("name, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("accountdb: branches: %w", err)
	}
	out := make([]account.Branch, 0, len(rows))
	for _, r := range rows {
		out = append(out, toBranch(r))
	}
	return out, nil
}

// CreateBranch implements account.BranchStore.
func (s *Store) CreateBranch(ctx context.Context, b account.Branch) error {
	row := toBranchRow(b)
	if err := db.Conn(ctx, s.db).Create(&row).Error; err != nil {
		return fmt.Errorf("accountdb: create branch: %w", err)
	}
	return nil
}

// UpdateBranch implements account.BranchStore: the organization is in the WHERE, so another
// organization's id changes nothing and reads as unknown.
func (s *Store) UpdateBranch(ctx context.Context, b account.Branch) error {
	row := toBranchRow(b)
	// UpdateColumns: the core stamps updated_at; gorm's Updates would put its own clock there.
	res := db.Conn(ctx, s.db).Model(&branchRow{}).Where("id = ? AND org = ?", b.ID, b.Org).
		Select("name", "line1", "line2", "city", "state", "country", "postal_code", "contact_first_name", "contact_last_name",
			"contact_email", "contact_phone", "contact_phone_country_code", "updated_at").
		UpdateColumns(&row)
	if res.Error != nil {
		return fmt.Errorf("accountdb: update branch: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return account.ErrBranchNotFound
	}
	return nil
}

// DeleteBranch implements account.BranchStore.
func (s *Store) DeleteBranch(ctx context.Context, org, id string) error {
	res := db.Conn(ctx, s.db).Where("id = ? AND org = ?", id, org).Delete(&branchRow{})
	if res.Error != nil {
		return fmt.Errorf("accountdb: delete branch: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return account.ErrBranchNotFound
	}
	return nil
}

// DriversOf implements account.DriverStore.
func (s *Store) DriversOf(ctx context.Context, models []string) ([]account.Driver, error) {
	var rows []driverRow
	err := db.Conn(ctx, s.db).Where("model IN ?", models).
		Order("model, category, name, release_date DESC, id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("accountdb: drivers: %w", err)
	}
	out := make([]account.Driver, 0, len(rows))
	for _, r := range rows {
		out = append(out, toDriver(r))
	}
	return out, nil
}

// Driver implements account.DriverStore.
func (s *Store) Driver(ctx context.Context, id string) (account.Driver, error) {
	var row driverRow
	err := db.Conn(ctx, s.db).Where("id = ?", id).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return account.Driver{}, account.ErrDriverNotFound
	case err != nil:
		return account.Driver{}, fmt.Errorf("accountdb: driver: %w", err)
	}
	return toDriver(row), nil
}

func toBranchRow(b account.Branch) branchRow {
	a, c := b.Address, b.Contact
	return branchRow{
		ID: b.ID, Org: b.Org, Name: b.Name,
		Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode,
		ContactFirstName: c.FirstName, ContactLastName: c.LastName, ContactEmail: c.Email, ContactPhone: c.Phone,
		ContactPhoneCountryCode: c.PhoneCountryCode, CreatedAt: b.CreatedAt.UTC(), UpdatedAt: b.UpdatedAt.UTC(),
	}
}

func toBranch(r branchRow) account.Branch {
	return account.Branch{
		ID: r.ID, Org: r.Org, Name: r.Name,
		Address: rma.Address{Line1: r.Line1, Line2: r.Line2, City: r.City, State: r.State, Country: r.Country, PostalCode: r.PostalCode},
		Contact: account.BranchContact{
			FirstName: r.ContactFirstName, LastName: r.ContactLastName, Email: r.ContactEmail, Phone: r.ContactPhone,
			PhoneCountryCode: r.ContactPhoneCountryCode,
		},
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}
}

func toDriverRow(d account.Driver) driverRow {
	return driverRow{
		ID: d.ID, Model: d.Model, ModelFamily: d.ModelFamily, Name: d.Name, Category: d.Category, OS: d.OS,
		Version: d.Version, ReleaseDate: d.ReleaseDate.UTC(), ReleaseNotes: d.ReleaseNotes, FileName: d.FileName,
		Size: d.Size, SHA256: d.SHA256, BlobKey: d.BlobKey,
	}
}

func toDriver(r driverRow) account.Driver {
	return account.Driver{
		ID: r.ID, Model: r.Model, ModelFamily: r.ModelFamily, Name: r.Name, Category: r.Category, OS: r.OS,
		Version: r.Version, ReleaseDate: r.ReleaseDate.UTC(), ReleaseNotes: r.ReleaseNotes, FileName: r.FileName,
		Size: r.Size, SHA256: r.SHA256, BlobKey: r.BlobKey,
	}
}
