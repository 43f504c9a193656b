// Package identityapi serves GET /me: the signed-in user's profile, which the host reads for
// names, roles, organization, discount and the stored address used as form defaults.
package identityapi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
)

// Profiles is what /me needs: the embedded provider's user store, or identityoidc's profiles
// built from any provider's claims. accessToken is the caller's verified bearer token, for a
// source that asks the provider about its user (userinfo).
type Profiles interface {
	Profile(ctx context.Context, caller auth.Principal, accessToken string) (identity.Profile, error)
}

// Routes mounts /me.
func Routes(r gin.IRouter, guard *auth.Guard, profiles Profiles, log *slog.Logger) {
	// Who: any caller with a valid token, including one without a client role: the host needs
	// the roles to send such a user to the 401 page. Each caller reads only their own profile.
	r.GET("/me", guard.SignedIn(), httpx.Handler(log, func(c *gin.Context) error {
		p, _ := auth.PrincipalFrom(c.Request.Context())
		token, _ := auth.BearerToken(c.GetHeader("Authorization"))
		profile, err := profiles.Profile(c.Request.Context(), p, token)
		if errors.Is(err, identity.ErrUnknownUser) {
			// A valid signature over a subject that no longer exists: treat as a bad token so
			// the browser signs in again.
			return fmt.Errorf("%w: unknown subject", auth.ErrInvalidToken)
		}
		if err != nil {
			return err
		}
		c.Header("Cache-Control", "no-store")
		c.JSON(http.StatusOK, profile)
		return nil
	}))
}
