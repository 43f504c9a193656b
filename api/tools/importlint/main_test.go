package main

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testLayers are the layers the registry gives the modules these tests name.
var testLayers = map[string]int{
	"pkg": 0, "tools": 0, "rma": 1, "geo": 1, "shipping": 1, "repair": 2, "recycle": 2, "portal": 3,
}

func TestRule(t *testing.T) {
	tests := []struct {
		name, path, imp string
		bad             bool
	}{
		{"service uses capability", prefix + "repair/repairapi", prefix + "rma/rma", false},
		{"service uses pkg", prefix + "repair/repairapi", prefix + "pkg/auth", false},
		{"service uses another service", prefix + "repair/repairapi", prefix + "recycle/recycleapi", true},
		{"capability uses service", prefix + "rma/rma", prefix + "repair/repairapi", true},
		{"capability uses capability", prefix + "shipping/shipping", prefix + "geo/geo", false},
		{"pkg uses capability", prefix + "pkg/auth", prefix + "rma/rma", true},
		{"anything uses portal", prefix + "repair/repairapi", prefix + "portal/compose", true},
		{"handler uses gorm", prefix + "repair/repairapi", "gorm.io/gorm", true},
		{"db package uses gorm", prefix + "rma/rmadb", "gorm.io/gorm", false},
		{"unknown module", prefix + "repair/repairapi", prefix + "mystery/x", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rule(testLayers, tt.path, moduleOf(tt.path), tt.imp)
			if (got != "") != tt.bad {
				t.Fatalf("rule(%s → %s) = %q, want bad=%v", tt.path, tt.imp, got, tt.bad)
			}
		})
	}
}

func TestCheck_ReportsEachOffendingImport(t *testing.T) {
	in := `{"ImportPath":"` + prefix + `repair/repairapi","Imports":["` + prefix + `recycle/recycleapi","gorm.io/gorm"]}`
	problems, err := check(strings.NewReader(in), testLayers)
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 2 {
		t.Fatalf("want 2 problems, got %v", problems)
	}
}

func TestLayers_ReadsTheDomainsFromTheRegistryOverTheFoundation(t *testing.T) {
	file := filepath.Join(t.TempDir(), "routes.json")
	if err := os.WriteFile(file, []byte(`{"services":[],"layers":{"rma":1,"repair":2,"portal":3}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := layers(file)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int{"pkg": 0, "tools": 0, "rma": 1, "repair": 2, "portal": 3}; !maps.Equal(got, want) {
		t.Fatalf("layers = %v, want %v", got, want)
	}

	if err := os.WriteFile(file, []byte(`{"services":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := layers(file); err == nil || !strings.Contains(err.Error(), "none in") {
		t.Fatalf("a registry without layers places nothing, got %v", err)
	}
}
