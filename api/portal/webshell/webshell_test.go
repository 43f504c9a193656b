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

// builtTree writes files (path → content) under a new directory, as a build leaves them.
func builtTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for path, body := range files {
		full := filepath.Join(dir, path)
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(body), 0o644))
	}
	return dir
}

func shell(t *testing.T) *gin.Engine {
	t.Helper()
	dir := builtTree(t, map[string]string{
		"host/dist/index.html":              "INDEX",
		"host/dist/main.0123abcd.js":        "JS",
		"apps/repair/dist/mf-manifest.json": "{}",
		"apps/repair/dist/remoteEntry.js":   "ENTRY",
		"apps/draft/README.md":              "a remote that was never built",
	})
	gin.SetMode(gin.TestMode)
	r := gin.New()
	require.NoError(t, Mount(r, Options{
		WebDir:      dir,
		RemoteURLs:  map[string]string{"parts": "https://cdn.example/parts/mf-manifest.json"},
		APIPrefixes: []string{"/rma-manager/"},
	}))
	return r
}

func TestMount(t *testing.T) {
	r := shell(t)
	tests := []struct {
		name, method, path string
		status             int
		body, cache        string
	}{
		{"history URL gets the host page", http.MethodGet, "/create-rma/RT10000001", http.StatusOK, "INDEX", "no-cache"},
		{"unknown page still gets the host page (it renders not-found)", http.MethodGet, "/no/such/page", http.StatusOK, "INDEX", "no-cache"},
		{"hashed asset is cached for good", http.MethodGet, "/main.0123abcd.js", http.StatusOK, "JS", "public, max-age=31536000, immutable"},
		{"missing asset is a 404, not the page", http.MethodGet, "/missing.js", http.StatusNotFound, "", ""},
		{"unknown API path is a JSON 404", http.MethodGet, "/rma-manager/rma/nope", http.StatusNotFound, `"notFound"`, ""},
		{"encoded path traversal is refused", http.MethodGet, "/%2e%2e/%2e%2e/etc/passwd", http.StatusBadRequest, "", ""},
		{"remote path traversal is refused", http.MethodGet, "/remotes/repair/%2e%2e/%2e%2e/host/dist/index.html", http.StatusBadRequest, "", ""},
		{"remote manifest is never cached", http.MethodGet, "/remotes/repair/mf-manifest.json", http.StatusOK, "{}", "no-cache"},
		{"remote entry is never cached", http.MethodGet, "/remotes/repair/remoteEntry.js", http.StatusOK, "ENTRY", "no-cache"},
		{"connectivity check (HEAD /) answers as the home page does", http.MethodHead, "/", http.StatusOK, "", "no-cache"},
		{"runtime config lists built and configured remotes", http.MethodGet, "/runtime-config.json", http.StatusOK,
			`"remotes":{"parts":"https://cdn.example/parts/mf-manifest.json","repair":"/remotes/repair/mf-manifest.json"}`, "no-cache"},
		{"runtime config allows the configured remotes' origins", http.MethodGet, "/runtime-config.json", http.StatusOK,
			`"allowedRemoteOrigins":["https://cdn.example"]`, "no-cache"},
		{"unbuilt remote is not served", http.MethodGet, "/remotes/draft/README.md", http.StatusNotFound, "", ""},
		{"POST to an unknown path is a 404", http.MethodPost, "/create-rma", http.StatusNotFound, `"notFound"`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			r.ServeHTTP(w, httptest.NewRequest(tt.method, tt.path, nil))
			require.Equal(t, tt.status, w.Code)
			require.Contains(t, w.Body.String(), tt.body)
			if tt.cache != "" {
				require.Equal(t, tt.cache, w.Header().Get("Cache-Control"))
			}
		})
	}
}
