// Package supportdomain is the support module's declaration to the composition root: the contact
// form and the info-banner reports.
package supportdomain

import (
	"context"

	"rugged.example/portal/api/pkg/domain"
	"rugged.example/portal/api/support/supportdb"
)

// Name names the support domain.
const Name = "support"

// Descriptor declares the support module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "support",
		Version: Version,
		Layer:   domain.Service,
		Paths:   []string{"/contact-form", "/admin/reports"},
		Needs:   []domain.Need{domain.Mail},
		Schema:  supportdb.Schema,
		Seed:    seed,
	}
}

// seed writes the info-banner reports.
func seed(ctx context.Context, s domain.Seeding) error {
	return supportdb.Seed(ctx, supportdb.NewStore(s.DB))
}
