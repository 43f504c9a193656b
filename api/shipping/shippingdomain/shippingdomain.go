// Package shippingdomain is the shipping module's declaration to the composition root: labels,
// commercial invoices and drop-off offices.
package shippingdomain

import (
	"rugged.example/portal/api/pkg/domain"
	"rugged.example/portal/api/shipping/shippingdb"
)

// Name names the shipping domain.
const Name = "shipping"

// Descriptor declares the shipping module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "shipping",
		Version: Version,
		Layer:   domain.Capability,
		Paths:   []string{"/shipping"},
		Schema:  shippingdb.Schema,
	}
}
