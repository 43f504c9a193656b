// Package paymentsdomain is the payments module's declaration to the composition root: quotes, card
// providers and their sandboxes (/sandbox answers 404 once real providers are configured).
package paymentsdomain

import (
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/domain"
)

// Name names the payments domain.
const Name = "payments"

// Descriptor declares the payments module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "payments",
		Version: Version,
		Layer:   domain.Capability,
		Paths:   []string{"/payments", "/sandbox"},
		Needs:   []domain.Need{domain.Mail},
		Schema:  paymentsdb.Schema,
	}
}
