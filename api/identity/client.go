package identity

import (
	"net/url"
	"slices"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// portalClient is the one client of the provider: the portal's single-page app, a public
// client (no secret) that must use PKCE S256 and gets JWT access tokens.
type portalClient struct {
	id            string
	redirectURIs  []string
	logoutURIs    []string
	loginPath     string
	tokenLifetime time.Duration
}

func newPortalClient(id string, origins []string, prefix string, ttl time.Duration) *portalClient {
	c := &portalClient{id: id, loginPath: prefix + "/login", tokenLifetime: ttl}
	for _, o := range origins {
		c.redirectURIs = append(c.redirectURIs, o+"/oidc-callback", o+"/silent-renew")
		c.logoutURIs = append(c.logoutURIs, o+"/")
	}
	return c
}

func (c *portalClient) GetID() string                       { return c.id }
func (c *portalClient) RedirectURIs() []string              { return c.redirectURIs }
func (c *portalClient) PostLogoutRedirectURIs() []string    { return c.logoutURIs }
func (c *portalClient) ApplicationType() op.ApplicationType { return op.ApplicationTypeUserAgent }
func (c *portalClient) AuthMethod() oidc.AuthMethod         { return oidc.AuthMethodNone }
func (c *portalClient) ResponseTypes() []oidc.ResponseType {
	return []oidc.ResponseType{oidc.ResponseTypeCode}
}
func (c *portalClient) GrantTypes() []oidc.GrantType {
	return []oidc.GrantType{oidc.GrantTypeCode, oidc.GrantTypeRefreshToken}
}

// LoginURL is a path, so the sign-in page stays on whatever host the browser used.
func (c *portalClient) LoginURL(authRequestID string) string {
	return c.loginPath + "?authRequestID=" + url.QueryEscape(authRequestID)
}
func (c *portalClient) AccessTokenType() op.AccessTokenType { return op.AccessTokenTypeJWT }
func (c *portalClient) IDTokenLifetime() time.Duration      { return c.tokenLifetime }

// DevMode lets the registered http:// redirect URIs through (they still must match exactly).
func (c *portalClient) DevMode() bool { return true }
func (c *portalClient) RestrictAdditionalIdTokenScopes() func([]string) []string {
	return func(scopes []string) []string { return scopes }
}
func (c *portalClient) RestrictAdditionalAccessTokenScopes() func([]string) []string {
	return func(scopes []string) []string { return scopes }
}
func (c *portalClient) IsScopeAllowed(scope string) bool {
	return slices.Contains(SupportedScopes(), scope)
}

// IDTokenUserinfoClaimsAssertion puts the claims of the granted scopes into the id_token
// too, not only into userinfo.
func (c *portalClient) IDTokenUserinfoClaimsAssertion() bool { return true }
func (c *portalClient) ClockSkew() time.Duration             { return 0 }
