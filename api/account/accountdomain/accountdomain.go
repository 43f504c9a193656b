// Package accountdomain is the account module's declaration to the composition root: the your-
// account pages: settings, branches, registrations, drivers, the dashboard and its event stream,
// and the RMA history's reads.
package accountdomain

import (
	"context"

	"rugged.example/portal/api/account/accountdb"
	"rugged.example/portal/api/pkg/domain"
)

// Name names the account domain.
const Name = "account"

// Descriptor declares the account module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "account",
		Version: Version,
		Layer:   domain.Service,
		Paths:   []string{"/account-mgr", "/gss-dashboard", "/rma-manager/rma/history", "/rma-manager/rma/details", "/rma-manager/rma/repair-summary"},
		Needs:   []domain.Need{domain.Places},
		Schema:  accountdb.Schema,
		Seed:    seed,
	}
}

// seed gives the demo organization its branches and writes the driver catalogue, whose files go
// to the blob storage the processes share.
func seed(ctx context.Context, s domain.Seeding) error {
	return accountdb.Seed(ctx, accountdb.NewStore(s.DB), s.Blobs)
}
