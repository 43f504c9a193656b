package identity

import (
	"net/http"
	"strconv"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"

	"rugged.example/portal/api/pkg/db/dbfault"
)

// storageErr gives a database outage met by the provider's storage the status it deserves: the
// token, userinfo and introspection endpoints answer 503 (try again) instead of the 500 the
// OpenID library picks for any storage error. Other errors pass unchanged. (The authorize
// endpoint answers by redirecting to the client with error=server_error, as OAuth requires.)
func storageErr(err error) error {
	if !dbfault.Unreachable(err) {
		return err
	}
	return op.NewStatusError(oidc.ErrServerError().WithParent(err).WithDescription("%s", dbfault.ErrUnavailable.Message),
		http.StatusServiceUnavailable)
}

// withRetryAfter adds Retry-After to every 503 the provider answers, which the OpenID library
// does not set itself.
func withRetryAfter(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(retryAfterWriter{w}, r)
	})
}

type retryAfterWriter struct{ http.ResponseWriter }

func (w retryAfterWriter) WriteHeader(status int) {
	if status == http.StatusServiceUnavailable && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", strconv.Itoa(dbfault.RetryAfterSeconds))
	}
	w.ResponseWriter.WriteHeader(status)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w retryAfterWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
