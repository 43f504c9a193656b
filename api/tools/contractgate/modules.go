package main

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// The shared packages are barrels: packages/forms/src/index.ts re-exports the serial rules beside
// the support ticket form. Counting every file of a bundled package would gate every remote on
// every provider any shared component calls, so the gate follows the imports instead, name by
// name through the barrels, the way the bundler's tree shaking does, and scans only the files a
// deployable's code reaches. Type-only imports ship no code and are not followed.

var (
	// import X, { a, type b } from '…' / import * as ns from '…' / export { a } from '…' / export * from '…'
	fromRe = regexp.MustCompile(`\b(import|export)\s+([\w\s{},*$]*?)\s*from\s*['"]([^'"]+)['"]`)
	// import '…' (side effects) and import('…') (a lazily loaded chunk): the whole module.
	wholeRe = regexp.MustCompile(`\bimport\s*(?:\(\s*)?['"]([^'"]+)['"]`)
	// code a module declares and exports itself (not types: they ship nothing)
	localExportRe = regexp.MustCompile(`\bexport\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum|abstract\s+class)\s+(\w+)`)
	localListRe   = regexp.MustCompile(`\bexport\s*\{([^}]*)\}\s*(;|\n)`)
	defaultRe     = regexp.MustCompile(`\bexport\s+default\b`)
)

// allNames stands for "the whole module": a root, a namespace import, a lazy import.
const allNames = "*"

// moduleGraph resolves and follows imports inside the workspace.
type moduleGraph struct {
	root     string
	packages map[string]packageExports // by package name
	skip     map[string]bool           // package names not followed (the api-client)
	whole    map[string]bool           // package names shipped whole when imported (federation singletons)
	visited  map[string]bool           // file + "\x00" + name
	reached  map[string]bool           // files whose code ships
}

// packageExports is a workspace package's folder and its package.json "exports" map.
type packageExports struct {
	Dir     string
	Exports map[string]string
}

func newModuleGraph(root string, packages map[string]packageExports, skip ...string) *moduleGraph {
	g := &moduleGraph{root: root, packages: packages, skip: map[string]bool{}, whole: map[string]bool{}, visited: map[string]bool{}, reached: map[string]bool{}}
	for _, s := range skip {
		g.skip[s] = true
	}
	return g
}

// readExports reads a package.json's "exports" (string targets only, which is what the
// workspace's packages use).
func readExports(root, dir string) (packageExports, string, error) {
	data, err := os.ReadFile(filepath.Join(root, dir, "package.json"))
	if err != nil {
		return packageExports{}, "", err
	}
	var p struct {
		Name    string         `json:"name"`
		Exports map[string]any `json:"exports"`
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return packageExports{}, "", err
	}
	pe := packageExports{Dir: dir, Exports: map[string]string{}}
	for k, v := range p.Exports {
		if s, ok := v.(string); ok {
			pe.Exports[k] = s
		}
	}
	return pe, p.Name, nil
}

// visit follows file (slash path relative to root) for the exported names wanted.
func (g *moduleGraph) visit(file string, wanted []string) {
	var names []string
	for _, n := range wanted {
		key := file + "\x00" + n
		if !g.visited[key] && !g.visited[file+"\x00"+allNames] {
			g.visited[key] = true
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return
	}
	data, err := os.ReadFile(filepath.Join(g.root, filepath.FromSlash(file)))
	if err != nil {
		return // not a source file the gate can read (an asset); it calls nothing
	}
	code := string(data)
	all := contains(names, allNames)
	ownCode := all
	if !all {
		local := localExports(code)
		for _, n := range names {
			if local[n] {
				ownCode = true
			}
		}
	}
	if ownCode {
		g.reached[file] = true
	}
	for _, m := range fromRe.FindAllStringSubmatch(code, -1) {
		kind, clause, spec := m[1], strings.TrimSpace(m[2]), m[3]
		if strings.HasPrefix(clause, "type ") || clause == "type" {
			continue
		}
		target := g.resolve(file, spec)
		if target == "" {
			continue
		}
		if g.whole[packageOf(spec)] {
			if ownCode || kind == "export" {
				g.visit(target, []string{allNames})
			}
			continue
		}
		if kind == "import" {
			if ownCode {
				g.visit(target, importedNames(clause))
			}
			continue
		}
		// A re-export: followed for the names asked of this module.
		if clause == "*" {
			if all {
				g.visit(target, []string{allNames})
			} else {
				g.visit(target, names)
			}
			continue
		}
		if strings.HasPrefix(clause, "*") { // export * as ns from: the namespace, whole
			if all || contains(names, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(clause, "*")), "as"))) {
				g.visit(target, []string{allNames})
			}
			continue
		}
		var follow []string
		for exported, original := range exportedNames(clause) {
			if all || contains(names, exported) {
				follow = append(follow, original)
			}
		}
		if len(follow) > 0 {
			g.visit(target, follow)
		}
	}
	if ownCode {
		for _, m := range wholeRe.FindAllStringSubmatch(code, -1) {
			if target := g.resolve(file, m[1]); target != "" {
				g.visit(target, []string{allNames})
			}
		}
	}
}

