// Package uploadsdomain is the uploads module's declaration to the composition root: attachments
// and PO files.
package uploadsdomain

import (
	"rugged.example/portal/api/pkg/domain"
	"rugged.example/portal/api/uploads/uploadsdb"
)

// Name names the uploads domain.
const Name = "uploads"

// Descriptor declares the uploads module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "uploads",
		Version: Version,
		Layer:   domain.Capability,
		Paths:   []string{"/bucket-uploader"},
		Schema:  uploadsdb.Schema,
	}
}
