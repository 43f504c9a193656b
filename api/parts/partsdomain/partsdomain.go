// Package partsdomain is the parts module's declaration to the composition root: the parts
// catalogue (public), orders, video units and the inventory.
package partsdomain

import (
	"context"

	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/pkg/domain"
)

// Name names the parts domain.
const Name = "parts"

// Descriptor declares the parts module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "parts",
		Version: Version,
		Layer:   domain.Service,
		Paths:   []string{"/parts-manager"},
		Needs:   []domain.Need{domain.Places, domain.Mail},
		Schema:  partsdb.Schema,
		Seed:    seed,
	}
}

// seed writes the parts catalogue.
func seed(ctx context.Context, s domain.Seeding) error {
	return partsdb.Seed(ctx, partsdb.NewStore(s.DB))
}
