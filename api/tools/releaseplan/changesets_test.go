package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// changesetsBin is the repository's changesets CLI.
func changesetsBin(t *testing.T) string {
	t.Helper()
	bin, err := filepath.Abs(filepath.Join(repoRoot, "node_modules", "@changesets", "cli", "bin.js"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("changesets is not installed (%v): run pnpm install (make deps)", err)
	}
	return bin
}

// workspaceCopy is a scratch git repository of the repository's changesets configuration and
// every workspace package.json, committed on main.
func workspaceCopy(t *testing.T) string {
	t.Helper()
	files := map[string]string{}
	for _, f := range []string{"package.json", "pnpm-workspace.yaml", ".changeset/config.json"} {
		raw, err := os.ReadFile(filepath.Join(repoRoot, f))
		if err != nil {
			t.Fatal(err)
		}
		files[f] = string(raw)
	}
	w, err := ReadWorkspace(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range w.Packages {
		raw, err := os.ReadFile(filepath.Join(repoRoot, p.Dir, "package.json"))
		if err != nil {
			t.Fatal(err)
		}
		files[p.Dir+"/package.json"] = string(raw)
	}
	return gitRepo(t, files)
}

// changesetStatus copies the repository's changesets configuration and every workspace
// package.json into a scratch git repository, adds a changeset bumping bumped (package → type),
// and returns what the repository's own `changeset status` plans.
func changesetStatus(t *testing.T, bumped map[string]string) map[string]Release {
	t.Helper()
	bin := changesetsBin(t)
	root := workspaceCopy(t)
	var cs strings.Builder
	cs.WriteString("---\n")
	for name, bump := range bumped {
		cs.WriteString("\"" + name + "\": " + bump + "\n")
	}
	cs.WriteString("---\n\nA change.\n")
	writeFiles(t, root, map[string]string{".changeset/a-change.md": cs.String()})
	runCmd(t, root, "node", bin, "status", "--output", "status.json")
	raw, err := os.ReadFile(filepath.Join(root, "status.json"))
	if err != nil {
		t.Fatal(err)
	}
	releases, err := ReadStatus(raw)
	if err != nil {
		t.Fatal(err)
	}
	return releases
}

// The repository's changesets configuration bumps whatever bundles or links a bumped package,
// through every level, and nothing else.
func TestChangesets_ABumpReachesWhatBundlesOrLinksItAndNothingElse(t *testing.T) {
	releases := changesetStatus(t, map[string]string{"@portal/ui": "minor", "@portal/api-rma": "patch"})
	want := map[string]string{
		"@portal/ui": "minor",
		// Every remote and the host bundle ui, some only through forms or prerender.
		"@portal/forms": "patch", "@portal/prerender": "patch",
		"@portal/host": "patch", "@portal/account": "patch", "@portal/parts": "patch",
		"@portal/recycle": "patch", "@portal/repair": "patch", "@portal/support": "patch", "@portal/service-desk": "patch",
		"@portal/api-rma": "patch",
	}
	// rma is linked by the Go modules whose go.mod requires it, directly or through another
	// module (repair, recycle, account, parts, depot, the portal…): read from the go.mod files,
	// which TestRepo_EachGoModulesPackageJSONMirrorsItsGoMod holds the package.json files to.
	for _, name := range goModulesLinking(t, "rma") {
		want["@portal/api-"+name] = "patch"
	}
	for name, bump := range want {
		if r := releases[name]; r.Type != bump {
			t.Errorf("%s: planned %+v, want a %s bump", name, r, bump)
		}
	}
	for name, r := range releases {
		if _, ok := want[name]; !ok && r.Type != "none" {
			t.Errorf("%s bundles neither and is bumped: %+v", name, r)
		}
	}
}

// A branch that changed a package and has no changeset makes `changeset status` exit 1; the plan
// is then empty (and release-plan flags what changed), not an error.
func TestPendingReleases_NoChangesetOnABranchIsAnEmptyPlan(t *testing.T) {
	bin := changesetsBin(t)
	root := workspaceCopy(t)
	runCmd(t, root, "git", "checkout", "-q", "-b", "feature")
	writeFiles(t, root, map[string]string{"packages/ui/src/Button.tsx": "export {};\n"})
	commit(t, root, "a change")
	saved := changesetCommand
	changesetCommand = []string{"node", bin}
	t.Cleanup(func() { changesetCommand = saved })
	releases, err := PendingReleases(root)
	if err != nil || len(releases) != 0 {
		t.Errorf("PendingReleases = %v, %v; want an empty plan", releases, err)
	}
}

// goModulesLinking lists the portal's Go modules requiring api/<module>, through any number of
// modules, from their go.mod files.
func goModulesLinking(t *testing.T, module string) []string {
	t.Helper()
	mods, err := filepath.Glob(filepath.Join(repoRoot, "api", "*", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	requires := map[string][]string{} // module → the portal modules its go.mod requires
	for _, m := range mods {
		raw, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(filepath.Dir(m))
		for _, f := range strings.Fields(string(raw)) {
			if dep, ok := strings.CutPrefix(f, "rugged.example/portal/api/"); ok && dep != name {
				requires[name] = append(requires[name], dep)
			}
		}
	}
	linking := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for name, deps := range requires {
			if linking[name] {
				continue
			}
			for _, d := range deps {
				if d == module || linking[d] {
					linking[name], changed = true, true
					break
				}
			}
		}
	}
	var out []string
	for name := range linking {
		out = append(out, name)
	}
	return out
}
