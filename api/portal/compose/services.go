package compose

import (
	"fmt"
	"slices"
	"strings"

	"rugged.example/portal/api/account/accountdomain"
	"rugged.example/portal/api/batch/batchdomain"
	"rugged.example/portal/api/depot/depotdomain"
	"rugged.example/portal/api/geo/geodomain"
	"rugged.example/portal/api/identity/identitydomain"
	"rugged.example/portal/api/parts/partsdomain"
	"rugged.example/portal/api/payments/paymentsdomain"
	"rugged.example/portal/api/recycle/recycledomain"
	"rugged.example/portal/api/repair/repairdomain"
	"rugged.example/portal/api/shipping/shippingdomain"
	"rugged.example/portal/api/support/supportdomain"
	"rugged.example/portal/api/uploads/uploadsdomain"
)

// The domains a process can serve (Domains). `portal serve --services=LIST` mounts the listed
// ones; the embedded default mounts all of them in one process, production runs one process per
// domain behind an ingress that routes by their paths (ARCHITECTURE.md §1). The names are the
// modules' own; these are the ones the composition root wires itself (mounts).
const (
	ServiceIdentity = identitydomain.Name
	ServiceRepair   = repairdomain.Name
	ServiceRecycle  = recycledomain.Name
	ServiceSupport  = supportdomain.Name
	ServiceGeo      = geodomain.Name
	ServiceShipping = shippingdomain.Name
	ServiceUploads  = uploadsdomain.Name
	ServiceGraphQL  = "graphql"
	ServicePayments = paymentsdomain.Name
	ServiceAccount  = accountdomain.Name
	ServiceParts    = partsdomain.Name
	ServiceDepot    = depotdomain.Name
	ServiceBatch    = batchdomain.Name
	ServiceWeb      = "web"

	// AllServices is the keyword for every domain in one process.
	AllServices = "all"
)

// Route says which path prefixes the ingress sends to one domain's process. Prefixes follow
// Kubernetes' pathType Prefix: "/fn" matches "/fn" and "/fn/…" but not "/fnord", and the
// longest matching prefix wins ("/rma-manager/rma/recycle" goes to recycle, the rest of
// "/rma-manager" to repair).
type Route struct {
	Service string   `json:"name"`
	Paths   []string `json:"paths"`
	// Deployable and Version name the release the process runs (api-<module>, docs/releasing.md).
	Deployable string `json:"deployable"`
	Version    string `json:"version"`
}

// Routes is the table of which process owns which path, read from Domains: `portal routes`
// prints it for the Helm chart's check and the local topology's proxy.
func Routes() []Route {
	var routes []Route
	for _, d := range Domains() {
		if d.Serves() {
			routes = append(routes, Route{Service: d.Name, Paths: d.Paths, Deployable: d.Deployable(), Version: d.Version})
		}
	}
	return routes
}

// Services is the set of domains one process mounts.
type Services []string

// ParseServices reads the --services flag: "all" or a comma-separated list of domain names.
func ParseServices(list string) (Services, error) {
	known := make([]string, 0, len(Routes()))
	for _, r := range Routes() {
		known = append(known, r.Service)
	}
	list = strings.TrimSpace(list)
	if list == "" || list == AllServices {
		return known, nil
	}
	var out Services
	for name := range strings.SplitSeq(list, ",") {
		name = strings.TrimSpace(name)
		if !slices.Contains(known, name) {
			return nil, fmt.Errorf("compose: unknown service %q (known: %s, or %s)", name, strings.Join(known, ", "), AllServices)
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out, nil
}

// Has reports whether the process mounts the domain.
func (s Services) Has(name string) bool { return slices.Contains(s, name) }

// All reports whether the process is the all-in-one portal.
func (s Services) All() bool {
	for _, r := range Routes() {
		if !s.Has(r.Service) {
			return false
		}
	}
	return true
}

// String names the process in logs and traces: "all" or the list.
func (s Services) String() string {
	if s.All() {
		return AllServices
	}
	return strings.Join(s, ",")
}
