package webshell

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"
)

// precompressedShell is a built front end whose compressible files have the .br and .gz
// siblings the build writes (their contents name the encoding, so a test sees which was sent).
func precompressedShell(t *testing.T) *gin.Engine {
	t.Helper()
	dir := builtTree(t, map[string]string{
		"host/dist/index.html":                  "INDEX",
		"host/dist/index.html.br":               "INDEX-BR",
		"host/dist/index.html.gz":               "INDEX-GZ",
		"host/dist/main.0123abcd.js":            "JS",
		"host/dist/main.0123abcd.js.br":         "JS-BR",
		"host/dist/main.0123abcd.js.gz":         "JS-GZ",
		"host/dist/only-gzip.0123abcd.js":       "JS2",
		"host/dist/only-gzip.0123abcd.js.gz":    "JS2-GZ",
		"host/dist/assets/unit.0123abcd.png":    "PNG",
		"host/dist/assets/unit.0123abcd.png.br": "never sent: images are not compressible",
		"apps/repair/dist/mf-manifest.json":     "{}",
		"apps/repair/dist/mf-manifest.json.br":  "MANIFEST-BR",
		"apps/repair/dist/remoteEntry.js":       "ENTRY",
		"apps/repair/dist/remoteEntry.js.gz":    "ENTRY-GZ",
	})
	gin.SetMode(gin.TestMode)
	r := gin.New()
	require.NoError(t, Mount(r, Options{WebDir: dir}))
	return r
}

func TestPrecompressedAssets(t *testing.T) {
	r := precompressedShell(t)
	tests := []struct {
		name, method, path, accept string
		body, encoding, ctype      string
		cache                      string
	}{
		{"brotli when the browser accepts it", http.MethodGet, "/main.0123abcd.js", "gzip, deflate, br, zstd", "JS-BR", "br", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable"},
		{"gzip when brotli is not accepted", http.MethodGet, "/main.0123abcd.js", "gzip, deflate", "JS-GZ", "gzip", "text/javascript; charset=utf-8", ""},
		{"br;q=0 refuses brotli", http.MethodGet, "/main.0123abcd.js", "br;q=0, gzip;q=0.5", "JS-GZ", "gzip", "", ""},
		{"identity without Accept-Encoding", http.MethodGet, "/main.0123abcd.js", "", "JS", "", "text/javascript; charset=utf-8", ""},
		{"a wildcard accepts brotli", http.MethodGet, "/main.0123abcd.js", "*", "JS-BR", "br", "", ""},
		{"a wildcard with q=0 accepts nothing", http.MethodGet, "/main.0123abcd.js", "*;q=0", "JS", "", "", ""},
		{"gzip when the build made no brotli", http.MethodGet, "/only-gzip.0123abcd.js", "br, gzip", "JS2-GZ", "gzip", "", ""},
		{"images are sent as they are", http.MethodGet, "/assets/unit.0123abcd.png", "br", "PNG", "", "image/png", "public, max-age=31536000, immutable"},
		{"the host page is compressed and keeps its policy", http.MethodGet, "/create-rma/RT10000001", "br", "INDEX-BR", "br", "text/html; charset=utf-8", "no-cache"},
		{"a remote's manifest is compressed and never cached", http.MethodGet, "/remotes/repair/mf-manifest.json", "br", "MANIFEST-BR", "br", "application/json", "no-cache"},
		{"a remote's entry falls back to gzip", http.MethodGet, "/remotes/repair/remoteEntry.js", "br, gzip", "ENTRY-GZ", "gzip", "", "no-cache"},
		{"HEAD says the encoding without a body", http.MethodHead, "/main.0123abcd.js", "br", "", "br", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, nil)
			if tt.accept != "" {
				req.Header.Set("Accept-Encoding", tt.accept)
			}
			w := httptest.NewRecorder()
			r.ServeHTTP(w, req)
			require.Equal(t, http.StatusOK, w.Code)
			require.Equal(t, tt.body, w.Body.String())
			require.Equal(t, tt.encoding, w.Header().Get("Content-Encoding"))
			if tt.ctype != "" {
				require.Equal(t, tt.ctype, w.Header().Get("Content-Type"))
			}
			if tt.cache != "" {
				require.Equal(t, tt.cache, w.Header().Get("Cache-Control"))
			}
			if tt.path != "/assets/unit.0123abcd.png" {
				require.Equal(t, "Accept-Encoding", w.Header().Get("Vary"), "a shared cache must key compressible answers on Accept-Encoding")
			}
		})
	}
}

func TestHostPageKeepsItsPolicyWhenCompressed(t *testing.T) {
	r := precompressedShell(t)
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Header.Set("Accept-Encoding", "br")
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	require.Equal(t, "br", w.Header().Get("Content-Encoding"))
	require.Contains(t, w.Header().Get("Content-Security-Policy"), "script-src")
}
