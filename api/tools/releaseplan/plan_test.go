package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fixture is a small portal: a host and one remote over two shared packages and the build
// tooling, and three Go modules (repair → rma → pkg), with pnpm-workspace.yaml and go.work.
func fixture() map[string]string {
	return map[string]string{
		"pnpm-workspace.yaml":                "packages:\n  - host\n  - apps/*\n  - packages/*\n  - tooling/*\n  - api/*\n",
		"README.md":                          "portal\n",
		"host/package.json":                  `{"name":"@portal/host","version":"1.0.0","dependencies":{"@portal/ui":"workspace:*","react":"catalog:"}}`,
		"host/src/index.tsx":                 "export {};\n",
		"apps/repair/package.json":           `{"name":"@portal/repair","version":"1.2.0","dependencies":{"@portal/forms":"workspace:*"},"devDependencies":{"@portal/rspack-config":"workspace:*","@portal/jest-config":"workspace:*"}}`,
		"apps/repair/rspack.config.ts":       "import { createPortalConfig } from '@portal/rspack-config';\nimport { mf } from './module-federation.config';\n",
		"apps/repair/src/Page.tsx":           "export {};\n",
		"packages/forms/package.json":        `{"name":"@portal/forms","version":"1.0.0","dependencies":{"@portal/ui":"workspace:*"}}`,
		"packages/forms/src/index.ts":        "export {};\n",
		"packages/ui/package.json":           `{"name":"@portal/ui","version":"1.0.0"}`,
		"packages/ui/src/Button.tsx":         "export {};\n",
		"tooling/rspack/package.json":        `{"name":"@portal/rspack-config","version":"0.0.0"}`,
		"tooling/rspack/src/index.ts":        "export {};\n",
		"tooling/jest/package.json":          `{"name":"@portal/jest-config","version":"0.0.0"}`,
		"tooling/jest/index.js":              "module.exports = {};\n",
		"go.work":                            "go 1.22\n\nuse (\n\t./api/pkg\n\t./api/rma\n\t./api/repair\n)\n",
		"api/pkg/go.mod":                     "module rugged.example/portal/api/pkg\n\ngo 1.22\n",
		"api/pkg/package.json":               `{"name":"@portal/api-pkg","version":"1.0.0"}`,
		"api/pkg/httpx/httpx.go":             "package httpx\n\nconst Limit = 1\n",
		"api/pkg/httpx/decode.go":            "package httpx\n\nconst Max = 2\n",
		"api/pkg/unused/unused.go":           "package unused\n",
		"api/rma/go.mod":                     "module rugged.example/portal/api/rma\n\ngo 1.22\n\nrequire rugged.example/portal/api/pkg v0.0.0\n",
		"api/rma/package.json":               `{"name":"@portal/api-rma","version":"1.0.0","dependencies":{"@portal/api-pkg":"workspace:*"}}`,
		"api/rma/rma/rma.go":                 "package rma\n\nimport \"rugged.example/portal/api/pkg/httpx\"\n\nconst Limit = httpx.Limit\n",
		"api/repair/go.mod":                  "module rugged.example/portal/api/repair\n\ngo 1.22\n\nrequire (\n\trugged.example/portal/api/pkg v0.0.0\n\trugged.example/portal/api/rma v0.0.0\n)\n",
		"api/repair/package.json":            `{"name":"@portal/api-repair","version":"1.0.0","dependencies":{"@portal/api-pkg":"workspace:*","@portal/api-rma":"workspace:*"}}`,
		"api/repair/repair/repair.go":        "package repair\n\nimport \"rugged.example/portal/api/rma/rma\"\n\nconst Limit = rma.Limit\n",
		"api/repair/repair/repair_test.go":   "package repair\n",
		"api/repair/repairdomain/version.go": "package repairdomain\n\nconst Version = \"1.0.0\"\n",
		"api/repair/cmd/portal/main.go":      "package main\n\nimport (\n\t_ \"rugged.example/portal/api/repair/repair\"\n\t_ \"rugged.example/portal/api/repair/repairdomain\"\n)\n\nfunc main() {}\n",
		"api/repair/repairtest/fakes.go":     "package repairtest\n",
		"registry.json":                      `{"services":[{"name":"repair","paths":["/rma-manager"],"deployable":"api-repair","version":"1.0.0"}]}`,
		"status.json":                        `{"changesets":[],"releases":[{"name":"@portal/host","type":"patch","oldVersion":"1.0.0","newVersion":"1.0.1","changesets":["brave-cats"]},{"name":"@portal/forms","type":"none","oldVersion":"1.0.0","newVersion":"1.0.0","changesets":[]}]}`,
	}
}

