package main

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Deployable is one thing the portal releases on its own, and what a change means for it.
type Deployable struct {
	Name    string `json:"name"` // host, repair, api-repair
	Kind    string `json:"kind"` // web or go
	Package string `json:"package"`
	Version string `json:"version"`
	// Affected: a file it ships, or a dependency it bundles or links, changed since the base.
	Affected bool     `json:"affected"`
	Reasons  []Reason `json:"reasons,omitempty"`
	// Pending is the bump the changesets in .changeset plan for it; nil: none.
	Pending *Release `json:"pending,omitempty"`
	// NoChangeset flags an affected deployable no pending changeset bumps.
	NoChangeset bool `json:"noChangeset"`
	// Notes are other things to fix before releasing it (a Go version not recorded).
	Notes []string `json:"notes,omitempty"`
}

// Reason is one way a change reaches a deployable: through Via (the packages or modules between
// it and the change, nearest first; empty for its own files) to Source, whose Changes are files
// or, for pnpm-lock.yaml, the dependencies resolved differently.
type Reason struct {
	Via     []string `json:"via,omitempty"`
	Source  string   `json:"source"`
	Changes []string `json:"changes"`
}

// Plan is the release plan of one change.
type Plan struct {
	Base        string       `json:"base"`
	Changed     int          `json:"changedFiles"`
	Deployables []Deployable `json:"deployables"`
	// Unattributed are changed files no deployable ships (docs, CI, tests, tools).
	Unattributed []string `json:"unattributed"`
}

// GoDeployable is a Go module that serves a process, as `portal routes --json` names it.
type GoDeployable struct {
	Name    string // api-repair
	Module  string // repair
	Version string // the one the Go code records (version.go)
}

// Inputs is what a plan is made from.
type Inputs struct {
	Root      string
	Base      string
	Changed   []string
	Workspace *Workspace
	Go        []GoDeployable
	Graph     *GoGraph
	Lock      map[string][]LockChange
	Releases  map[string]Release
}

// isShipped reports whether a changed file of a web package reaches its bundle: tests, their
// set-up and the docs do not.
func isShipped(file string) bool {
	base := path.Base(file)
	switch {
	case strings.HasSuffix(base, ".md"),
		strings.Contains(base, ".test."), strings.Contains(base, ".spec."),
		strings.HasPrefix(base, "jest.config."), strings.HasPrefix(base, "jest.setup."),
		strings.Contains(file, "/__tests__/"), strings.Contains(file, "/__mocks__/"):
		return false
	}
	return true
}

// webName is the deployable a web package is, or "" for a package that is not one.
func webName(p *Package) string {
	if p.Dir == "host" {
		return "host"
	}
	if rest, ok := strings.CutPrefix(p.Dir, "apps/"); ok && !strings.Contains(rest, "/") {
		return rest
	}
	return ""
}

// Make computes the plan.
func Make(in Inputs) Plan {
	plan := Plan{Base: in.Base, Changed: len(in.Changed)}
	attributed := map[string]bool{}
	var web []*Package
	for _, p := range in.Workspace.Packages {
		if webName(p) != "" {
			web = append(web, p)
		}
	}
	slices.SortFunc(web, func(a, b *Package) int { return strings.Compare(webName(a), webName(b)) })
	tools := map[string][]string{}
	toolsOf := func(p *Package) []string {
		if _, ok := tools[p.Dir]; !ok {
			tools[p.Dir] = BuildTools(in.Root, p.Dir)
		}
		return tools[p.Dir]
	}
	for _, p := range web {
		d := Deployable{Name: webName(p), Kind: "web", Package: p.Name, Version: p.Version}
		d.Reasons = webReasons(in, p, toolsOf, attributed)
		plan.Deployables = append(plan.Deployables, finish(d, in.Releases))
	}
	for _, g := range in.Go {
		p := in.Workspace.Packages["@portal/"+g.Name]
		d := Deployable{Name: g.Name, Kind: "go", Package: "@portal/" + g.Name, Version: g.Version}
		if p == nil {
			d.Notes = append(d.Notes, "api/"+g.Module+"/package.json is missing: it holds the version changesets bump")
		} else {
			d.Version = p.Version
			if p.Version != g.Version {
				d.Notes = append(d.Notes, "the Go code records "+g.Version+", package.json "+p.Version+": run make release-version")
			}
		}
		d.Reasons = goReasons(in, g.Module, attributed)
		plan.Deployables = append(plan.Deployables, finish(d, in.Releases))
	}
	for _, f := range in.Changed {
		if !attributed[f] {
			plan.Unattributed = append(plan.Unattributed, f)
		}
	}
	return plan
}

