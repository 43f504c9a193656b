package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// federationConfig declares the modules Module Federation shares as singletons (portalShared).
const federationConfig = "tooling/rspack/src/federation.ts"

var singletonRe = regexp.MustCompile(`'(@portal/[\w-]+)'\s*:\s*\{\s*singleton:\s*true`)

// readSingletons returns the workspace packages the federation config shares as singletons.
//
// Such a package is not tree-shaken into a deployable: each deployable importing it ships the
// whole package as its fallback copy, and at run time the federation runtime picks one copy for
// the page (the versions are equal, so which deployable's copy wins is not fixed). Whatever that
// package calls is therefore called by every deployable that imports it. @portal/auth is one:
// its Session reads GET /me, so the host and every remote importing @portal/auth are gated on
// the identity provider, not only those whose own code reaches the Session.
func readSingletons(root string) (map[string]bool, error) {
	code, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(federationConfig)))
	if os.IsNotExist(err) {
		return map[string]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, m := range singletonRe.FindAllStringSubmatch(string(code), -1) {
		out[m[1]] = true
	}
	return out, nil
}

// packageOf returns the package an import specifier names ("@portal/forms/units" →
// "@portal/forms"), or "" for a relative or unscoped one.
func packageOf(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	if !strings.HasPrefix(spec, "@") || len(parts) < 2 {
		return ""
	}
	return parts[0] + "/" + parts[1]
}
