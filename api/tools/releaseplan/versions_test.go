package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRepo_EachGoModuleRecordsItsPackageJSONVersion(t *testing.T) {
	stale, err := SyncVersions(repoRoot, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Errorf("the Go side records another version than package.json in %v: run make release-version", stale)
	}
}

func TestRepo_EachGoModulesPackageJSONMirrorsItsGoMod(t *testing.T) {
	problems, err := MirrorProblems(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

func TestSyncVersions_WritesTheVersionACheckFindsStale(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"pnpm-workspace.yaml":        "packages:\n  - api/*\n",
		"api/fleet/package.json":     `{"name":"@portal/api-fleet","version":"1.2.3"}`,
		"api/fleet/fleetdomain/d.go": "package fleetdomain\n",
		// No descriptor package, so no process reports it: nothing to write.
		"api/pkg/package.json": `{"name":"@portal/api-pkg","version":"1.0.0"}`,
	})
	want := []string{filepath.Join("api", "fleet", "fleetdomain", "version.go")}
	if stale, err := SyncVersions(root, true); err != nil || !slices.Equal(stale, want) {
		t.Fatalf("check: %v %v, want %v", stale, err, want)
	}
	if _, err := os.Stat(filepath.Join(root, want[0])); !os.IsNotExist(err) {
		t.Fatal("a check writes nothing")
	}
	if _, err := SyncVersions(root, false); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(root, want[0]))
	if !strings.Contains(string(got), "package fleetdomain") || !strings.Contains(string(got), `const Version = "1.2.3"`) {
		t.Errorf("version.go:\n%s", got)
	}
	if stale, _ := SyncVersions(root, true); len(stale) > 0 {
		t.Errorf("stale after the sync: %v", stale)
	}
	writeFiles(t, root, map[string]string{"api/fleet/package.json": `{"name":"@portal/api-fleet","version":"1.3.0"}`})
	if stale, _ := SyncVersions(root, true); !slices.Equal(stale, want) {
		t.Errorf("a bumped package.json leaves version.go stale, got %v", stale)
	}
}

func TestMirrorProblems_NamesADependencyMissingOnEitherSide(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"pnpm-workspace.yaml":    "packages:\n  - api/*\n",
		"api/pkg/package.json":   `{"name":"@portal/api-pkg","version":"1.0.0"}`,
		"api/pkg/go.mod":         "module rugged.example/portal/api/pkg\n",
		"api/rma/package.json":   `{"name":"@portal/api-rma","version":"1.0.0"}`,
		"api/rma/go.mod":         "module rugged.example/portal/api/rma\n\nrequire rugged.example/portal/api/pkg v0.0.0 // indirect\n",
		"api/fleet/package.json": `{"name":"@portal/api-fleet","version":"1.0.0","dependencies":{"@portal/api-rma":"workspace:*"}}`,
		"api/fleet/go.mod":       "module rugged.example/portal/api/fleet\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.0.0\n\trugged.example/portal/api/pkg v0.0.0\n)\n\nreplace rugged.example/portal/api/rma => ../rma\n",
	})
	problems, err := MirrorProblems(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`api/fleet: go.mod requires rugged.example/portal/api/pkg; package.json wants "@portal/api-pkg": "workspace:*" in dependencies`,
		"api/fleet: package.json depends on @portal/api-rma, which go.mod does not require",
		`api/rma: go.mod requires rugged.example/portal/api/pkg; package.json wants "@portal/api-pkg": "workspace:*" in dependencies`,
	}
	if !slices.Equal(problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
}
