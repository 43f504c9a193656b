package auth

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/db/dbfault"
	"rugged.example/portal/api/pkg/httpx"
)

type principalKey struct{}

// PrincipalFrom returns the caller that Authenticate verified.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// WithPrincipal returns a context carrying p; tests of handlers use it too.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// Guard builds the access middlewares of one API surface.
type Guard struct {
	verifier Verifier
	log      *slog.Logger
}

// NewGuard returns a Guard over verifier.
func NewGuard(v Verifier, log *slog.Logger) *Guard { return &Guard{verifier: v, log: log} }

// SignedIn admits any caller with a valid bearer token.
func (g *Guard) SignedIn() gin.HandlerFunc {
	return func(c *gin.Context) {
		raw, ok := BearerToken(c.GetHeader("Authorization"))
		if !ok {
			httpx.WriteError(c, g.log, ErrInvalidToken)
			return
		}
		p, err := g.verifier.Verify(c.Request.Context(), raw)
		if errors.Is(err, ErrProviderUnavailable) {
			g.log.WarnContext(c.Request.Context(), "identity provider unavailable", "err", err.Error())
			httpx.WriteError(c, g.log, ErrProviderUnavailable)
			return
		}
		if dbfault.Unreachable(err) {
			// Not the token's fault: a 401 would sign the customer out over a database outage.
			httpx.WriteError(c, g.log, err)
			return
		}
		if err != nil {
			g.log.InfoContext(c.Request.Context(), "token rejected", "reason", err.Error())
			httpx.WriteError(c, g.log, ErrInvalidToken)
			return
		}
		c.Request = c.Request.WithContext(WithPrincipal(c.Request.Context(), p))
		c.Next()
	}
}

// MaybeSignedIn verifies a bearer token when one is sent and lets anonymous callers through:
// for endpoints (GraphQL) whose fields decide their own access. A token that is sent but not
// valid is still refused, so a stale session is noticed instead of silently downgraded.
func (g *Guard) MaybeSignedIn() gin.HandlerFunc {
	signedIn := g.SignedIn()
	return func(c *gin.Context) {
		if c.GetHeader("Authorization") == "" {
			c.Next()
			return
		}
		signedIn(c)
	}
}

// RequireCustomer is the check of Customer for code that runs after MaybeSignedIn: it returns
// the caller, or ErrInvalidToken when anonymous and ErrNoClientRole without a client role.
func RequireCustomer(ctx context.Context) (Principal, error) {
	p, ok := PrincipalFrom(ctx)
	switch {
	case !ok:
		return Principal{}, ErrInvalidToken
	case !p.HasClientRole():
		return Principal{}, ErrNoClientRole
	}
	return p, nil
}

// Customer admits a signed-in caller who holds at least one role of this client: the rule of
// spec §6 for every sign-in route.
func (g *Guard) Customer() gin.HandlerFunc {
	return g.require(func(p Principal) error {
		if !p.HasClientRole() {
			return ErrNoClientRole
		}
		return nil
	})
}

// AnyOf admits a caller holding at least one of perms (route meta any-role).
func (g *Guard) AnyOf(perms ...Permission) gin.HandlerFunc {
	return g.require(func(p Principal) error {
		for _, perm := range perms {
			if p.Has(perm) {
				return nil
			}
		}
		return ErrForbidden
	})
}

// AllOf admits a caller holding every one of perms (route meta all-roles).
func (g *Guard) AllOf(perms ...Permission) gin.HandlerFunc {
	return g.require(func(p Principal) error {
		for _, perm := range perms {
			if !p.Has(perm) {
				return ErrForbidden
			}
		}
		return nil
	})
}

// require runs after SignedIn: it fails closed when no principal is present.
func (g *Guard) require(check func(Principal) error) gin.HandlerFunc {
	return func(c *gin.Context) {
		p, ok := PrincipalFrom(c.Request.Context())
		if !ok {
			httpx.WriteError(c, g.log, ErrInvalidToken)
			return
		}
		if err := check(p); err != nil {
			httpx.WriteError(c, g.log, err)
			return
		}
		c.Next()
	}
}

// BearerToken returns the token of an "Authorization: Bearer …" header.
func BearerToken(header string) (string, bool) {
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return "", false
	}
	return strings.TrimSpace(token), true
}
