package identity

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"

	"github.com/zitadel/oidc/v3/pkg/oidc"
)

// The token endpoint authenticates the client before it looks at the grant (RFC 6749 §3.2.1,
// §5.2). The OpenID library does so only for some grants and in its own order: on a refresh it
// asks storage for the client and answers that lookup's error as a 500, and on a code exchange
// it takes (and so burns) the code before it checks who presents it. So the provider answers
// every token request naming no client, or another client than its own, here, whatever its
// grant_type: 401 invalid_client with the RFC's JSON body and a WWW-Authenticate challenge
// (RFC 6749 §5.2 asks for one whenever the client tried the Authorization header, and every
// 401 carries one, RFC 9110 §15.5.2). A grant the portal's client may not use is refused here
// too, as unsupported_grant_type, so no other grant of the library is reachable.

const (
	// maxTokenRequestBytes bounds a token request's form; a real one is a few hundred bytes.
	maxTokenRequestBytes = 16 << 10

	descUnknownClient     = "Client authentication failed: unknown client or no client_id."
	descUnsupportedGrant  = "This grant_type is not supported."
	descUnreadableRequest = "The token request's form could not be read."
)

// authenticateTokenClient guards the token endpoint (see above); requests of the portal's
// client with one of its grants go on to the library.
func (p *Provider) authenticateTokenClient(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Every answer of the token endpoint carries tokens or says why not: never cached
		// (RFC 6749 §5.1).
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Pragma", "no-cache")
		r.Body = http.MaxBytesReader(w, r.Body, maxTokenRequestBytes)
		if err := r.ParseForm(); err != nil {
			writeTokenError(w, http.StatusBadRequest, oidc.ErrInvalidRequest().WithDescription(descUnreadableRequest))
			return
		}
		if tokenClientID(r) != p.client.GetID() {
			// Basic is the one scheme a client of this provider can authenticate with.
			w.Header().Set("WWW-Authenticate", `Basic realm="`+p.cfg.Issuer+`"`)
			writeTokenError(w, http.StatusUnauthorized, oidc.ErrInvalidClient().WithDescription(descUnknownClient))
			return
		}
		// r.Form, as the library reads it (body first, then query).
		switch r.Form.Get("grant_type") {
		case "", string(oidc.GrantTypeCode), string(oidc.GrantTypeRefreshToken):
			// A missing grant_type is the library's invalid_request.
			next.ServeHTTP(w, r)
		default:
			writeTokenError(w, http.StatusBadRequest, oidc.ErrUnsupportedGrantType().WithDescription(descUnsupportedGrant))
		}
	})
}

// tokenClientID is the client a token request names, as the library will read it: the user
// name of HTTP Basic authentication when the request uses it (RFC 6749 §2.3.1 form-encodes
// it), else the client_id parameter of a public client (§4.1.3).
func tokenClientID(r *http.Request) string {
	if user, _, ok := r.BasicAuth(); ok {
		id, err := url.QueryUnescape(user)
		if err != nil {
			return ""
		}
		return id
	}
	return r.Form.Get("client_id")
}

// writeTokenError writes an RFC 6749 §5.2 error response: {"error", "error_description"}.
func writeTokenError(w http.ResponseWriter, status int, e *oidc.Error) {
	body, _ := json.Marshal(e)
	h := w.Header()
	h.Set("Content-Type", "application/json;charset=UTF-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