// planOf plans the change of root's working tree since its first commit. The fixture's
// processes run api/repair/cmd/portal.
func planOf(t *testing.T, root string) Plan {
	t.Helper()
	saved := processPackages
	processPackages = []string{"./api/repair/cmd/portal"}
	t.Cleanup(func() { processPackages = saved })
	plan, err := makePlan(root, "HEAD", filepath.Join(root, "registry.json"), filepath.Join(root, "status.json"))
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

func deployable(t *testing.T, p Plan, name string) Deployable {
	t.Helper()
	for _, d := range p.Deployables {
		if d.Name == name {
			return d
		}
	}
	t.Fatalf("no deployable %s in %+v", name, p.Deployables)
	return Deployable{}
}

func TestPlan_ASharedPackageReachesEveryDeployableThatBundlesIt(t *testing.T) {
	root := gitRepo(t, fixture())
	writeFiles(t, root, map[string]string{
		"packages/ui/src/Button.tsx":      "export const Button = 1;\n",
		"apps/repair/src/Page.tsx":        "export const Page = 1;\n",
		"packages/ui/src/Button.test.tsx": "test\n",
		"tooling/jest/index.js":           "module.exports = { a: 1 };\n",
		"README.md":                       "portal, again\n",
	})
	plan := planOf(t, root)

	repair := deployable(t, plan, "repair")
	want := []Reason{
		{Source: "repair", Changes: []string{"apps/repair/src/Page.tsx"}},
		{Via: []string{"@portal/forms"}, Source: "@portal/ui", Changes: []string{"packages/ui/src/Button.tsx"}},
	}
	if !repair.Affected || len(repair.Reasons) != 2 || !equalReason(repair.Reasons[0], want[0]) || !equalReason(repair.Reasons[1], want[1]) {
		t.Errorf("repair: %+v, want the reasons %+v", repair, want)
	}
	if !repair.NoChangeset || repair.Version != "1.2.0" {
		t.Errorf("repair: changed without a changeset at 1.2.0, got %+v", repair)
	}
	host := deployable(t, plan, "host")
	if !host.Affected || host.NoChangeset || host.Pending == nil || host.Pending.NewVersion != "1.0.1" {
		t.Errorf("host: changed with a pending patch to 1.0.1, got %+v", host)
	}
	if d := deployable(t, plan, "api-repair"); d.Affected {
		t.Errorf("api-repair bundles no web package, got %+v", d)
	}
	for _, f := range []string{"packages/ui/src/Button.test.tsx", "tooling/jest/index.js", "README.md"} {
		if !slices.Contains(plan.Unattributed, f) {
			t.Errorf("%s ships in no deployable; unattributed: %v", f, plan.Unattributed)
		}
	}

	var text bytes.Buffer
	WriteText(&text, plan)
	for _, line := range []string{
		"repair 1.2.0: changed, no changeset: run pnpm changeset",
		"repair: apps/repair/src/Page.tsx\n",
		"repair ← @portal/forms ← @portal/ui: packages/ui/src/Button.tsx",
		"host 1.0.0: changed; pending patch → 1.0.1",
		"host ← @portal/ui: packages/ui/src/Button.tsx",
		"not affected, nothing pending: api-repair 1.0.0",
	} {
		if !strings.Contains(text.String(), line) {
			t.Errorf("want %q in\n%s", line, text.String())
		}
	}
}

func TestPlan_TheBuildToolingReachesTheDeployablesWhoseBuildImportsIt(t *testing.T) {
	root := gitRepo(t, fixture())
	writeFiles(t, root, map[string]string{"tooling/rspack/src/index.ts": "export const x = 1;\n"})
	plan := planOf(t, root)
	repair := deployable(t, plan, "repair")
	if len(repair.Reasons) != 1 || repair.Reasons[0].Source != "@portal/rspack-config" {
		t.Errorf("repair builds with rspack-config: %+v", repair)
	}
	if d := deployable(t, plan, "host"); d.Affected {
		t.Errorf("the fixture's host has no build config importing it: %+v", d)
	}
}

func TestPlan_AGoModuleReachesTheProcessesThatLinkIt(t *testing.T) {
	root := gitRepo(t, fixture())
	writeFiles(t, root, map[string]string{
		"api/pkg/httpx/decode.go":          "package httpx\n\nconst Max = 3\n",
		"api/pkg/unused/unused.go":         "package unused\n\nconst X = 1\n",
		"api/repair/repair/repair_test.go": "package repair\n\nconst y = 1\n",
		"api/repair/repairtest/fakes.go":   "package repairtest\n\nconst Fake = 1\n",
	})
	if err := os.Remove(filepath.Join(root, "api/rma/rma/rma.go")); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, root, map[string]string{"api/rma/rma/limit.go": "package rma\n\nimport \"rugged.example/portal/api/pkg/httpx\"\n\nconst Limit = httpx.Limit\n"})
	plan := planOf(t, root)
	d := deployable(t, plan, "api-repair")
	want := []Reason{
		{Via: nil, Source: "api-rma", Changes: []string{"api/rma/rma/limit.go", "api/rma/rma/rma.go"}},
		{Via: []string{"api-rma"}, Source: "api-pkg", Changes: []string{"api/pkg/httpx/decode.go"}},
	}
	slices.SortFunc(d.Reasons, func(a, b Reason) int { return len(a.Via) - len(b.Via) })
	if len(d.Reasons) != 2 || !equalReason(d.Reasons[0], want[0]) || !equalReason(d.Reasons[1], want[1]) {
		t.Errorf("api-repair reasons %+v, want %+v (a deleted file of a linked package counts)", d.Reasons, want)
	}
	for _, f := range []string{"api/pkg/unused/unused.go", "api/repair/repair/repair_test.go", "api/repair/repairtest/fakes.go"} {
		if !slices.Contains(plan.Unattributed, f) {
			t.Errorf("%s is linked by no process; unattributed: %v", f, plan.Unattributed)
		}
	}
}

