package paypalsandbox

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// token issues a client-credentials access token, as POST /v1/oauth2/token does.
func (s *Sandbox) token(w http.ResponseWriter, r *http.Request) {
	id, secret, ok := r.BasicAuth()
	if !ok || subtle.ConstantTimeCompare([]byte(id), []byte(s.cfg.ClientID)) != 1 ||
		subtle.ConstantTimeCompare([]byte(secret), []byte(s.cfg.ClientSecret.Reveal())) != 1 {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client", "error_description": "Client Authentication failed"})
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil || r.PostForm.Get("grant_type") != "client_credentials" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type", "error_description": "Grant Type is NULL or not supported"})
		return
	}
	now := s.cfg.Now()
	writeJSON(w, http.StatusOK, map[string]any{
		"scope":        "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks",
		"access_token": s.signToken(now.Add(s.cfg.TokenLifetime)),
		"token_type":   "Bearer",
		"app_id":       "APP-80W284485P519543T",
		"expires_in":   int64(s.cfg.TokenLifetime / time.Second),
		"nonce":        now.UTC().Format(time.RFC3339) + randomID(20),
	})
}

// signToken returns "A21AA<expiry>.<nonce>.<mac>": checkable without a table.
func (s *Sandbox) signToken(expires time.Time) string {
	body := "A21AA" + strconv.FormatInt(expires.Unix(), 10) + "." + randomID(16)
	return body + "." + s.mac(body)
}

func (s *Sandbox) mac(body string) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte(body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// authorized lets a request through only with a bearer token the sandbox issued and that has not
// expired, answering 401 invalid_token as PayPal does otherwise.
func (s *Sandbox) authorized(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		i := strings.LastIndex(token, ".")
		ok = ok && i > 0 && hmac.Equal([]byte(token[i+1:]), []byte(s.mac(token[:i])))
		var expires time.Time
		if ok {
			unix, _, _ := strings.Cut(strings.TrimPrefix(token[:i], "A21AA"), ".")
			n, err := strconv.ParseInt(unix, 10, 64)
			ok, expires = err == nil, time.Unix(n, 0)
		}
		switch {
		case !ok:
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token", "error_description": "Token signature verification failed"})
		case !s.cfg.Now().Before(expires):
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token", "error_description": "Access Token not found in cache"})
		default:
			next(w, r)
		}
	}
}
