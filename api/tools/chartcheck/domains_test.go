package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderDomains_ListsEveryProcessSortedWithItsPaths(t *testing.T) {
	got := string(RenderDomains(Routes{"web": {"/"}, "support": {"/admin/reports", "/contact-form"}}))
	want := "support:\n  paths: [/admin/reports, /contact-form]\nweb:\n  paths: [/]\n"
	if !strings.HasSuffix(got, want) || !strings.HasPrefix(got, "# Generated") {
		t.Fatalf("got\n%s\nwant a generated header, then\n%s", got, want)
	}
}

func TestCheckDomains_RefusesAStaleFile(t *testing.T) {
	chart := t.TempDir()
	reg := Routes{"web": {"/"}}
	if err := writeDomains(chart, reg); err != nil {
		t.Fatal(err)
	}
	if err := checkDomains(chart, reg); err != nil {
		t.Fatalf("a file just written is current: %v", err)
	}
	reg["billing"] = []string{"/billing"}
	if err := checkDomains(chart, reg); err == nil || !strings.Contains(err.Error(), "make chart-domains") {
		t.Fatalf("a new domain makes the file stale, got %v", err)
	}
	if err := os.Remove(filepath.Join(chart, domainsFile)); err != nil {
		t.Fatal(err)
	}
	if err := checkDomains(chart, reg); err == nil {
		t.Fatal("a chart without the file fails")
	}
}
