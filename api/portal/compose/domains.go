package compose

import (
	"rugged.example/portal/api/account/accountdomain"
	"rugged.example/portal/api/batch/batchdomain"
	"rugged.example/portal/api/depot/depotdomain"
	"rugged.example/portal/api/geo/geodomain"
	"rugged.example/portal/api/identity/identitydomain"
	"rugged.example/portal/api/parts/partsdomain"
	"rugged.example/portal/api/payments/paymentsdomain"
	"rugged.example/portal/api/pkg/domain"
	"rugged.example/portal/api/portal/portaldomain"
	"rugged.example/portal/api/recycle/recycledomain"
	"rugged.example/portal/api/repair/repairdomain"
	"rugged.example/portal/api/rma/rmadomain"
	"rugged.example/portal/api/shipping/shippingdomain"
	"rugged.example/portal/api/support/supportdomain"
	"rugged.example/portal/api/uploads/uploadsdomain"
)

// Domains is the one list of the portal's modules (ARCHITECTURE.md §7), one line each, in the
// order they migrate, seed and are served: a new domain adds its line here and nowhere else
// (`make new-domain NAME=x` does). Routes, the web shell's API prefixes, what a process sets up
// for the domains it serves, the schema and demo data, the split topology, `portal routes` and
// through it import-lint's layers and the Helm chart's check all read it.
func Domains() []domain.Descriptor {
	return []domain.Descriptor{
		rmadomain.Descriptor(),
		identitydomain.Descriptor(),
		repairdomain.Descriptor(),
		recycledomain.Descriptor(),
		supportdomain.Descriptor(),
		geodomain.Descriptor(),
		shippingdomain.Descriptor(),
		uploadsdomain.Descriptor(),
		graphqlDomain(),
		paymentsdomain.Descriptor(),
		accountdomain.Descriptor(),
		partsdomain.Descriptor(),
		depotdomain.Descriptor(),
		batchdomain.Descriptor(),
		// new-domain: a scaffolded domain's line goes above this one.
		webDomain(),
	}
}

// graphqlDomain is the portal's GraphQL schema (graph), which reads several modules' data.
func graphqlDomain() domain.Descriptor {
	return domain.Descriptor{
		Name: ServiceGraphQL, Module: "portal", Version: portaldomain.Version, Layer: domain.Composition, Paths: []string{"/graphql"},
		// Support tickets are created through GraphQL and e-mailed.
		Needs: []domain.Need{domain.Mail},
	}
}

// webDomain is the web shell: the host, /remotes/<name>/ and /runtime-config.json, and every
// path no other domain claims.
func webDomain() domain.Descriptor {
	return domain.Descriptor{Name: ServiceWeb, Module: "portal", Version: portaldomain.Version, Layer: domain.Composition, Paths: []string{"/"}}
}

// descriptor returns the domain named name.
func descriptor(name string) (domain.Descriptor, bool) {
	for _, d := range Domains() {
		if d.Name == name {
			return d, true
		}
	}
	return domain.Descriptor{}, false
}

// needs reports whether a domain the process serves needs n.
func needs(s Services, n domain.Need) bool {
	for _, name := range s {
		if d, ok := descriptor(name); ok && d.Has(n) {
			return true
		}
	}
	return false
}

// infrastructurePaths are the portal's own paths on every process: the probes, and /metrics,
// which the public port answers with a plain 404 (metrics are on the admin listener only).
var infrastructurePaths = []string{"/healthz", "/readyz", "/metrics"}

// apiPrefixes are the paths that never fall back to the host page: every domain's but the web
// shell's, so an unknown API path is a 404 wherever the ingress sends it.
func apiPrefixes() []string {
	prefixes := append([]string{}, infrastructurePaths...)
	for _, r := range Routes() {
		if r.Service != ServiceWeb {
			prefixes = append(prefixes, r.Paths...)
		}
	}
	return prefixes
}
