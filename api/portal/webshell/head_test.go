package webshell

import (
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// routePathsFile is the route table of spec §2 that the host's router and every remote navigate
// by (packages/routes): the test asks for every page in it.
const routePathsFile = "../../../packages/routes/src/paths.ts"

// routePathEntry is one `name: '/path'` line of routePathsFile.
var routePathEntry = regexp.MustCompile(`(?m)^\s*(?:'[^']+'|\w+):\s*'(/[^']*)',`)

// hostRoutes reads the route table's patterns and expands each optional segment into a route with
// and one without it, as the build does (packages/prerender).
func hostRoutes(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile(routePathsFile)
	require.NoError(t, err)
	var out []string
	for _, m := range routePathEntry.FindAllStringSubmatch(string(src), -1) {
		out = append(out, expandOptional(m[1])...)
	}
	// Spec §2 names more than forty pages; fewer means the file's format changed under the regexp.
	require.Greater(t, len(out), 40, "routes read from %s", routePathsFile)
	return out
}

func expandOptional(pattern string) []string {
	paths := []string{""}
	for _, seg := range splitPath(pattern) {
		var next []string
		for _, p := range paths {
			if name, optional := strings.CutSuffix(seg, "?"); optional {
				next = append(next, p, p+"/"+name)
			} else {
				next = append(next, p+"/"+seg)
			}
		}
		paths = next
	}
	for i, p := range paths {
		if p == "" {
			paths[i] = "/"
		}
	}
	return paths
}

// pageURL fills a pattern's parameters with values a customer's URL would have.
func pageURL(pattern string) string {
	segs := splitPath(pattern)
	for i, s := range segs {
		if isParam(s) {
			segs[i] = map[string]string{":serial": "RT10000001", ":quoteid": "Q-1001", ":reference": "R-7"}[s]
			if segs[i] == "" {
				segs[i] = "x"
			}
		}
	}
	return "/" + strings.Join(segs, "/")
}

// headTree is a build whose host prerendered some of the route table's pages (one of them with a
// remote's page inside), with a hashed, precompressed asset and a remote.
func headTree(t *testing.T, routes []string) map[string]string {
	t.Helper()
	prerendered, err := json.Marshal(map[string]any{
		"pages": map[string]any{
			"/":                   map[string]string{"html": "<main><h1>Home</h1></main>", "styles": "<style>.h{}</style>"},
			"/create-rma/:serial": map[string]string{"html": "<main>Checking your session…</main>", "styles": ""},
			"/help-support": map[string]string{"html": `<main><portal-page inert="" aria-hidden="true"></portal-page></main>`,
				"styles": "", "remote": "support"},
		},
		"routes": routes,
	})
	require.NoError(t, err)
	return map[string]string{
		"host/dist/index.html":                  prerenderShell,
		"host/dist/prerendered.json":            string(prerendered),
		"host/dist/main.0123abcd.js":            strings.Repeat("console.log('portal');", 200),
		"host/dist/main.0123abcd.js.gz":         "gzip bytes",
		"host/dist/main.0123abcd.js.br":         "brotli bytes",
		"host/dist/logo.svg":                    "<svg/>",
		"apps/support/dist/mf-manifest.json":    "{}",
		"apps/support/dist/remoteEntry.js":      "ENTRY",
		"apps/support/dist/prerendered.json":    `{"pages":{"/help-support":{"html":"<h1>Help</h1>","styles":""}}}`,
		"apps/support/dist/9.89abcdef12.js":     "CHUNK",
		"apps/support/dist/9.89abcdef12.js.map": "{}",
	}
}

func TestMount_HeadAnswersWhatGetAnswersWithoutTheBody(t *testing.T) {
	routes := hostRoutes(t)
	r, err := mountPrerendered(t, headTree(t, routes), Options{
		APIPrefixes: []string{"/rma-manager/"},
		Runtime:     RuntimeConfig{OIDC: OIDCClient{Authority: "https://id.example/realm", ClientID: "portal"}},
	})
	require.NoError(t, err)
	// A real server: its framing (Content-Length, Transfer-Encoding) is part of what HEAD must
	// agree with.
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)

	targets := []string{
		"/runtime-config.json",
		"/main.0123abcd.js", "/logo.svg", "/missing.js",
		"/remotes/support/mf-manifest.json", "/remotes/support/remoteEntry.js", "/remotes/support/9.89abcdef12.js",
		"/remotes/support/missing.js",
		"/no/such/page", "/help-support/", "/Your-Account/RMA-History?tab=1",
		"/rma-manager/rma/nothing-here",
		"/%2e%2e/%2e%2e/etc/passwd",
	}
	for _, pattern := range routes {
		targets = append(targets, pageURL(pattern))
	}
	for _, target := range targets {
		for _, accept := range []string{"", "gzip", "gzip, deflate, br"} {
			t.Run(target+" "+accept, func(t *testing.T) {
				get := fetch(t, srv, http.MethodGet, target, accept)
				head := fetch(t, srv, http.MethodHead, target, accept)
				require.Equal(t, get.status, head.status)
				require.Equal(t, withoutDate(get.header), withoutDate(head.header))
				require.Empty(t, head.body)
			})
		}
	}
}

func TestMount_HeadOfTheHomePageIsTheConnectivityCheckWithThePagesPolicy(t *testing.T) {
	r, err := mountPrerendered(t, headTree(t, hostRoutes(t)), Options{})
	require.NoError(t, err)
	for _, route := range r.Routes() {
		if route.Method == http.MethodHead && route.Path == "/" {
			w := httptest.NewRecorder()
			r.ServeHTTP(w, httptest.NewRequest(http.MethodHead, "/", nil))
			require.Equal(t, http.StatusOK, w.Code)
			require.Contains(t, w.Header().Get("Content-Security-Policy"), "script-src 'self'")
			return
		}
	}
	t.Fatal("no HEAD / route: spec §7's connectivity check is missing from the route list")
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func fetch(t *testing.T, srv *httptest.Server, method, target, acceptEncoding string) answer {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, srv.URL+target, nil)
	require.NoError(t, err)
	// Set, even when empty, so the client neither asks for gzip nor decodes it by itself.
	req.Header["Accept-Encoding"] = []string{acceptEncoding}
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	header := resp.Header.Clone()
	// The client moves Transfer-Encoding out of the header map; put it back so it is compared too.
	if len(resp.TransferEncoding) > 0 {
		header["Transfer-Encoding"] = resp.TransferEncoding
	}
	return answer{status: resp.StatusCode, header: header, body: body}
}

// withoutDate drops the one header that says when, not what, was answered.
func withoutDate(h http.Header) map[string][]string {
	out := maps.Clone(h)
	delete(out, "Date")
	return out
}
