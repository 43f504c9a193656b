// Package batchdomain is the batch module's declaration to the composition root
// (compose.Domains): its name, paths, layer and schema, and how a process mounts it.
package batchdomain

import (
	"rugged.example/portal/api/batch/batchdb"
	"rugged.example/portal/api/pkg/domain"
)

// Name names the batch domain.
const Name = "batch"

// Descriptor declares the batch module (pkg/domain). The composition root mounts it (no Mount
// here): its pre-flight reads the RMA registry, the account's branches and the customer's
// terms, and its worker creates RMAs through the rma capability, pays through the checkout and
// issues the boxes' documents through shipping, all adapted there. It owns the batch tables
// (batch_batches, batch_rows) and queues each batch's summary e-mail in the outbox. Its prefix
// is longer than repair's /rma-manager, so the ingress sends it here.
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "batch",
		Version: Version,
		Layer:   domain.Service,
		Paths:   []string{"/rma-manager/batches"},
		Needs:   []domain.Need{domain.Places, domain.Mail},
		Schema:  batchdb.Schema,
	}
}
