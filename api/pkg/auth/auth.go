// Package auth verifies bearer tokens with go-oidc and says who the caller is and what they may
// do. Every route states its access with one of the middlewares here.
package auth

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"

	"rugged.example/portal/api/pkg/fault"
)

// Permission is a permission string of spec §6. A user holds it as the client role
// "<clientID>:<permission>".
type Permission string

const (
	PermBeta              Permission = "service:beta"
	PermRMAOverride       Permission = "service:admin:rma:override:oow"
	PermCreatePartOrder   Permission = "service:partorder:create"
	PermPaymentPO         Permission = "service:payment:po"
	PermVideoSerialAccess Permission = "service:video:serial:read"

	// PermDepotTechnician and PermDepotLead are the depot staff's roles (issue 29): a technician
	// receives, repairs and ships units; a lead also reads the backlog, the flags and the audit.
	PermDepotTechnician Permission = "service:depot:technician"
	PermDepotLead       Permission = "service:depot:lead"
)

// StaffPermissions are the roles that make a caller depot staff. Staff are not customers: a
// caller holding only these has no customer data and the customer routes refuse them.
var StaffPermissions = []Permission{PermDepotTechnician, PermDepotLead}

var (
	// ErrInvalidToken answers every token problem alike (missing, forged, expired, wrong
	// audience) so a caller learns nothing about which check failed.
	ErrInvalidToken = fault.New(fault.KindUnauthenticated, "invalid_token", "Your session has expired or is not valid. Please sign in again.")
	// ErrNoClientRole is for a signed-in user who holds no role of this client.
	ErrNoClientRole = fault.New(fault.KindForbidden, "auth.noClientRole", "You do not have permission to use the service portal.")
	// ErrForbidden is for a user who lacks a permission the route needs.
	ErrForbidden = fault.New(fault.KindForbidden, "auth.forbidden", "You do not have permission to do this.")
)

// Principal is the verified caller.
type Principal struct {
	Subject string
	Email   string
	// Org is the name of the caller's organization, "" for none: members of one organization
	// see each other's RMAs, quotes and units.
	Org string
	// ClientRoles are the caller's roles of this client with the "<clientID>:" prefix removed.
	ClientRoles []string
	// Claims are every claim of the verified access token, for code that reads more than the
	// above (the profile of an external provider's user).
	Claims map[string]any
	// Expiry is when the access token expires.
	Expiry time.Time
}

// HasClientRole reports whether the caller may use this client as a customer: a role of the
// client other than a staff role (StaffPermissions), so depot staff reach no customer route.
func (p Principal) HasClientRole() bool {
	for _, r := range p.ClientRoles {
		if !slices.Contains(StaffPermissions, Permission(r)) {
			return true
		}
	}
	return false
}

// Has reports whether the caller holds the permission.
func (p Principal) Has(perm Permission) bool { return slices.Contains(p.ClientRoles, string(perm)) }

// DisplayName is how the caller is named to others (an RMA's opener, as their organization sees
// it): the token's given_name and family_name, else its name, else the e-mail; "" when the
// token says none of them. It reads the verified token only, never what a request body says.
func (p Principal) DisplayName() string {
	claim := func(key string) string {
		s, _ := p.Claims[key].(string)
		return strings.TrimSpace(s)
	}
	if full := strings.TrimSpace(claim("given_name") + " " + claim("family_name")); full != "" {
		return full
	}
	if name := claim("name"); name != "" {
		return name
	}
	if email := strings.TrimSpace(p.Email); email != "" {
		return email
	}
	return claim("email")
}

// Verifier turns a raw bearer token into a Principal.
type Verifier interface {
	Verify(ctx context.Context, rawToken string) (Principal, error)
}

// OIDCConfig says how to read tokens of one issuer.
type OIDCConfig struct {
	Issuer   string
	Audience string
	ClientID string
	// RolesClaim is a dot path into the token's claims, e.g. "roles" or
	// "resource_access.service-portal.roles".
	RolesClaim string
	// OrgClaim is a dot path to the organization's name; "" is DefaultOrgClaim, where the
	// embedded provider puts it ({"org": {"name": …}}).
	OrgClaim string
}

