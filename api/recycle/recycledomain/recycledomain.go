// Package recycledomain is the recycle module's declaration to the composition root: recycling
// RMAs.
package recycledomain

import (
	"rugged.example/portal/api/pkg/domain"
)

// Name names the recycle domain.
const Name = "recycle"

// Descriptor declares the recycle module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "recycle",
		Version: Version,
		Layer:   domain.Service,
		Paths:   []string{"/rma-manager/rma/recycle"},
		Needs:   []domain.Need{domain.Places, domain.Mail, domain.RMAs},
	}
}
