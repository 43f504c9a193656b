package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// goPkg is what `go list` says about one package.
type goPkg struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	EmbedFiles []string
	Imports    []string
	Deps       []string
}

// processPackages are the main packages of the binary every Go process runs (`portal serve
// --services=…`): a module's release is the part of it that binary links.
var processPackages = []string{"./api/portal/cmd/portal"}

// GoGraph is the portal's Go packages as the compiler sees them (no tests) when it builds the
// processes' binary: for each module, the portal packages its linked packages import, and the
// files of each. A module's test helpers (repairtest, testkit, the pact verifications) and
// commands the processes do not run (benchmarks, load drivers) are not in it.
type GoGraph struct {
	pkgs map[string]goPkg // by import path
}

// LoadGoGraph runs `go list -deps` over the processes' binary (processPackages).
func LoadGoGraph(root string) (*GoGraph, error) {
	args := append([]string{"list", "-deps", "-json=ImportPath,Dir,GoFiles,CgoFiles,EmbedFiles,Imports,Deps"}, processPackages...)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	g := &GoGraph{pkgs: map[string]goPkg{}}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p goPkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list: %w", err)
		}
		if strings.HasPrefix(p.ImportPath, goModulePrefix) {
			if rel, err := filepath.Rel(root, p.Dir); err == nil {
				p.Dir = filepath.ToSlash(rel)
			}
			g.pkgs[p.ImportPath] = p
		}
	}
	return g, nil
}

// moduleOf is the portal module (folder under api/) of an import path.
func moduleOf(importPath string) string {
	rest, ok := strings.CutPrefix(importPath, goModulePrefix)
	if !ok {
		return ""
	}
	m, _, _ := strings.Cut(rest, "/")
	return m
}

// Files lists the files a module's release is built from, by the module that owns each: the Go,
// cgo and embedded files of its packages the binary links and of every portal package they
// import, and the go.mod and go.sum of each module among them.
func (g *GoGraph) Files(module string) map[string][]string {
	linked := map[string]bool{}
	for path, p := range g.pkgs {
		if moduleOf(path) != module {
			continue
		}
		linked[path] = true
		for _, d := range p.Deps {
			if _, ok := g.pkgs[d]; ok {
				linked[d] = true
			}
		}
	}
	out := map[string][]string{}
	for path := range linked {
		p, m := g.pkgs[path], moduleOf(path)
		for _, list := range [][]string{p.GoFiles, p.CgoFiles, p.EmbedFiles} {
			for _, f := range list {
				out[m] = append(out[m], p.Dir+"/"+f)
			}
		}
	}
	for m := range out {
		out[m] = append(out[m], "api/"+m+"/go.mod", "api/"+m+"/go.sum")
		slices.Sort(out[m])
	}
	return out
}

// Chain is the path of modules from one module to another it links, through the modules'
// imports (shortest first): [repair rma geo].
func (g *GoGraph) Chain(from, to string) []string {
	edges := map[string][]string{}
	for path, p := range g.pkgs {
		m := moduleOf(path)
		for _, imp := range p.Imports {
			if t := moduleOf(imp); t != "" && t != m && !slices.Contains(edges[m], t) {
				edges[m] = append(edges[m], t)
			}
		}
	}
	for m := range edges {
		slices.Sort(edges[m])
	}
	return shortestPath(from, to, func(n string) []string { return edges[n] })
}

// shortestPath is a breadth-first search from from to to; nil when to is not reachable.
func shortestPath(from, to string, next func(string) []string) []string {
	parent := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if n == to {
			var path []string
			for at := to; at != ""; at = parent[at] {
				path = append([]string{at}, path...)
			}
			return path
		}
		for _, m := range next(n) {
			if _, seen := parent[m]; !seen {
				parent[m] = n
				queue = append(queue, m)
			}
		}
	}
	return nil
}
