package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// A module of its own with one fuzz test that holds, one that fails on any input but its seed
// (the fuzzer writes one), and one whose seed fails.
var fixture = map[string]string{
	"go.mod": "module example.test/fz\n\ngo 1.24\n",
	"fz/fz_test.go": `package fz

import "testing"

func FuzzHolds(f *testing.F) {
	f.Add("a")
	f.Fuzz(func(t *testing.T, s string) {})
}

func FuzzFails(f *testing.F) {
	f.Add("a")
	f.Fuzz(func(t *testing.T, s string) {
		if s != "a" {
			t.Fatal("found the bug")
		}
	})
}

func FuzzSeedFails(f *testing.F) {
	f.Add("bug")
	f.Fuzz(func(t *testing.T, s string) { t.Fatal("found the bug") })
}
`,
	"plain/plain_test.go": "package plain\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n",
}

func TestRun_RunsEachFuzzTestAloneAndNamesTheFailingInput(t *testing.T) {
	dir := t.TempDir()
	for name, src := range fixture {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	t.Setenv("GOWORK", "off")

	var out bytes.Buffer
	code, err := run(t.Context(), &out, []string{"./..."}, "1s", 1)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	if code != 1 {
		t.Fatalf("exit status %d, want 1\n%s", code, out.String())
	}
	for _, want := range []string{
		`(?m)^ok\s+example.test/fz/fz\s+FuzzHolds\s`,
		`(?m)^FAIL\s+example.test/fz/fz\s+FuzzFails\s`,
		`failing input: fz/testdata/fuzz/FuzzFails/\w+`,
		`FAIL example.test/fz/fz FuzzSeedFails: failure while testing seed corpus entry: FuzzSeedFails/seed#0`,
		`replay: go test -run 'FuzzFails/\w+' example.test/fz/fz`,
		`fuzzall: 2 of 3 fuzz tests failed`,
	} {
		if !regexp.MustCompile(want).MatchString(out.String()) {
			t.Errorf("output lacks %s:\n%s", want, out.String())
		}
	}
}
