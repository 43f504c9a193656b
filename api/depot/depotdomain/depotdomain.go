// Package depotdomain is the depot module's declaration to the composition root
// (compose.Domains): its name, paths, layer and schema, and how a process mounts it.
package depotdomain

import (
	"rugged.example/portal/api/depot/depotdb"
	"rugged.example/portal/api/pkg/domain"
)

// Name names the depot domain.
const Name = "depot"

// Descriptor declares the depot module (pkg/domain). The composition root mounts it (no Mount
// here): it moves RMAs through the lifecycle the repair domain shares, claims uploads and
// e-mails customers through the outbox.
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "depot",
		Version: Version,
		Layer:   domain.Service,
		Paths:   []string{"/depot"},
		Needs:   []domain.Need{domain.Mail},
		Schema:  depotdb.Schema,
	}
}
