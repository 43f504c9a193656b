package identity

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zitadel/oidc/v3/pkg/op"
)

func TestStorageErr_DatabaseOutageAnswers503WithRetryAfter(t *testing.T) {
	// What the OpenID library's token endpoint does with a storage error.
	h := withRetryAfter(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		op.WriteError(w, r, op.AsStatusError(storageErr(fmt.Errorf("code: %w", syscall.ECONNREFUSED)), http.StatusInternalServerError), nil)
	}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/idp/oauth/token", nil))
	require.Equal(t, http.StatusServiceUnavailable, w.Code)
	require.NotEmpty(t, w.Header().Get("Retry-After"))
	require.Contains(t, w.Body.String(), "temporarily unavailable")

	other := errors.New("not found")
	require.Same(t, other, storageErr(other), "other errors pass unchanged")
}
