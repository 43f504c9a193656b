package webshell

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"
)

// builtShell lays out a host whose index.html is index, and one built remote.
func builtShell(t *testing.T, index string) string {
	t.Helper()
	dir := t.TempDir()
	for path, body := range map[string]string{
		"host/dist/index.html":              index,
		"host/dist/main.0123abcd.js":        "JS",
		"apps/repair/dist/mf-manifest.json": "{}",
	} {
		full := filepath.Join(dir, path)
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(body), 0o644))
	}
	return dir
}

const rspackShell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal</title>` +
	`<script defer src="/main.e70383ec.js"></script></head><body><div id="root"></div></body></html>`

func TestMount_HostPageCarriesThePolicyOfItsRemotesProviderAndPaymentForm(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	require.NoError(t, Mount(r, Options{
		WebDir: builtShell(t, rspackShell),
		RemoteURLs: map[string]string{
			"parts":   "https://cdn.example/parts/mf-manifest.json",
			"support": "https://CDN.example/support/mf-manifest.json",
			"recycle": "/remotes/recycle/mf-manifest.json",
		},
		FormTargets: []string{"https://accept.authorize.net/payment/payment"},
		Runtime:     RuntimeConfig{OIDC: OIDCClient{Authority: "https://login.example.com/realms/rugged"}},
	}))

	want := "default-src 'self'; " +
		"script-src 'self' https://cdn.example; " +
		"style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob: https://cdn.example; " +
		"font-src 'self' https://cdn.example; " +
		"connect-src 'self' https://login.example.com https://cdn.example blob:; " +
		"frame-src 'none'; object-src 'none'; base-uri 'self'; " +
		"form-action 'self' https://accept.authorize.net; " +
		"frame-ancestors 'none'"
	for _, path := range []string{"/", "/create-rma/RT10000001", "/oidc-callback"} {
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		require.Equal(t, http.StatusOK, w.Code, path)
		require.Equal(t, want, w.Header().Get("Content-Security-Policy"), path)
	}
	// Files are not pages: they keep whatever policy the engine gives every response.
	for _, path := range []string{"/main.0123abcd.js", "/remotes/repair/mf-manifest.json", "/runtime-config.json"} {
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		require.Equal(t, http.StatusOK, w.Code, path)
		require.Empty(t, w.Header().Get("Content-Security-Policy"), path)
	}
}

func TestMount_EmbeddedDefaultsNeedOnlyThePortalsOwnOrigin(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	// The embedded provider and the Authorize.net sandbox live under the public URL.
	require.NoError(t, Mount(r, Options{
		WebDir:      builtShell(t, rspackShell),
		FormTargets: []string{"http://127.0.0.1:8080/sandbox/authnet"},
		Runtime:     RuntimeConfig{OIDC: OIDCClient{Authority: "http://127.0.0.1:8080/idp"}},
	}))
	w := httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/", nil))
	csp := w.Header().Get("Content-Security-Policy")
	require.Contains(t, csp, "script-src 'self';")
	require.Contains(t, csp, "connect-src 'self' http://127.0.0.1:8080 blob:;")
	require.Contains(t, csp, "form-action 'self' http://127.0.0.1:8080;")

	// The host refuses a runtime config whose allowedRemoteOrigins is not a list: none is [].
	w = httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/runtime-config.json", nil))
	require.Contains(t, w.Body.String(), `"allowedRemoteOrigins":[]`)
}

func TestMount_RefusesAShellWithAnInlineScript(t *testing.T) {
	gin.SetMode(gin.TestMode)
	for _, index := range []string{
		`<html><head><script>window.config = {}</script></head></html>`,
		`<html><head><SCRIPT type="module">import "/main.js"</SCRIPT></head></html>`,
		`<html><head><script data-src="/main.js"></script></head></html>`,
	} {
		err := Mount(gin.New(), Options{WebDir: builtShell(t, index)})
		require.ErrorContains(t, err, "inline <script>", index)
	}
}

func TestMount_RefusesAProviderFormOrRemoteThatIsNotAnHTTPURL(t *testing.T) {
	gin.SetMode(gin.TestMode)
	for _, o := range []Options{
		{Runtime: RuntimeConfig{OIDC: OIDCClient{Authority: "login.example.com"}}},
		{Runtime: RuntimeConfig{APIBaseURL: "javascript:alert(1)"}},
		{FormTargets: []string{"https://"}},
		{RemoteURLs: map[string]string{"parts": "//cdn.example/parts/mf-manifest.json"}},
		{RemoteURLs: map[string]string{"parts": "ftp://cdn.example/parts/mf-manifest.json"}},
	} {
		o.WebDir = builtShell(t, rspackShell)
		require.ErrorContains(t, Mount(gin.New(), o), "neither a path on the portal nor an http(s) URL")
	}
}
