// Package webshell serves the built front end from the all-in-one binary: the host shell with
// history-URL fallback and its Content-Security-Policy (with the pages the build prerendered in
// it, for the paths it prerendered), each remote's bundle under
// /remotes/<name>/, the runtime config the host reads to find remotes and the identity provider
// (its remotes read again from the remotes file whenever that changes: remotes.go), and the
// HEAD / connectivity check. HEAD answers everything GET does, with the same headers.
package webshell

import (
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"
)

// RuntimeConfig is served as /runtime-config.json. The host fetches it before it renders, so
// remotes and the provider can move without rebuilding the host.
type RuntimeConfig struct {
	APIBaseURL string            `json:"apiBaseUrl"`
	OIDC       OIDCClient        `json:"oidc"`
	Remotes    map[string]string `json:"remotes"`
	// AllowedRemoteOrigins are the origins besides the portal's own that the host's Module
	// Federation runtime may load remote entries and chunks from: those of the RemoteURLs.
	AllowedRemoteOrigins []string `json:"allowedRemoteOrigins"`
}

// OIDCClient is what the browser needs to sign in.
type OIDCClient struct {
	Authority string `json:"authority"`
	ClientID  string `json:"clientId"`
	Scope     string `json:"scope"`
}

// Options locate the built files.
type Options struct {
	// WebDir holds host/dist and apps/<remote>/dist.
	WebDir string
	// RemoteURLs overrides where the browser loads a remote's manifest (e.g. a CDN).
	RemoteURLs map[string]string
	// RemotesFile names a JSON file, {"remotes": {"<name>": "<manifest URL>"}}, whose remotes
	// override RemoteURLs. It is read again whenever it changes (remotes.go), so one remote moves
	// to another release, and back, by rewriting this file alone.
	RemotesFile string
	// Log reports a remotes file that could not be applied.
	Log     *slog.Logger
	Runtime RuntimeConfig
	// APIPrefixes are paths that never fall back to the host page: an unknown API path is a 404.
	APIPrefixes []string
	// FormTargets are the URLs the host's pages post forms to: Authorize.net's hosted payment
	// form (or its sandbox), which takes the payment token as a form post.
	FormTargets []string
}

// Mount serves the front end on r. It returns an error when the host has not been built, since
// a portal without its shell is not worth starting.
func Mount(r *gin.Engine, o Options) error {
	hostDir := filepath.Join(o.WebDir, "host", "dist")
	index := filepath.Join(hostDir, "index.html")
	html, err := os.ReadFile(index)
	if err != nil {
		return fmt.Errorf("webshell: host not built (%s missing): run `make build`", index)
	}
	// The page's policy allows no inline script: a shell that needs one would show a blank page,
	// so it is refused at start rather than found by a customer.
	if hasInlineScript(html) {
		return fmt.Errorf("webshell: %s has an inline <script>, which the page's Content-Security-Policy forbids: load it from a file", index)
	}
	remotes, err := builtRemotes(o.WebDir)
	if err != nil {
		return err
	}
	built := map[string]string{}
	for _, name := range remotes {
		dir := filepath.Join(o.WebDir, "apps", name, "dist")
		built[name] = dir
		serve := func(c *gin.Context) {
			file := c.Param("file")
			if hasDotDot(file) {
				answerEmpty(c, http.StatusBadRequest)
				return
			}
			setAssetCaching(c, file)
			if !serveFile(c, dir, file) {
				answerEmpty(c, http.StatusNotFound)
			}
		}
		r.GET("/remotes/"+name+"/*file", serve)
		r.HEAD("/remotes/"+name+"/*file", serve)
	}
	fronts, err := newFronts(o, hostDir, built)
	if err != nil {
		return err
	}
	st, err := os.Stat(index)
	if err != nil {
		return err
	}
	// Every built remote's pages go in; a page whose remote is loaded from elsewhere at the time
	// of the request is left out then (front.elsewhere), since that may be another build.
	documents, err := prerenderedDocuments(html, st.ModTime(), hostDir, built)
	if err != nil {
		return err
	}

	// Every answer to HEAD is the answer to GET without its body (RFC 9110 §9.3.2): the same
	// handler answers both, and net/http leaves the body out.
	runtimeConfig := func(c *gin.Context) {
		c.Header("Cache-Control", "no-cache")
		c.JSON(http.StatusOK, fronts.current().runtime)
	}
	r.GET("/runtime-config.json", runtimeConfig)
	r.HEAD("/runtime-config.json", runtimeConfig)

	page := func(c *gin.Context) {
		p := path.Clean("/" + c.Request.URL.Path)
		if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
			c.JSON(http.StatusNotFound, gin.H{"error": "notFound", "message": "Not found"})
			return
		}
		if slices.ContainsFunc(o.APIPrefixes, func(prefix string) bool { return strings.HasPrefix(p, prefix) }) {
			c.JSON(http.StatusNotFound, gin.H{"error": "notFound", "message": "Not found"})
			return
		}
		// A path that climbs out is an attack, not a page: refused as http.FileServer does.
		if hasDotDot(c.Request.URL.Path) {
			answerEmpty(c, http.StatusBadRequest)
			return
		}
		if p != "/" && p != "/index.html" {
			setAssetCaching(c, p)
			if serveFile(c, hostDir, p) {
				return
			}
			// A missing file with an extension is a broken asset link, not a page.
			if path.Ext(p) != "" {
				c.Header("Cache-Control", "no-cache")
				answerEmpty(c, http.StatusNotFound)
				return
			}
		}
		// Every other path is a page of the host's router, which renders not-found itself; the
		// build prerendered some of them.
		current := fronts.current()
		c.Header("Cache-Control", "no-cache")
		c.Header("Content-Security-Policy", current.policy)
		if doc := documents.lookup(path.Clean("/"+c.Request.URL.EscapedPath()), current.elsewhere); doc != nil {
			doc.serve(c)
			return
		}
		if !serveFile(c, hostDir, "index.html") {
			answerEmpty(c, http.StatusNotFound)
		}
	}
	r.NoRoute(page)
	// The timeout view's connectivity check (spec §7: HEAD on the base root) is the home page's
	// HEAD: it has a route of its own so the route list names the call the spec makes.
	r.HEAD("/", page)
	return nil
}

