// Package geodomain is the geo module's declaration to the composition root: countries, states and
// cities (GeoNames) for address forms.
package geodomain

import (
	"rugged.example/portal/api/pkg/domain"
)

// Name names the geo domain.
const Name = "geo"

// Descriptor declares the geo module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "geo",
		Version: Version,
		Layer:   domain.Capability,
		Paths:   []string{"/fn"},
		Needs:   []domain.Need{domain.Places},
	}
}
