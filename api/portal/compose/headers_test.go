package compose_test

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	apiPolicy         = "default-src 'none'; frame-ancestors 'none'"
	permissionsPolicy = "accelerometer=(), autoplay=(), browsing-topics=(), camera=(), " +
		"display-capture=(), encrypted-media=(), geolocation=(), gyroscope=(), hid=(), idle-detection=(), " +
		"magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), " +
		"screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()"
	// The embedded defaults: provider and Authorize.net sandbox under PORTAL_PUBLIC_URL.
	hostPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob:; font-src 'self'; connect-src 'self' http://127.0.0.1:18080 blob:; " +
		"frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self' http://127.0.0.1:18080; " +
		"frame-ancestors 'none'"
)

func TestSecurityHeaders_EachKindOfPageGetsItsPolicy(t *testing.T) {
	app := build(t, embeddedConfig(t))
	payForm := url.Values{"token": {"no-such-token"}}.Encode()

	tests := []struct {
		name, method, path, body string
		csp                      func(t *testing.T, csp string)
	}{
		{"host page", http.MethodGet, "/", "", equals(hostPolicy)},
		{"host page of a client route", http.MethodGet, "/create-rma/RT10000001", "", equals(hostPolicy)},
		{"host page of the sign-in callback", http.MethodGet, "/oidc-callback?code=x&state=y", "", equals(hostPolicy)},
		{"API JSON", http.MethodGet, "/me", "", equals(apiPolicy)},
		{"API JSON 404", http.MethodGet, "/rma-manager/rma/nothing-here", "", equals(apiPolicy)},
		{"runtime config", http.MethodGet, "/runtime-config.json", "", equals(apiPolicy)},
		{"remote's file", http.MethodGet, "/remotes/repair/mf-manifest.json", "", equals(apiPolicy)},
		{"provider's discovery", http.MethodGet, "/idp/.well-known/openid-configuration", "", equals(apiPolicy)},
		{"provider's sign-in page", http.MethodGet, "/idp/login?authRequestID=expired", "", func(t *testing.T, csp string) {
			// Its own: inline styles, a form that posts to itself, no script at all.
			require.Contains(t, csp, "default-src 'none'; style-src 'unsafe-inline';")
			require.Contains(t, csp, "frame-ancestors 'none'")
			require.Contains(t, csp, "form-action 'self'")
			require.NotContains(t, csp, "script-src")
		}},
		{"Authorize.net sandbox's payment form", http.MethodPost, "/sandbox/authnet/payment/payment", payForm, func(t *testing.T, csp string) {
			require.Contains(t, csp, "default-src 'none'; style-src 'unsafe-inline';")
			require.NotContains(t, csp, "script-src")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
			if tt.body != "" {
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			}
			w := httptest.NewRecorder()
			app.Engine.ServeHTTP(w, req)
			h := w.Header()
			tt.csp(t, h.Get("Content-Security-Policy"))
			// Nothing of the portal may be framed, the pages with a policy of their own included.
			require.Equal(t, "DENY", h.Get("X-Frame-Options"))
			require.Equal(t, "nosniff", h.Get("X-Content-Type-Options"))
			require.NotEmpty(t, h.Get("Referrer-Policy"))
			require.Equal(t, permissionsPolicy, h.Get("Permissions-Policy"))
			require.Empty(t, h.Get("Strict-Transport-Security"), "plain HTTP gets no HSTS")
		})
	}
}

func TestSecurityHeaders_HSTSOnlyWhenTheBrowserUsedHTTPS(t *testing.T) {
	cfg := embeddedConfig(t)
	cfg.TrustedProxies = []string{"10.0.0.0/8", "192.168.1.7"}
	app := build(t, cfg)

	tests := []struct {
		name, remoteAddr string
		tls              bool
		forwardedProto   []string
		hsts             bool
	}{
		{"plain HTTP", "203.0.113.9:4000", false, nil, false},
		{"TLS on the connection", "203.0.113.9:4000", true, nil, true},
		{"a trusted proxy that terminated TLS", "10.1.2.3:4000", false, []string{"https"}, true},
		{"a trusted proxy given as one address", "192.168.1.7:4000", false, []string{"HTTPS"}, true},
		{"a trusted proxy over plain HTTP", "10.1.2.3:4000", false, []string{"http"}, false},
		{"a trusted proxy appending its own http to a client's https", "10.1.2.3:4000", false, []string{"https, http"}, false},
		{"a trusted proxy adding a second header line", "10.1.2.3:4000", false, []string{"http", "https"}, true},
		{"a client spoofing the header", "203.0.113.9:4000", false, []string{"https"}, false},
		{"a client next to a trusted proxy's address", "192.168.1.8:4000", false, []string{"https"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, path := range []string{"/", "/me"} {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.RemoteAddr = tt.remoteAddr
				if tt.tls {
					req.TLS = &tls.ConnectionState{}
				}
				for _, v := range tt.forwardedProto {
					req.Header.Add("X-Forwarded-Proto", v)
				}
				w := httptest.NewRecorder()
				app.Engine.ServeHTTP(w, req)
				if tt.hsts {
					require.Equal(t, "max-age=31536000; includeSubDomains", w.Header().Get("Strict-Transport-Security"), path)
				} else {
					require.Empty(t, w.Header().Get("Strict-Transport-Security"), path)
				}
			}
		})
	}
}

func equals(want string) func(t *testing.T, csp string) {
	return func(t *testing.T, csp string) {
		t.Helper()
		require.Equal(t, want, csp)
	}
}