// remoteOrigins lists the distinct origins of the absolute remote URLs, sorted; a path is on the
// portal's own origin, which the host always allows.
func remoteOrigins(urls map[string]string) ([]string, error) {
	return origins("remote URL", slices.Collect(maps.Values(urls))...)
}

var (
	scriptTag = regexp.MustCompile(`(?i)<script\b[^>]*>`)
	srcAttr   = regexp.MustCompile(`(?i)\ssrc\s*=`)
)

// hasInlineScript reports a <script> element without a src attribute.
func hasInlineScript(html []byte) bool {
	for _, tag := range scriptTag.FindAll(html, -1) {
		if !srcAttr.Match(tag) {
			return true
		}
	}
	return false
}

// builtRemotes lists apps/<name> folders whose bundle has a federation manifest.
func builtRemotes(webDir string) ([]string, error) {
	matches, err := filepath.Glob(filepath.Join(webDir, "apps", "*", "dist", "mf-manifest.json"))
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(matches))
	for _, m := range matches {
		names = append(names, filepath.Base(filepath.Dir(filepath.Dir(m))))
	}
	slices.Sort(names)
	return names, nil
}

// hasDotDot reports a ".." segment in a decoded URL path.
func hasDotDot(p string) bool {
	return slices.Contains(strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }), "..")
}

// setAssetCaching keeps the manifest and remote entry fresh (they name the hashed chunks) and
// lets hashed chunks be cached for good.
func setAssetCaching(c *gin.Context, p string) {
	base := path.Base(p)
	switch {
	case base == "mf-manifest.json", base == "remoteEntry.js", strings.HasSuffix(base, ".html"):
		c.Header("Cache-Control", "no-cache")
	case isHashed(base):
		c.Header("Cache-Control", "public, max-age=31536000, immutable")
	default:
		c.Header("Cache-Control", "public, max-age=3600")
	}
}

// isHashed recognises rspack's "[name].[contenthash].js" file names.
func isHashed(base string) bool {
	parts := strings.Split(base, ".")
	if len(parts) < 3 {
		return false
	}
	h := parts[len(parts)-2]
	if len(h) < 8 {
		return false
	}
	for _, r := range h {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return true
}