func TestPlan_NotesAGoVersionThatPackageJSONMovedPast(t *testing.T) {
	files := fixture()
	files["api/repair/package.json"] = strings.Replace(files["api/repair/package.json"], `"1.0.0"`, `"1.1.0"`, 1)
	root := gitRepo(t, files)
	d := deployable(t, planOf(t, root), "api-repair")
	if d.Version != "1.1.0" || len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "make release-version") {
		t.Errorf("api-repair: %+v", d)
	}
}

func TestPlan_CountsAnImportersLockfileLinesButNotItsTestTools(t *testing.T) {
	lock := func(react, jest string) string {
		// pnpm writes its own dependencies in a first document, the workspace's in a second.
		return "---\nlockfileVersion: '9.0'\nimporters:\n  .:\n    configDependencies: {}\n\n---\n" +
			"lockfileVersion: '9.0'\nimporters:\n  apps/repair:\n    dependencies:\n      '@portal/forms':\n        specifier: workspace:*\n        version: link:../../packages/forms\n      react:\n        specifier: 'catalog:'\n        version: " + react +
			"\n    devDependencies:\n      jest:\n        specifier: 'catalog:'\n        version: " + jest + "\n"
	}
	files := fixture()
	files["pnpm-lock.yaml"] = lock("19.3.0", "30.0.0")
	root := gitRepo(t, files)
	writeFiles(t, root, map[string]string{"pnpm-lock.yaml": strings.Replace(lock("19.3.0", "30.1.0"), "link:../../packages/forms", "link:../forms", 1)})
	if d := deployable(t, planOf(t, root), "repair"); d.Affected {
		t.Errorf("a test tool's upgrade does not change the bundle, nor a workspace link: %+v", d)
	}
	writeFiles(t, root, map[string]string{"pnpm-lock.yaml": lock("19.3.1", "30.1.0")})
	d := deployable(t, planOf(t, root), "repair")
	want := Reason{Source: "pnpm-lock.yaml apps/repair", Changes: []string{"react 19.3.0 → 19.3.1"}}
	if len(d.Reasons) != 1 || !equalReason(d.Reasons[0], want) {
		t.Errorf("repair: %+v, want %+v", d.Reasons, want)
	}
}

func equalReason(a, b Reason) bool {
	return slices.Equal(a.Via, b.Via) && a.Source == b.Source && slices.Equal(a.Changes, b.Changes)
}
