// Package rmadomain is the rma module's declaration to the composition root: the units registry and
// the RMA aggregate: a library of repair and recycle, served by no process of its own.
package rmadomain

import (
	"context"

	"rugged.example/portal/api/pkg/domain"
	"rugged.example/portal/api/rma/rmadb"
)

// Name names the rma domain.
const Name = "rma"

// Descriptor declares the rma module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "rma",
		Version: Version,
		Layer:   domain.Capability,
		Schema:  rmadb.Schema,
		Seed:    seed,
	}
}

// seed writes the demo units and fleet, then the repair options and their prices.
func seed(ctx context.Context, s domain.Seeding) error {
	units := rmadb.NewStore(s.DB)
	if err := rmadb.SeedDemo(ctx, units); err != nil {
		return err
	}
	return rmadb.SeedRepairOptions(ctx, units)
}
