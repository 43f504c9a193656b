// Package batchtest holds in-memory fakes of the batch core's ports for other packages' tests.
// Each counts its calls, so a test can hold the pre-flight to one read per kind.
package batchtest

import (
	"context"
	"slices"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/rma/rma"
)

// Units is the registry: units by serial.
type Units struct {
	Units []rma.Unit
	Calls int
}

// UnitsBySerials implements batch.Units.
func (f *Units) UnitsBySerials(_ context.Context, serials []string) ([]rma.Unit, error) {
	f.Calls++
	var out []rma.Unit
	for _, u := range f.Units {
		if slices.Contains(serials, u.Serial) {
			out = append(out, u)
		}
	}
	return out, nil
}

// Options are repair options by model (REPAIR only).
type Options struct {
	ByModel map[string][]rma.FaultOptions
	Calls   int
}

// RepairOptionsOfModels implements batch.Options.
func (f *Options) RepairOptionsOfModels(_ context.Context, models []string, rmaType string) (map[string][]rma.FaultOptions, error) {
	f.Calls++
	out := map[string][]rma.FaultOptions{}
	if rmaType != rma.DefaultRMAType {
		return out, nil
	}
	for _, m := range models {
		if opts, ok := f.ByModel[m]; ok {
			out[m] = opts
		}
	}
	return out, nil
}

// Branches are branch names by organization.
type Branches struct {
	ByOrg map[string][]string
	Calls int
}

// BranchNames implements batch.Branches.
func (f *Branches) BranchNames(_ context.Context, org string) ([]string, error) {
	f.Calls++
	return f.ByOrg[org], nil
}

// Discounts gives every caller Percent; Tokens records the access tokens it was asked with.
type Discounts struct {
	Percent float64
	Tokens  []string
}

// DiscountPercent implements batch.Discounts.
func (f *Discounts) DiscountPercent(_ context.Context, _ auth.Principal, accessToken string) (float64, error) {
	f.Tokens = append(f.Tokens, accessToken)
	return f.Percent, nil
}
