package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// modulePrefix is the import path every Go module of the portal shares.
const modulePrefix = "rugged.example/portal/"

// provider is one pact provider and the Go package that verifies it.
type provider struct {
	Name    string // as the pact names it, e.g. "portal-repair-api"
	Package string // e.g. "api/repair/repairpact"; `make pact-verify PACT_PKG=` takes it
	Module  string // e.g. "repair": `--service repair` selects every provider of the module
}

var verifyRe = regexp.MustCompile(`pacttest\.Verify\(\s*\w+\s*,\s*"([^"]+)"`)

// readProviders finds the verification packages (api/<module>/<name>pact) and the provider each
// verifies, read from its pacttest.Verify call: a new provider package joins the gate unasked.
func readProviders(root string) (map[string]provider, error) {
	tests, err := filepath.Glob(filepath.Join(root, "api", "*", "*pact", "*_test.go"))
	if err != nil {
		return nil, err
	}
	out := map[string]provider{}
	for _, t := range tests {
		code, err := os.ReadFile(t)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(root, filepath.Dir(t))
		if err != nil {
			return nil, err
		}
		pkg := filepath.ToSlash(rel)
		for _, m := range verifyRe.FindAllStringSubmatch(string(code), -1) {
			if prev, ok := out[m[1]]; ok && prev.Package != pkg {
				return nil, fmt.Errorf("provider %s is verified by both %s and %s", m[1], prev.Package, pkg)
			}
			out[m[1]] = provider{Name: m[1], Package: pkg, Module: path.Base(path.Dir(pkg))}
		}
	}
	return out, nil
}

// goPackage is what the gate reads of `go list -json`.
type goPackage struct {
	ImportPath   string
	Dir          string
	GoFiles      []string
	CgoFiles     []string
	EmbedFiles   []string
	TestGoFiles  []string
	XTestGoFiles []string
	Module       *struct{ GoMod string }
}

// providerVersion is the content hash of every file the provider's verification is built from
// inside the portal's modules: the non-test Go files and embedded files of each portal package the
// router depends on, the go.mod and go.sum of their modules (a dependency bump changes the
// provider), and the verification package's own tests. Those tests count because they hold the
// provider states: a state handler changed can turn a passing verification into a failing one,
// so a passing row recorded before the change is no evidence after it. Other packages' tests do
// not count; the build is listed for linux/amd64 with cgo on, the platform pact-verify runs on,
// so any machine lists the same files.
func providerVersion(root string, p provider) (string, error) {
	cmd := exec.Command("go", "list", "-deps", "-test", "-tags", "pact", "-json=ImportPath,Dir,GoFiles,CgoFiles,EmbedFiles,TestGoFiles,XTestGoFiles,Module", "./"+p.Package)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1", "GOOS=linux", "GOARCH=amd64")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list %s: %w: %s", p.Package, err, stderr.String())
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return "", err
	}
	rootPkg := modulePrefix + p.Package
	var files []string
	add := func(abs string) error {
		rel, err := filepath.Rel(absRoot, abs)
		if err != nil || strings.HasPrefix(rel, "..") {
			return fmt.Errorf("%s is outside %s", abs, absRoot)
		}
		files = append(files, filepath.ToSlash(rel))
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var pkg goPackage
		if err := dec.Decode(&pkg); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return "", err
		}
		// "p [p.test]" is p compiled for its own test; "p.test" is the generated test main.
		importPath, _, _ := strings.Cut(pkg.ImportPath, " ")
		if !strings.HasPrefix(importPath, modulePrefix) || strings.HasSuffix(importPath, ".test") {
			continue
		}
		names := append(append(pkg.GoFiles, pkg.CgoFiles...), pkg.EmbedFiles...)
		if importPath == rootPkg {
			names = append(append(names, pkg.TestGoFiles...), pkg.XTestGoFiles...)
		}
		for _, n := range names {
			if err := add(filepath.Join(pkg.Dir, n)); err != nil {
				return "", err
			}
		}
		if pkg.Module != nil && pkg.Module.GoMod != "" {
			mod := pkg.Module.GoMod
			for _, f := range []string{mod, strings.TrimSuffix(mod, ".mod") + ".sum"} {
				if err := add(f); err != nil {
					return "", err
				}
			}
		}
	}
	return contentVersion(root, files)
}
