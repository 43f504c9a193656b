package rma

import (
	"testing"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/pkg/rulebook"
)

// The rulebook's packaging mode (packages/rulebook/vectors), which the create-RMA page applies in
// the browser with the same vectors (apps/repair packaging.ts).

type packagingInput struct {
	Address         Address `json:"address"`
	AdvanceExchange bool    `json:"advanceExchange"`
}

// geoAddressRules are the geography module's rules, as the composition root wires them.
type geoAddressRules struct{ AddressValidator }

func (geoAddressRules) IsMilitaryAddress(a Address) bool {
	return geo.IsMilitaryAddress(geo.Address(a))
}

func TestRulebook_PackagingMode(t *testing.T) {
	c := &Creator{Addresses: geoAddressRules{}}
	rulebook.Run(t, "packaging-mode", func(in packagingInput) string {
		u := Unit{}
		if in.AdvanceExchange {
			u.AllowedRepairTypes = []string{RepairTypeAdvanceExchange}
		}
		if m := c.shippingMethod(in.Address, u); m != "" {
			return string(m)
		}
		return "choice"
	})
}
