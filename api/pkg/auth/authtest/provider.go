package authtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/go-jose/go-jose/v4"
)

// Provider is a stand-in OpenID provider for tests of code that finds an issuer through
// discovery: it serves the discovery document and its signer's keys, and tests mount what else
// they need (a userinfo endpoint at /userinfo) on Mux.
type Provider struct {
	*Signer
	URL string
	Mux *http.ServeMux
	// Discoveries counts the requests for the discovery document.
	Discoveries atomic.Int64
	down        atomic.Bool
}

// NewProvider starts a provider whose issuer is its own URL; it stops when the test ends.
func NewProvider(tb testing.TB) *Provider {
	tb.Helper()
	p := &Provider{Signer: NewSigner(tb), Mux: http.NewServeMux()}
	srv := httptest.NewServer(p.Mux)
	tb.Cleanup(srv.Close)
	p.URL = srv.URL
	p.Mux.HandleFunc("GET /.well-known/openid-configuration", func(w http.ResponseWriter, _ *http.Request) {
		p.Discoveries.Add(1)
		if p.down.Load() {
			http.Error(w, "starting", http.StatusServiceUnavailable)
			return
		}
		writeJSON(w, map[string]any{
			"issuer":                 p.URL,
			"jwks_uri":               p.URL + "/jwks",
			"userinfo_endpoint":      p.URL + "/userinfo",
			"authorization_endpoint": p.URL + "/auth",
			"token_endpoint":         p.URL + "/token",
		})
	})
	p.Mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &p.key.PublicKey, Algorithm: "RS256", Use: "sig"}}})
	})
	return p
}

// SetDown makes discovery answer 503 (a provider still starting) until SetDown(false).
func (p *Provider) SetDown(down bool) { p.down.Store(down) }

// Token signs claims as this provider (its URL is the issuer unless claims name another).
func (p *Provider) Token(tb testing.TB, c Claims) string {
	tb.Helper()
	if c.Issuer == "" {
		c.Issuer = p.URL
	}
	return p.Signer.Token(tb, c)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
