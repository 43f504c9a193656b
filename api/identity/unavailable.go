package identity

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"sync/atomic"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"

	"rugged.example/portal/api/pkg/db/dbfault"
)

// A database outage inside the OpenID library's endpoints would come out with whatever status
// the library gives a storage error: 400 invalid_grant at the token endpoint (the client then
// throws its code away and starts the sign-in over), 403 at userinfo, 500 elsewhere. The client
// should instead wait a moment and try the same request again: the code is still valid, since
// the database never took it. So the storage marks the request when it meets an outage, and the
// provider's handler answers any error of a marked request as 503 temporarily_unavailable with
// Retry-After. Redirects (the authorize endpoint's error=server_error) are left as OAuth wants.

type outageKey struct{}

// storageErr passes err on, marking the request when err means the database cannot be reached.
func storageErr(ctx context.Context, err error) error {
	if !dbfault.Unreachable(err) {
		return err
	}
	if seen, ok := ctx.Value(outageKey{}).(*atomic.Bool); ok {
		seen.Store(true)
	}
	return op.NewStatusError(oidc.ErrServerError().WithParent(err), http.StatusServiceUnavailable)
}

// outageAnswers gives every error answer of a request whose storage met an outage the 503 of an
// outage, and any other 503 a Retry-After.
func outageAnswers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen := new(atomic.Bool)
		next.ServeHTTP(&outageWriter{ResponseWriter: w, seen: seen}, r.WithContext(context.WithValue(r.Context(), outageKey{}, seen)))
	})
}

type outageWriter struct {
	http.ResponseWriter
	seen    *atomic.Bool
	replied bool // the outage answer is written; the library's own body is dropped
}

func (w *outageWriter) WriteHeader(status int) {
	h := w.Header()
	switch {
	case w.seen.Load() && status >= http.StatusBadRequest:
		w.replied = true
		h.Del("Content-Length")
		h.Set("Content-Type", "application/json")
		h.Set("Cache-Control", "no-store")
		h.Set("Retry-After", strconv.Itoa(dbfault.RetryAfterSeconds))
		w.ResponseWriter.WriteHeader(http.StatusServiceUnavailable)
		_ = json.NewEncoder(w.ResponseWriter).Encode(map[string]string{
			"error": "temporarily_unavailable", "error_description": dbfault.ErrUnavailable.Message,
		})
		return
	case status == http.StatusServiceUnavailable && h.Get("Retry-After") == "":
		h.Set("Retry-After", strconv.Itoa(dbfault.RetryAfterSeconds))
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *outageWriter) Write(b []byte) (int, error) {
	if w.replied {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *outageWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