// DefaultOrgClaim is where the organization's name is unless OIDC_ORG_CLAIM says otherwise.
const DefaultOrgClaim = "org.name"

// OrgName reads the organization's name at path (DefaultOrgClaim when ""): a string claim,
// trimmed; anything else is no organization.
func OrgName(claims map[string]any, path string) string {
	if path == "" {
		path = DefaultOrgClaim
	}
	s, _ := ClaimAt(claims, path).(string)
	return strings.TrimSpace(s)
}

// OIDCVerifier checks signature, issuer, audience and expiry with go-oidc.
type OIDCVerifier struct {
	verifier *oidc.IDTokenVerifier
	cfg      OIDCConfig
}

// NewOIDCVerifier verifies tokens signed by keys: the embedded provider passes its own keys; an
// issuer known only by URL is verified by a DiscoveringVerifier, which builds one of these.
func NewOIDCVerifier(cfg OIDCConfig, keys oidc.KeySet) *OIDCVerifier {
	return &OIDCVerifier{
		verifier: oidc.NewVerifier(cfg.Issuer, keys, &oidc.Config{ClientID: cfg.Audience}),
		cfg:      cfg,
	}
}

// Verify implements Verifier.
func (v *OIDCVerifier) Verify(ctx context.Context, raw string) (Principal, error) {
	tok, err := v.verifier.Verify(ctx, raw)
	if err != nil {
		return Principal{}, fmt.Errorf("%w: %v", ErrInvalidToken, err)
	}
	var claims map[string]any
	if err := tok.Claims(&claims); err != nil {
		return Principal{}, fmt.Errorf("%w: %v", ErrInvalidToken, err)
	}
	email, _ := claims["email"].(string)
	return Principal{
		Subject:     tok.Subject,
		Email:       email,
		Org:         OrgName(claims, v.cfg.OrgClaim),
		ClientRoles: ClientRoles(RoleList(ClaimAt(claims, v.cfg.RolesClaim)), v.cfg.ClientID),
		Claims:      claims,
		Expiry:      tok.Expiry,
	}, nil
}

// ClaimAt follows a dot path ("org.name") into decoded JSON claims and returns nil where the
// path leads nowhere. A key that itself contains dots (namespaced claims such as
// "https://rugged.example/roles") is matched whole before the path is split.
func ClaimAt(claims map[string]any, path string) any {
	if path == "" || claims == nil {
		return nil
	}
	if v, ok := claims[path]; ok {
		return v
	}
	for i := range len(path) {
		if path[i] != '.' {
			continue
		}
		if sub, ok := claims[path[:i]].(map[string]any); ok {
			if v := ClaimAt(sub, path[i+1:]); v != nil {
				return v
			}
		}
	}
	return nil
}

// RoleList reads a roles claim: a JSON array of strings, or one string of space-separated
// roles (as some providers send a single role). Anything else holds no roles.
func RoleList(raw any) []string {
	var out []string
	switch v := raw.(type) {
	case []any:
		for _, r := range v {
			if s, ok := r.(string); ok && strings.TrimSpace(s) != "" {
				out = append(out, strings.TrimSpace(s))
			}
		}
	case []string:
		for _, s := range v {
			if strings.TrimSpace(s) != "" {
				out = append(out, strings.TrimSpace(s))
			}
		}
	case string:
		out = strings.Fields(v)
	}
	return out
}

// ClientRoles keeps the roles of clientID ("<clientID>:<role>") and removes that prefix.
func ClientRoles(roles []string, clientID string) []string {
	prefix := clientID + ":"
	var out []string
	for _, s := range roles {
		if strings.HasPrefix(s, prefix) && len(s) > len(prefix) {
			out = append(out, strings.TrimPrefix(s, prefix))
		}
	}
	return out
}