// finish sets what follows from the reasons and the pending releases.
func finish(d Deployable, releases map[string]Release) Deployable {
	d.Affected = len(d.Reasons) > 0
	if r, ok := releases[d.Package]; ok && r.Type != "none" {
		d.Pending = &r
	}
	d.NoChangeset = d.Affected && d.Pending == nil
	return d
}

// webReasons: the deployable's own shipped files, those of each workspace package it bundles
// (transitively, with its build tools), and their importers' lines of pnpm-lock.yaml.
func webReasons(in Inputs, root *Package, toolsOf func(*Package) []string, attributed map[string]bool) []Reason {
	w := in.Workspace
	parent := map[string]string{root.Name: ""}
	order := []string{root.Name}
	for i := 0; i < len(order); i++ {
		p := w.Packages[order[i]]
		for _, dep := range w.bundled(p, toolsOf(p)) {
			if _, seen := parent[dep]; !seen {
				parent[dep] = p.Name
				order = append(order, dep)
			}
		}
	}
	via := func(name string) []string {
		var chain []string
		for at := name; at != root.Name; at = parent[at] {
			chain = append([]string{at}, chain...)
		}
		return chain
	}
	var reasons []Reason
	for _, name := range order {
		p := w.Packages[name]
		var files []string
		for _, f := range in.Changed {
			if owner := w.Owner(f); owner == p && isShipped(f) {
				files = append(files, f)
				attributed[f] = true
			}
		}
		chain := via(name)
		if len(files) > 0 {
			source := p.Name
			if len(chain) == 0 {
				source = webName(root)
			}
			reasons = append(reasons, Reason{Via: trimLast(chain), Source: source, Changes: files})
		}
		var locked []string
		for _, c := range in.Lock[p.Dir] {
			if !c.Dev || slices.Contains(toolsOf(p), c.Name) {
				locked = append(locked, c.String())
			}
		}
		if len(locked) > 0 {
			attributed["pnpm-lock.yaml"] = true
			reasons = append(reasons, Reason{Via: chain, Source: "pnpm-lock.yaml " + p.Dir, Changes: locked})
		}
	}
	return reasons
}

// trimLast drops the chain's last element, which the reason names as its source.
func trimLast(chain []string) []string {
	if len(chain) == 0 {
		return nil
	}
	return chain[:len(chain)-1]
}

// goReasons: the changed files among those the module's processes are built from, by the
// module that owns them. A deleted file counts when its folder is one of a linked package.
func goReasons(in Inputs, module string, attributed map[string]bool) []Reason {
	if in.Graph == nil {
		return nil
	}
	byModule := in.Graph.Files(module)
	owner := map[string]string{}
	dirs := map[string]string{}
	for m, files := range byModule {
		for _, f := range files {
			owner[f] = m
			dirs[path.Dir(f)] = m
		}
	}
	changes := map[string][]string{}
	for _, f := range in.Changed {
		m, ok := owner[f]
		if !ok && strings.HasSuffix(f, ".go") && !strings.HasSuffix(f, "_test.go") {
			if _, err := os.Stat(filepath.Join(in.Root, f)); os.IsNotExist(err) {
				m, ok = dirs[path.Dir(f)]
			}
		}
		if ok {
			changes[m] = append(changes[m], f)
			attributed[f] = true
		}
	}
	var reasons []Reason
	for _, m := range sortedKeys(changes) {
		r := Reason{Source: "api-" + m, Changes: changes[m]}
		if m == module {
			r.Source = "api-" + module
		} else if chain := in.Graph.Chain(module, m); len(chain) > 2 {
			for _, c := range chain[1 : len(chain)-1] {
				r.Via = append(r.Via, "api-"+c)
			}
		}
		reasons = append(reasons, r)
	}
	// Its own module first, then the others by name.
	slices.SortStableFunc(reasons, func(a, b Reason) int {
		return boolRank(a.Source != "api-"+module) - boolRank(b.Source != "api-"+module)
	})
	return reasons
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
