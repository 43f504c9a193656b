// Package auth verifies bearer tokens with go-oidc and says who the caller is and what they may
// do. Every route states its access with one of the middlewares here.
package auth

import (
	"context"
	"fmt"
	"slices"
	"strings"

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
)

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
	// ClientRoles are the caller's roles of this client with the "<clientID>:" prefix removed.
	ClientRoles []string
}

// HasClientRole reports whether the caller may use this client at all.
func (p Principal) HasClientRole() bool { return len(p.ClientRoles) > 0 }

// Has reports whether the caller holds the permission.
func (p Principal) Has(perm Permission) bool { return slices.Contains(p.ClientRoles, string(perm)) }

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
}

// OIDCVerifier checks signature, issuer, audience and expiry with go-oidc.
type OIDCVerifier struct {
	verifier *oidc.IDTokenVerifier
	cfg      OIDCConfig
}

// NewOIDCVerifier verifies tokens signed by keys. For an external provider pass
// oidc.NewRemoteKeySet on its JWKS URL; the embedded provider passes its own keys.
func NewOIDCVerifier(cfg OIDCConfig, keys oidc.KeySet) *OIDCVerifier {
	return &OIDCVerifier{
		verifier: oidc.NewVerifier(cfg.Issuer, keys, &oidc.Config{ClientID: cfg.Audience}),
		cfg:      cfg,
	}
}

// DiscoverOIDCVerifier reads the issuer's discovery document to find its keys.
func DiscoverOIDCVerifier(ctx context.Context, cfg OIDCConfig) (*OIDCVerifier, error) {
	provider, err := oidc.NewProvider(ctx, cfg.Issuer)
	if err != nil {
		return nil, fmt.Errorf("auth: discover %s: %w", cfg.Issuer, err)
	}
	var meta struct {
		JWKSURL string `json:"jwks_uri"`
	}
	if err := provider.Claims(&meta); err != nil {
		return nil, fmt.Errorf("auth: read discovery: %w", err)
	}
	return NewOIDCVerifier(cfg, oidc.NewRemoteKeySet(context.WithoutCancel(ctx), meta.JWKSURL)), nil
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
		ClientRoles: clientRoles(claimAt(claims, v.cfg.RolesClaim), v.cfg.ClientID),
	}, nil
}

func claimAt(claims map[string]any, path string) any {
	var cur any = claims
	for part := range strings.SplitSeq(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[part]
	}
	return cur
}

func clientRoles(raw any, clientID string) []string {
	list, _ := raw.([]any)
	prefix := clientID + ":"
	var out []string
	for _, r := range list {
		s, ok := r.(string)
		if ok && strings.HasPrefix(s, prefix) && len(s) > len(prefix) {
			out = append(out, strings.TrimPrefix(s, prefix))
		}
	}
	return out
}
