package identitylogin

import (
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"rugged.example/portal/api/identity/identitycore"
)

// refuse answers a sign-in refused for too many failed attempts: 429 with Retry-After, and the
// form again, its e-mail kept, with the moment to come back. The page is the same whether or
// not the e-mail has an account.
func (h *Handler) refuse(w http.ResponseWriter, r *http.Request, authRequestID, email string, retryAt time.Time) {
	now := h.cfg.Now()
	wait := retryAt.Sub(now)
	seconds := int((wait + time.Second - 1) / time.Second)
	h.cfg.Logger.InfoContext(r.Context(), "idp sign-in refused: too many failed attempts", slog.Int("retry_after_seconds", seconds))
	w.Header().Set("Retry-After", strconv.Itoa(max(seconds, 1)))
	msg := MsgTooManyAttempts + " Try again " + identitycore.RetryText(now, retryAt) + "."
	h.render(w, http.StatusTooManyRequests, pageData{AuthRequestID: authRequestID, Email: email, Error: msg})
}

// RemoteHost is the connection's remote host: the client's address when no proxy tells
// another.
func RemoteHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
