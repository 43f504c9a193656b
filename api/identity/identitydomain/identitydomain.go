// Package identitydomain is the identity module's declaration to the composition root: /me and the
// development OpenID provider (/idp stays routed here with an external provider, so it answers 404
// instead of the web shell).
package identitydomain

import (
	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/pkg/domain"
)

// Name names the identity domain.
const Name = "identity"

// Descriptor declares the identity module (pkg/domain).
func Descriptor() domain.Descriptor {
	return domain.Descriptor{
		Name:    Name,
		Module:  "identity",
		Version: Version,
		Layer:   domain.Capability,
		Paths:   []string{"/me", "/idp"},
		Needs:   []domain.Need{domain.Mail},
		Schema:  identitydb.Schema,
	}
}
