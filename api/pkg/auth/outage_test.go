package auth_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"syscall"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
)

// downVerifier stands for a verifier whose lookups (the embedded provider's profiles) need a
// database that refuses connections.
type downVerifier struct{}

func (downVerifier) Verify(context.Context, string) (auth.Principal, error) {
	return auth.Principal{}, fmt.Errorf("profile: %w", syscall.ECONNREFUSED)
}

func TestGuard_DatabaseOutageIs503NotASignOut(t *testing.T) {
	gin.SetMode(gin.TestMode)
	g := auth.NewGuard(downVerifier{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	r := gin.New()
	r.GET("/x", g.SignedIn(), func(c *gin.Context) { c.Status(http.StatusOK) })
	w := call(r, "Bearer some.valid.token")
	require.Equal(t, http.StatusServiceUnavailable, w.Code)
	require.NotEmpty(t, w.Header().Get("Retry-After"))
	require.Empty(t, w.Header().Get("WWW-Authenticate"), "the token is not said to be invalid")
}
