package compose

import (
	"context"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountdb"
	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/pkg/auth"
)

// batchBranches names an organization's branches for the batch's pre-flight, from the account
// service's store on the one database: batch never imports account.
type batchBranches struct{ store account.BranchStore }

func (b batchBranches) BranchNames(ctx context.Context, org string) ([]string, error) {
	branches, err := b.store.Branches(ctx, org)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(branches))
	for i, br := range branches {
		names[i] = br.Name
	}
	return names, nil
}

// batchDiscounts reads the caller's flat discount from the very terms the repair service
// prices one out-of-warranty RMA with (newCustomerTerms), so a batch row and its RMA cost the same.
type batchDiscounts struct{ terms customerTerms }

func (d batchDiscounts) DiscountPercent(ctx context.Context, caller auth.Principal, accessToken string) (float64, error) {
	t, err := d.terms.Terms(ctx, caller, accessToken)
	if err != nil {
		return 0, err
	}
	return t.DiscountPercent, nil
}

// Batch is the fleet batch's core over the registry (one query per kind), the account's
// branches and the repair service's terms.
func (c *capabilities) Batch(cfg Config, profiles identityapi.Profiles) *batch.Service {
	return batch.NewService(batch.Deps{
		Units: c.Units(), Options: c.Units(),
		Branches:  batchBranches{store: accountdb.NewStore(c.gdb)},
		Discounts: batchDiscounts{terms: newCustomerTerms(cfg, profiles)},
	})
}
