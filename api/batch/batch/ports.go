package batch

import (
	"context"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/rma/rma"
)

// Units reads the registry's units of many serials at once (rmadb.Store implements it): one
// query for a whole batch instead of one per row. A serial the registry does not know is absent.
type Units interface {
	UnitsBySerials(ctx context.Context, serials []string) ([]rma.Unit, error)
}

// Options reads the repair options of many models at once (rmadb.Store implements it); a model
// without options is absent.
type Options interface {
	RepairOptionsOfModels(ctx context.Context, models []string, rmaType string) (map[string][]rma.FaultOptions, error)
}

// Branches names an organization's branches (the account service keeps them; the composition
// root adapts its store).
type Branches interface {
	BranchNames(ctx context.Context, org string) ([]string, error)
}

// Discounts answers the caller's flat discount of spec §6 from the same terms the repair
// service prices one out-of-warranty RMA with (the profile, or the token's claim), so a batch's
// price is exactly the price of its RMAs.
type Discounts interface {
	DiscountPercent(ctx context.Context, caller auth.Principal, accessToken string) (float64, error)
}
