package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTarget_NamesPackagesAndFilesForTheDomain(t *testing.T) {
	tests := map[string]string{
		"go.mod.tmpl":                               "go.mod",
		"package.json.tmpl":                         "package.json",
		"domain/version.go.tmpl":                    "fleetdomain/version.go",
		"core/core.go.tmpl":                         "fleet/fleet.go",
		"core/core_test.go.tmpl":                    "fleet/fleet_test.go",
		"db/db.go.tmpl":                             "fleetdb/fleetdb.go",
		"db/schema.go.tmpl":                         "fleetdb/schema.go",
		"db/migrations/sqlite/00001_items.sql.tmpl": "fleetdb/migrations/sqlite/00001_items.sql",
		"pact/provider_test.go.tmpl":                "fleetpact/provider_test.go",
		"domain/domain.go.tmpl":                     "fleetdomain/fleetdomain.go",
	}
	for in, want := range tests {
		if got := target("fleet", in); got != want {
			t.Errorf("target(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestRegister_AddsTheDescriptorAboveTheMarkerWithItsImport(t *testing.T) {
	file := filepath.Join(t.TempDir(), "domains.go")
	src := "package compose\n\nimport (\n\t\"rugged.example/portal/api/pkg/domain\"\n)\n\nfunc Domains() []domain.Descriptor {\n\treturn []domain.Descriptor{\n\t\t" + marker + "\n\t}\n}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := register(file, "fleet"); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(file)
	for _, want := range []string{"\"rugged.example/portal/api/fleet/fleetdomain\"\n", "fleetdomain.Descriptor(),\n\t\t" + marker} {
		if !strings.Contains(string(got), want) {
			t.Errorf("want %q in\n%s", want, got)
		}
	}
	if err := os.WriteFile(file, []byte("package compose\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := register(file, "fleet"); err == nil {
		t.Error("a list without the marker is refused")
	}
}

func TestScaffold_RefusesABadOrTakenName(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "api", "parts"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"", "Fleet", "fleet-ops", "9lives", "parts"} {
		if err := scaffold(root, name); err == nil {
			t.Errorf("scaffold(%q) succeeded", name)
		}
	}
}
