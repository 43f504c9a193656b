package webshell

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"
)

const prerenderShell = `<html><head><title>Portal</title></head><body><div id="root"></div><script defer src="/main.0123abcd.js"></script></body></html>`

// prerenderedTree is a build of the host and two remotes, each with its prerendered pages.
func prerenderedTree(t *testing.T, hostPages string) map[string]string {
	t.Helper()
	return map[string]string{
		"host/dist/index.html":               prerenderShell,
		"host/dist/prerendered.json":         hostPages,
		"apps/support/dist/mf-manifest.json": "{}",
		"apps/support/dist/prerendered.json": `{"pages":{"/help-support":{"html":"<h1>Help</h1>","styles":"<style>.s{}</style>"}}}`,
		"apps/parts/dist/mf-manifest.json":   "{}",
		"apps/parts/dist/prerendered.json":   `{"pages":{"/parts-order":{"html":"<h1>Parts</h1>","styles":""}}}`,
	}
}

const hostPages = `{"pages":{
	"/":{"html":"<main><h1>Home</h1></main>","styles":"<style>.h{}</style>"},
	"/help-support":{"html":"<main><portal-page inert=\"\" aria-hidden=\"true\"></portal-page></main>","styles":"<style>.h{}</style>","remote":"support"},
	"/parts-order":{"html":"<main><portal-page inert=\"\" aria-hidden=\"true\"></portal-page></main>","styles":"","remote":"parts"},
	"/help-support/complete":{"html":"<main><portal-page inert=\"\" aria-hidden=\"true\"></portal-page></main>","styles":"","remote":"support"}
}}`

func mountPrerendered(t *testing.T, files map[string]string, o Options) (*gin.Engine, error) {
	t.Helper()
	o.WebDir = builtTree(t, files)
	gin.SetMode(gin.TestMode)
	r := gin.New()
	return r, Mount(r, o)
}

func get(r http.Handler, path string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	return w
}

func TestMount_ServesPrerenderedPages(t *testing.T) {
	r, err := mountPrerendered(t, prerenderedTree(t, hostPages), Options{
		RemoteURLs: map[string]string{"parts": "https://cdn.example/parts/mf-manifest.json"},
	})
	require.NoError(t, err)

	tests := []struct{ name, path, want string }{
		{"a host page goes into the shell, its styles into the head", "/",
			`<html><head><title>Portal</title><style>.h{}</style></head><body><div id="root" data-prerendered inert aria-hidden="true"><main><h1>Home</h1></main></div><script defer src="/main.0123abcd.js"></script></body></html>`},
		{"a remote's page goes into the host page's slot", "/help-support",
			`<head><title>Portal</title><style>.h{}</style><style>.s{}</style></head><body><div id="root" data-prerendered inert aria-hidden="true"><main><portal-page inert="" aria-hidden="true"><h1>Help</h1></portal-page></main></div>`},
		{"a remote loaded from elsewhere may be another build: the plain shell", "/parts-order", prerenderShell},
		{"a remote without a page for the path: the plain shell", "/help-support/complete", prerenderShell},
		{"a page nobody prerendered: the plain shell", "/create-rma/RT10000001", prerenderShell},
		{"a trailing slash is the same page", "/help-support/", "<h1>Help</h1>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := get(r, tt.path)
			require.Equal(t, http.StatusOK, w.Code)
			require.Contains(t, w.Body.String(), tt.want)
			require.Equal(t, "no-cache", w.Header().Get("Cache-Control"))
			require.Contains(t, w.Header().Get("Content-Security-Policy"), "script-src 'self'")
		})
	}
}

func TestMount_ServesAPrerenderedPageForEveryURLOfItsRoute(t *testing.T) {
	files := prerenderedTree(t, `{"pages":{
		"/create-rma/:serial":{"html":"<main>Checking your session…</main>","styles":""},
		"/create-rma":{"html":"<main>Checking your session…</main>","styles":""}
	},"routes":["/create-rma/:serial","/create-rma","/create-rma/confirm-quote","/create-rma/:serial/confirm-quote"]}`)
	r, err := mountPrerendered(t, files, Options{})
	require.NoError(t, err)

	for _, path := range []string{"/create-rma/RT10000001", "/create-rma/A%2FB", "/create-rma/"} {
		require.Contains(t, get(r, path).Body.String(), "<main>Checking your session…</main>", path)
	}
	// Another route, ranked above the parameter as the router ranks it, keeps the plain shell.
	for _, path := range []string{"/create-rma/confirm-quote", "/create-rma/RT10000001/confirm-quote", "/help-support"} {
		require.Equal(t, prerenderShell, get(r, path).Body.String(), path)
	}
}

func TestMount_PrerenderedPageIsCompressedAsAccepted(t *testing.T) {
	r, err := mountPrerendered(t, prerenderedTree(t, hostPages), Options{})
	require.NoError(t, err)

	br := get(r, "/help-support", "Accept-Encoding", "gzip, deflate, br")
	require.Equal(t, "br", br.Header().Get("Content-Encoding"))
	decoded, err := io.ReadAll(brotli.NewReader(br.Body))
	require.NoError(t, err)
	require.Contains(t, string(decoded), "<h1>Help</h1>")

	w := get(r, "/help-support", "Accept-Encoding", "br;q=0, gzip;q=0.5")
	require.Equal(t, http.StatusOK, w.Code)
	require.Equal(t, "gzip", w.Header().Get("Content-Encoding"))
	require.Equal(t, "Accept-Encoding", w.Header().Get("Vary"))
	require.Equal(t, "text/html; charset=utf-8", w.Header().Get("Content-Type"))
	zr, err := gzip.NewReader(w.Body)
	require.NoError(t, err)
	body, err := io.ReadAll(zr)
	require.NoError(t, err)
	require.Contains(t, string(body), "<h1>Help</h1>")

	plain := get(r, "/help-support", "Accept-Encoding", "identity")
	require.Empty(t, plain.Header().Get("Content-Encoding"))
	require.Contains(t, plain.Body.String(), "<h1>Help</h1>")
}

func TestMount_RefusesPrerenderedPagesItCannotServe(t *testing.T) {
	t.Run("an inline script, which the policy forbids", func(t *testing.T) {
		files := prerenderedTree(t, `{"pages":{"/":{"html":"<script>alert(1)</script>","styles":""}}}`)
		_, err := mountPrerendered(t, files, Options{})
		require.ErrorContains(t, err, "the prerendered page for / has an inline <script>")
	})
	t.Run("a shell without the empty root to put them in", func(t *testing.T) {
		files := prerenderedTree(t, hostPages)
		files["host/dist/index.html"] = strings.Replace(prerenderShell, `<div id="root"></div>`, `<div id="app"></div>`, 1)
		_, err := mountPrerendered(t, files, Options{})
		require.ErrorContains(t, err, `has no <div id="root"></div>`)
	})
	t.Run("a file that is not the build's", func(t *testing.T) {
		files := prerenderedTree(t, "not json")
		_, err := mountPrerendered(t, files, Options{})
		require.ErrorContains(t, err, "prerendered.json")
	})
}
