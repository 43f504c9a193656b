package compose

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/paypal"
	"rugged.example/portal/api/pkg/config"
	"rugged.example/portal/api/pkg/domain"
)

// RouteInfo is one route of `portal routes`: the domain whose process serves it, its method and
// path template, and who may call it.
type RouteInfo struct {
	Domain string `json:"domain"`
	Method string `json:"method"`
	Path   string `json:"path"`
	Access string `json:"access"`
}

// The answers of RouteTable's Access, from the most open.
const (
	AccessPublic    = "public"
	AccessSignedIn  = "signed in"
	AccessCustomer  = "customer"
	AccessStaff     = "a permission"
	AccessOrgMember = "an organization's member"
	AccessDepot     = "depot staff"
	AccessLead      = "a depot lead"
	AccessSignature = "no token: a credential of its own"
)

// accessProbes are who RouteTable calls each route as, from the most open: the first one a route
// admits (anything but 401 and 403) is its access. nora holds no role of the portal, casey is a
// customer, adam holds every service permission but belongs to no organization, olivia belongs
// to FleetCo, tariq is a depot technician and lena a depot lead (staff, no customers); a route
// that refuses them all takes a credential of its own (a provider's signature, a client secret).
// Only the guards in front of a handler are seen this way: a rule a handler applies to a body it
// has not got shows as the guard's.
var accessProbes = []struct{ access, user string }{
	{AccessPublic, ""},
	{AccessSignedIn, "nora@example.com"},
	{AccessCustomer, "casey@example.com"},
	{AccessStaff, "adam@example.com"},
	{AccessOrgMember, "olivia@fleetco.example"},
	{AccessDepot, "tariq@rugged.example"},
	{AccessLead, "lena@rugged.example"},
}

// RouteTable lists every route of every domain: it builds the all-in-one portal on the embedded
// defaults in a scratch directory (whatever cfg names for the database, cache, blobs, mail,
// identity and card providers is left alone) and calls each route, without a body, as each of
// accessProbes's demo users. The calls change nothing that outlives the scratch directory. The
// web shell needs the built front end, so its row is the path it answers rather than its files.
func RouteTable(ctx context.Context, cfg Config, log *slog.Logger) ([]RouteInfo, error) {
	dir, err := os.MkdirTemp("", "portal-routes-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cfg.DataDir = dir
	cfg.DatabaseURL, cfg.RedisURL, cfg.BlobURL, cfg.SecretKey = config.Secret(""), config.Secret(""), config.Secret(""), config.Secret("")
	cfg.OIDCIssuer, cfg.SMTPHost = "", ""
	cfg.PayPal, cfg.AuthNet = paypal.Config{}, authnet.Config{}
	all, err := ParseServices(AllServices)
	if err != nil {
		return nil, err
	}
	cfg.Services = slices.DeleteFunc(all, func(s string) bool { return s == ServiceWeb })

	app, err := Build(ctx, cfg, log)
	if err != nil {
		return nil, err
	}
	defer app.Close()
	idp, err := EmbeddedIdentity(ctx, cfg, app.DB, log)
	if err != nil {
		return nil, err
	}
	tokens := map[string]string{}
	for _, p := range accessProbes {
		if p.user == "" {
			continue
		}
		if tokens[p.user], err = idp.MintAccessToken(ctx, p.user, time.Minute); err != nil {
			return nil, err
		}
	}

	var table []RouteInfo
	for _, r := range app.Engine.Routes() {
		table = append(table, RouteInfo{Domain: owner(r.Path), Method: r.Method, Path: r.Path, Access: probeAccess(app, r.Method, r.Path, tokens)})
	}
	if web, ok := descriptor(ServiceWeb); ok {
		for _, p := range web.Paths {
			table = append(table, RouteInfo{Domain: web.Name, Method: "GET HEAD", Path: p + "*", Access: AccessPublic})
		}
	}
	return mergeMethods(table), nil
}

// probeAccess is the first of accessProbes that the route admits.
func probeAccess(app *App, method, path string, tokens map[string]string) string {
	target := pathParam.ReplaceAllString(path, "x")
	for _, p := range accessProbes {
		req := httptest.NewRequest(method, target, nil)
		req.Header.Set("Content-Type", "application/json")
		if p.user != "" {
			req.Header.Set("Authorization", "Bearer "+tokens[p.user])
		}
		w := httptest.NewRecorder()
		app.Engine.ServeHTTP(w, req)
		if w.Code != http.StatusUnauthorized && w.Code != http.StatusForbidden {
			return p.access
		}
	}
	return AccessSignature
}

// pathParam matches a Gin path parameter (:id) or wildcard (*path).
var pathParam = regexp.MustCompile(`[:*][^/]+`)

// owner is the domain whose process the ingress sends path to: the longest matching prefix.
func owner(path string) string {
	best, name := -1, ""
	for _, r := range Routes() {
		for _, p := range r.Paths {
			if matchesPrefix(path, p) && len(p) > best {
				best, name = len(p), r.Service
			}
		}
	}
	if best < 0 || slices.Contains(infrastructurePaths, path) {
		return "every process"
	}
	return name
}

// matchesPrefix is Kubernetes' pathType Prefix: "/fn" matches "/fn" and "/fn/…", not "/fnord".
func matchesPrefix(path, prefix string) bool {
	return prefix == "/" || path == prefix || strings.HasPrefix(path, strings.TrimSuffix(prefix, "/")+"/")
}

// anyMethods is how many methods Gin's Any registers.
const anyMethods = 9

// mergeMethods puts the methods of one path that answer alike on one row, and an Any route's
// nine as ANY.
func mergeMethods(table []RouteInfo) []RouteInfo {
	var out []RouteInfo
	index := map[string]int{}
	for _, r := range table {
		key := r.Domain + " " + r.Path + " " + r.Access
		if i, ok := index[key]; ok {
			out[i].Method += " " + r.Method
			continue
		}
		index[key] = len(out)
		out = append(out, r)
	}
	for i := range out {
		if len(strings.Fields(out[i].Method)) == anyMethods {
			out[i].Method = "ANY"
		}
	}
	slices.SortStableFunc(out, func(a, b RouteInfo) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// Layers is each Go module's layer, read from Domains (import-lint checks imports against it).
func Layers() (map[string]domain.Layer, error) {
	layers := map[string]domain.Layer{}
	for _, d := range Domains() {
		if l, ok := layers[d.Module]; ok && l != d.Layer {
			return nil, fmt.Errorf("compose: module %s is declared in layers %d and %d", d.Module, l, d.Layer)
		}
		layers[d.Module] = d.Layer
	}
	return layers, nil
}
