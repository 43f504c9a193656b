package webshell

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// pagePolicy is the Content-Security-Policy of the host page, built once from the runtime
// config: the remotes' origins (a CDN; remoteOrigins, as the federation runtime allows them), the
// identity provider the browser signs in with, the API and the payment form it posts to.
// Everything else is the portal itself.
func pagePolicy(o Options, remotes []string) (string, error) {
	signIn, err := origins("the OIDC authority", o.Runtime.OIDC.Authority)
	if err != nil {
		return "", err
	}
	api, err := origins("the API base URL", o.Runtime.APIBaseURL)
	if err != nil {
		return "", err
	}
	forms, err := origins("the payment form URL", o.FormTargets...)
	if err != nil {
		return "", err
	}
	self := []string{"'self'"}
	directives := []struct {
		name    string
		sources []string
	}{
		{"default-src", self},
		// Remotes' entries and chunks are <script> elements the federation runtime adds; nothing
		// is inline (Mount refuses a shell with an inline script) and nothing is eval'd.
		{"script-src", join(self, remotes)},
		// styled-components injects <style> elements at run time, in the host and in every
		// remote. A nonce would have to be minted per response (so the shell could no longer be
		// a cached file), reach each remote's styled-components through __webpack_nonce__, and
		// still would not cover the style attributes component libraries set. Inline style
		// cannot run script; the script-src above is what stops injected code.
		{"style-src", join(self, []string{"'unsafe-inline'"})},
		// Part pictures are portal paths; data: and blob: are previews of files being uploaded.
		{"img-src", join(self, []string{"data:", "blob:"}, remotes)},
		{"font-src", join(self, remotes)},
		// The API, the federation manifests, the provider's discovery and token endpoints, and blob: for
		// a downloaded label shown in its own window, which inherits this policy.
		{"connect-src", join(self, api, signIn, remotes, []string{"blob:"})},
		// The portal frames nothing: sign-in and payment are pages the browser goes to.
		{"frame-src", []string{"'none'"}},
		{"object-src", []string{"'none'"}},
		{"base-uri", self},
		// Authorize.net's hosted form takes the payment token as a form post from the page.
		{"form-action", join(self, forms)},
		{"frame-ancestors", []string{"'none'"}},
	}
	parts := make([]string, len(directives))
	for i, d := range directives {
		parts[i] = d.name + " " + strings.Join(d.sources, " ")
	}
	return strings.Join(parts, "; "), nil
}

// origins reduces absolute URLs to their scheme://host[:port], sorted and without repeats; paths
// on the portal itself are 'self' already and add nothing.
func origins(what string, urls ...string) ([]string, error) {
	out := []string{}
	for _, raw := range urls {
		if raw == "" || (strings.HasPrefix(raw, "/") && !strings.HasPrefix(raw, "//")) {
			continue
		}
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return nil, fmt.Errorf("webshell: %s %q is neither a path on the portal nor an http(s) URL", what, raw)
		}
		out = append(out, strings.ToLower(u.Scheme+"://"+u.Host))
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

func join(lists ...[]string) []string {
	out := []string{}
	for _, l := range lists {
		for _, s := range l {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}
