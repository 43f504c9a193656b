// Package repairdomain is the repair module's declaration to the composition root: the serial
// check, repair and upgrade RMAs and their payment, staff moves.
package repairdomain

import (
	"rugged.example/portal/api/pkg/domain"
)

// Name names the repair domain.
const Name = "repair"

// Descriptor declares the repair module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "repair",
		Version: Version,
		Layer:   domain.Service,
		Paths:   []string{"/rma-manager"},
		Needs:   []domain.Need{domain.Places, domain.Mail, domain.RMAs},
	}
}
