package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"
)

// Package is one pnpm workspace package: a web package or a Go module's script-less package.json.
type Package struct {
	Name    string
	Version string
	// Dir is the package's folder, relative to the root, with forward slashes.
	Dir             string
	Dependencies    map[string]string
	DevDependencies map[string]string
	PeerDeps        map[string]string
	OptionalDeps    map[string]string
}

// Workspace is the pnpm workspace's packages by name.
type Workspace struct {
	Root     string
	Packages map[string]*Package
	byDir    map[string]*Package
}

// ReadWorkspace reads pnpm-workspace.yaml's package globs (a folder or folder/*) and every
// package.json they match.
func ReadWorkspace(root string) (*Workspace, error) {
	raw, err := os.ReadFile(filepath.Join(root, "pnpm-workspace.yaml"))
	if err != nil {
		return nil, err
	}
	var cfg struct {
		Packages []string `json:"packages"`
	}
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		return nil, fmt.Errorf("pnpm-workspace.yaml: %w", err)
	}
	w := &Workspace{Root: root, Packages: map[string]*Package{}, byDir: map[string]*Package{}}
	for _, glob := range cfg.Packages {
		dirs, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(glob)))
		if err != nil {
			return nil, fmt.Errorf("pnpm-workspace.yaml: %s: %w", glob, err)
		}
		for _, dir := range dirs {
			p, err := readPackage(root, dir)
			if err != nil {
				return nil, err
			}
			if p == nil {
				continue
			}
			if other, dup := w.Packages[p.Name]; dup {
				return nil, fmt.Errorf("%s and %s are both named %s", other.Dir, p.Dir, p.Name)
			}
			w.Packages[p.Name] = p
			w.byDir[p.Dir] = p
		}
	}
	return w, nil
}

// readPackage reads dir/package.json; nil when the folder has none.
func readPackage(root, dir string) (*Package, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var pj struct {
		Name                 string            `json:"name"`
		Version              string            `json:"version"`
		Dependencies         map[string]string `json:"dependencies"`
		DevDependencies      map[string]string `json:"devDependencies"`
		PeerDependencies     map[string]string `json:"peerDependencies"`
		OptionalDependencies map[string]string `json:"optionalDependencies"`
	}
	rel, _ := filepath.Rel(root, dir)
	if err := json.Unmarshal(raw, &pj); err != nil {
		return nil, fmt.Errorf("%s/package.json: %w", rel, err)
	}
	return &Package{
		Name: pj.Name, Version: pj.Version, Dir: filepath.ToSlash(rel),
		Dependencies: pj.Dependencies, DevDependencies: pj.DevDependencies,
		PeerDeps: pj.PeerDependencies, OptionalDeps: pj.OptionalDependencies,
	}, nil
}

// ByDir returns the package whose folder is dir.
func (w *Workspace) ByDir(dir string) *Package { return w.byDir[dir] }

// Owner returns the package whose folder holds file (a path relative to the root), or nil.
func (w *Workspace) Owner(file string) *Package {
	for dir := file; dir != "." && dir != "/" && dir != ""; {
		dir = filepath.ToSlash(filepath.Dir(dir))
		if p := w.byDir[dir]; p != nil {
			return p
		}
	}
	return nil
}

// bundled lists the workspace packages p ships with: what it depends on at run time
// (dependencies, peer and optional ones), and the development dependencies its build imports
// (tools), which shape the bundle as much.
func (w *Workspace) bundled(p *Package, tools []string) []string {
	var out []string
	for _, deps := range []map[string]string{p.Dependencies, p.PeerDeps, p.OptionalDeps} {
		for name := range deps {
			if w.Packages[name] != nil && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	for name := range p.DevDependencies {
		if w.Packages[name] != nil && slices.Contains(tools, name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// buildConfigs are the files a web package's build starts from: what they import is a build tool.
var buildConfigs = []string{"rspack*.config.*", "module-federation.config.*"}

// BuildTools lists the packages the build configuration of the package in dir imports
// (`@portal/rspack-config`, `@module-federation/enhanced`).
func BuildTools(root, dir string) []string {
	var out []string
	for _, pattern := range buildConfigs {
		files, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), pattern))
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			for _, name := range importedPackages(string(raw)) {
				if !slices.Contains(out, name) {
					out = append(out, name)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// importedPackages reads the package names of a file's `from '…'` and `require('…')`
// specifiers, leaving relative ones and node: builtins out.
func importedPackages(src string) []string {
	var out []string
	for _, opener := range []string{"from '", `from "`, "require('", `require("`, "import('", `import("`} {
		rest := src
		for {
			i := strings.Index(rest, opener)
			if i < 0 {
				break
			}
			rest = rest[i+len(opener):]
			end := strings.IndexAny(rest, `'"`)
			if end < 0 {
				break
			}
			if name := packageOf(rest[:end]); name != "" && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}

// packageOf is the package a specifier names: "@scope/name" or "name"; "" for a relative path
// or a builtin.
func packageOf(spec string) string {
	if spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "node:") {
		return ""
	}
	parts := strings.Split(spec, "/")
	if strings.HasPrefix(spec, "@") {
		if len(parts) < 2 {
			return ""
		}
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}