// resolve maps an import specifier to a workspace file, or "" for what the gate does not follow
// (third-party packages, skipped workspace packages, assets).
func (g *moduleGraph) resolve(from, spec string) string {
	var base string
	switch {
	case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../"):
		base = path.Join(path.Dir(from), spec)
	case strings.HasPrefix(spec, "@"):
		parts := strings.SplitN(spec, "/", 3)
		if len(parts) < 2 {
			return ""
		}
		name := parts[0] + "/" + parts[1]
		pkg, ok := g.packages[name]
		if !ok || g.skip[name] {
			return ""
		}
		sub := "."
		if len(parts) == 3 {
			sub = "./" + parts[2]
		}
		target, ok := pkg.Exports[sub]
		if !ok {
			return ""
		}
		base = path.Join(pkg.Dir, target)
	default:
		return ""
	}
	for _, candidate := range []string{base, base + ".ts", base + ".tsx", base + "/index.ts", base + "/index.tsx"} {
		if !strings.HasSuffix(candidate, ".ts") && !strings.HasSuffix(candidate, ".tsx") {
			continue
		}
		if st, err := os.Stat(filepath.Join(g.root, filepath.FromSlash(candidate))); err == nil && !st.IsDir() {
			return candidate
		}
	}
	return ""
}

// importedNames: the names an import clause takes from its module (type-only ones left out).
func importedNames(clause string) []string {
	if strings.Contains(clause, "*") {
		return []string{allNames}
	}
	var names []string
	head, braces, hasBraces := strings.Cut(clause, "{")
	if d := strings.Trim(strings.TrimSpace(head), ","); d != "" {
		names = append(names, "default")
	}
	if hasBraces {
		inner, _, _ := strings.Cut(braces, "}")
		for original := range exportedNamesList(inner) {
			names = append(names, original)
		}
	}
	return names
}

// exportedNames maps, for `{ a, b as c, type T }`, each name given out to the module's own name.
func exportedNames(clause string) map[string]string {
	inner := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(clause), "{"), "}")
	out := map[string]string{}
	for original, given := range exportedNamesList(inner) {
		out[given] = original
	}
	return out
}

// exportedNamesList yields original → given for the entries of a brace list, skipping types.
func exportedNamesList(inner string) map[string]string {
	out := map[string]string{}
	for _, entry := range strings.Split(inner, ",") {
		fields := strings.Fields(entry)
		if len(fields) == 0 || fields[0] == "type" {
			continue
		}
		original, given := fields[0], fields[0]
		if len(fields) == 3 && fields[1] == "as" {
			given = fields[2]
		}
		out[original] = given
	}
	return out
}

// localExports: the names a module exports from its own code.
func localExports(code string) map[string]bool {
	out := map[string]bool{}
	for _, m := range localExportRe.FindAllStringSubmatch(code, -1) {
		out[m[1]] = true
	}
	for _, m := range localListRe.FindAllStringSubmatch(code, -1) {
		for _, given := range exportedNamesList(m[1]) {
			out[given] = true
		}
	}
	if defaultRe.MatchString(code) {
		out["default"] = true
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
