package geo_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/rulebook"
)

// The rulebook's address rules (packages/rulebook/vectors), which packages/forms applies in the
// browser with the same vectors.

type addressVector struct {
	Address    geo.Address `json:"address"`
	AllowPOBox bool        `json:"allowPoBox"`
}

func TestRulebook_Address(t *testing.T) {
	c := catalog(t)
	rulebook.Run(t, "address", func(in addressVector) map[string]string {
		err := c.ValidateAddress(in.Address, in.AllowPOBox)
		if err == nil {
			return map[string]string{}
		}
		f, ok := fault.As(err)
		require.True(t, ok, "want a validation fault, got %v", err)
		return f.Fields
	})
}

func TestRulebook_MilitaryAddress(t *testing.T) {
	rulebook.Run(t, "military-address", geo.IsMilitaryAddress)
}

func TestRulebook_POBox(t *testing.T) {
	rulebook.Run(t, "po-box", geo.IsPOBox)
}
