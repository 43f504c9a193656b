package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// goTree is a small git repository shaped like the portal: a go.work and a module api/x whose
// package xpact verifies the pact provider "x-api". Its provider version is real (go list).
type goTree struct {
	root    string
	commit  string // the first commit
	version string // the provider version at that commit
}

func newGoTree(t *testing.T) goTree {
	t.Helper()
	root := t.TempDir()
	write(t, root, "go.work", "go 1.26.0\n\nuse ./api/x\n")
	write(t, root, "api/x/go.mod", "module rugged.example/portal/api/x\n\ngo 1.26.0\n")
	write(t, root, "api/x/xpact/x.go", "package xpact\n\n// Field is what the provider answers.\nconst Field = \"warrantyType\"\n")
	// The gate reads the provider's name from the verification's call, which needs no Pact here.
	write(t, root, "api/x/xpact/provider_test.go", "package xpact\n\n// pacttest.Verify(t, \"x-api\", router, states, token)\n")
	git(t, root, "init", "-q")
	git(t, root, "add", ".")
	git(t, root, "-c", "user.name=gate", "-c", "user.email=gate@example.com", "commit", "-q", "-m", "x")
	commit := strings.TrimSpace(git(t, root, "rev-parse", "HEAD"))
	v, err := providerVersion(root, provider{Name: "x-api", Package: "api/x/xpact", Module: "x"})
	if err != nil {
		t.Fatal(err)
	}
	return goTree{root: root, commit: commit, version: v}
}

func write(t *testing.T, root, name, content string) {
	t.Helper()
	file := filepath.Join(root, name)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v: %s", args, err, out)
	}
	return string(out)
}

// onePact is a pact for x-api with the two interactions testdata/verifier-failure.txt fails.
const onePact = `{"consumer":{"name":"portal-web"},"provider":{"name":"x-api"},"interactions":[
 {"description":"a serial check for an in-warranty unit","request":{"method":"GET","path":"/v"},"response":{"status":200}},
 {"description":"a serial check started ahead of its page","request":{"method":"GET","path":"/v"},"response":{"status":200}}],
 "metadata":{"pactSpecification":{"version":"3.0.0"}}}`

// verifierCall is what the fake verifier was asked.
type verifierCall struct{ root, pkg, pact string }

// fixture is a gate over a goTree with a contracts folder in which api-x 1.0.0 (the tree's
// provider) and repair 1.0.0 (carrying onePact) are published and deployed in production.
type fixture struct {
	gate  *envGate
	tree  goTree
	calls []verifierCall
	out   bytes.Buffer
	pact  string // onePact's hash
}

func newFixture(t *testing.T, pass bool) *fixture {
	t.Helper()
	f := &fixture{tree: newGoTree(t)}
	c, err := loadContracts(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if f.pact, err = c.archivePact([]byte(onePact)); err != nil {
		t.Fatal(err)
	}
	for _, r := range []release{
		{Deployable: "api-x", Version: "1.0.0", Providers: map[string]string{"x-api": f.tree.version}},
		{Deployable: "repair", Version: "1.0.0", Pacts: map[string]string{"x-api": f.pact}},
	} {
		if err := c.add(r, f.tree.commit); err != nil {
			t.Fatal(err)
		}
		if err := recordDeployment(c, r.Deployable, r.Version, "production"); err != nil {
			t.Fatal(err)
		}
	}
	failure, err := os.ReadFile("testdata/verifier-failure.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := &matrix{pinned: c.pinned}
	f.gate = &envGate{
		root: f.tree.root, c: c, m: m, matrixFile: filepath.Join(c.dir, "matrix.json"), out: &f.out,
		t: tree{Providers: map[string]provider{"x-api": {Name: "x-api", Package: "api/x/xpact", Module: "x"}}},
		verifier: func(root, pkg, pactDir string) (bool, string) {
			pacts, _ := filepath.Glob(filepath.Join(pactDir, "*-x-api.json"))
			var pact []byte
			if len(pacts) == 1 {
				pact, _ = os.ReadFile(pacts[0])
			}
			f.calls = append(f.calls, verifierCall{root: root, pkg: pkg, pact: string(pact)})
			if pass {
				return true, "all verified"
			}
			return false, string(failure)
		},
	}
	return f
}

func TestEnvGate_AConsumerIsVerifiedAgainstTheProviderDeployedThere(t *testing.T) {
	f := newFixture(t, true)
	// repair 1.1.0 changed its pact: it needs the provider production runs.
	newPact := strings.Replace(onePact, `"/v"`, `"/v2"`, 1)
	hash, err := f.gate.c.archivePact([]byte(newPact))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.gate.c.add(release{Deployable: "repair", Version: "1.1.0", Pacts: map[string]string{"x-api": hash}}, "c2"); err != nil {
		t.Fatal(err)
	}
	ok, err := f.gate.canIDeploy("repair", "1.1.0", "production")
	if err != nil || !ok {
		t.Fatalf("can-i-deploy = %v, %v; output:\n%s", ok, err, f.out.String())
	}
	if len(f.calls) != 1 || f.calls[0].root != f.tree.root || f.calls[0].pkg != "api/x/xpact" {
		t.Fatalf("verifier calls = %+v, want one in the tree (its provider is the deployed version)", f.calls)
	}
	if h, _ := hashPact([]byte(f.calls[0].pact)); h != hash {
		t.Errorf("verified a pact hashing to %s, want repair 1.1.0's %s", h, hash)
	}
	if !f.gate.m.verified(hash, f.tree.version) {
		t.Error("the passing verification was not recorded")
	}
	// Asked again, the recorded row answers: nothing is verified twice.
	if ok, err := f.gate.canIDeploy("repair", "1.1.0", "production"); err != nil || !ok || len(f.calls) != 1 {
		t.Fatalf("second can-i-deploy = %v, %v with %d verifications, want yes from the matrix", ok, err, len(f.calls))
	}
}

func TestEnvGate_ABreakingProviderIsRefusedNamingConsumerInteractionAndField(t *testing.T) {
	f := newFixture(t, false)
	write(t, f.tree.root, "api/x/xpact/x.go", "package xpact\n\n// Field is what the provider answers.\nconst Field = \"warrantyKind\"\n")
	v, err := providerVersion(f.tree.root, f.gate.t.Providers["x-api"])
	if err != nil {
		t.Fatal(err)
	}
	// api-x 1.1.0, published from the tree as it is now: the gate verifies it in the tree.
	if err := f.gate.c.add(release{Deployable: "api-x", Version: "1.1.0", Providers: map[string]string{"x-api": v}}, ""); err != nil {
		t.Fatal(err)
	}
	ok, err := f.gate.canIDeploy("api-x", "1.1.0", "production")
	if err != nil || ok {
		t.Fatalf("can-i-deploy = %v, %v, want refused; output:\n%s", ok, err, f.out.String())
	}
	want := "refused: repair 1.0.0 still need\n" +
		`      interaction "a serial check for an in-warranty unit": has a matching body: $ -> Actual map is missing the following keys: warrantyType`
	if !strings.Contains(f.out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, f.out.String())
	}
	if h, _ := hashPact([]byte(f.calls[0].pact)); h != f.pact {
		t.Errorf("verified a pact hashing to %s, want the archived one repair 1.0.0 shipped", h)
	}
	i := slices.IndexFunc(f.gate.m.Verifications, func(r verification) bool { return r.ProviderVersion == v })
	if i < 0 || f.gate.m.Verifications[i].Result != failed || f.gate.m.Verifications[i].ConsumerVersion != "1.0.0" {
		t.Errorf("matrix = %+v, want repair 1.0.0's failed row against the new provider", f.gate.m.Verifications)
	}
}

func TestEnvGate_AnOldProviderIsRebuiltFromItsCommit(t *testing.T) {
	f := newFixture(t, true)
	// The tree moved on; production still runs api-x 1.0.0, published from the first commit.
	write(t, f.tree.root, "api/x/xpact/x.go", "package xpact\n\n// Field moved on.\nconst Field = \"other\"\n")
	hash, _ := f.gate.c.archivePact([]byte(strings.Replace(onePact, `"/v"`, `"/v3"`, 1)))
	_ = f.gate.c.add(release{Deployable: "repair", Version: "1.2.0", Pacts: map[string]string{"x-api": hash}}, "c3")
	ok, err := f.gate.canIDeploy("repair", "1.2.0", "production")
	if err != nil || !ok {
		t.Fatalf("can-i-deploy = %v, %v; output:\n%s", ok, err, f.out.String())
	}
	if len(f.calls) != 1 || f.calls[0].root == f.tree.root {
		t.Fatalf("verifier calls = %+v, want one in a checkout of the release's commit", f.calls)
	}
	if _, err := os.Stat(f.calls[0].root); !os.IsNotExist(err) {
		t.Errorf("the checkout %s is left behind", f.calls[0].root)
	}
}

func TestEnvGate_RefusesWhatItCannotCheck(t *testing.T) {
	f := newFixture(t, true)
	_ = f.gate.c.add(release{Deployable: "repair", Version: "2.0.0", Pacts: map[string]string{"y-api": "h"}}, "c")
	f.gate.t.Providers["y-api"] = provider{Name: "y-api", Module: "y"}
	ok, err := f.gate.canIDeploy("repair", "2.0.0", "production")
	if err != nil || ok || !strings.Contains(f.out.String(), "y-api: no version of api-y, which serves it, is recorded as deployed in production") {
		t.Fatalf("can-i-deploy = %v, %v; output:\n%s", ok, err, f.out.String())
	}
	if _, err := f.gate.canIDeploy("repair", "9.9.9", "production"); err == nil {
		t.Error("an unknown version was answered")
	}
	if err := recordDeployment(f.gate.c, "repair", "9.9.9", "production"); err == nil {
		t.Error("an unpublished version was recorded as deployed")
	}
}

func TestContracts_AVersionIsImmutable(t *testing.T) {
	c, _ := loadContracts(t.TempDir())
	r := release{Deployable: "repair", Version: "1.0.0", Pacts: map[string]string{"x-api": "h1"}}
	if err := c.add(r, "c1"); err != nil {
		t.Fatal(err)
	}
	if err := c.add(r, "c2"); err != nil {
		t.Errorf("the same release again: %v", err)
	}
	r.Pacts = map[string]string{"x-api": "h2"}
	if err := c.add(r, "c2"); err == nil || !strings.Contains(err.Error(), "repair 1.0.0 was published with other contracts (x-api)") {
		t.Errorf("a changed release under the same version: %v", err)
	}
}

func TestContracts_SaveAndLoad(t *testing.T) {
	c, _ := loadContracts(t.TempDir())
	_ = c.add(release{Deployable: "repair", Version: "1.10.0", Pacts: map[string]string{"x": "h"}}, "c")
	_ = c.add(release{Deployable: "repair", Version: "1.9.0", Pacts: map[string]string{"x": "h"}}, "c")
	if err := recordDeployment(c, "repair", "1.10.0", "staging"); err != nil {
		t.Fatal(err)
	}
	back, err := loadContracts(c.dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Releases) != 2 || back.Releases[0].Version != "1.9.0" || back.Environments["staging"]["repair"] != "1.10.0" {
		t.Errorf("loaded %+v %+v", back.Releases, back.Environments)
	}
}

func TestMatrix_KeepsTheRowsAnEnvironmentRuns(t *testing.T) {
	f := newFixture(t, true)
	deployed := verification{Consumer: "repair", ConsumerVersion: "1.0.0", Provider: "x-api", ProviderVersion: f.tree.version, PactHash: f.pact, Result: passed}
	f.gate.m.record(deployed)
	for i := range historyPerPair + 2 {
		f.gate.m.record(verification{Consumer: "repair", Provider: "x-api", ProviderVersion: "p" + string(rune('a'+i)), PactHash: "h", Result: passed})
	}
	if !slices.Contains(f.gate.m.Verifications, deployed) {
		t.Error("the row production runs on was pruned")
	}
	if f.gate.m.keepPairs(func(verification) bool { return false }); !slices.Contains(f.gate.m.Verifications, deployed) {
		t.Error("the row production runs on was dropped with its pair")
	}
}

func TestParseFailures_ARealVerifierRun(t *testing.T) {
	out, err := os.ReadFile("testdata/verifier-failure.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := parseFailures(string(out), pactDescriptions([]byte(onePact)))
	mismatch := []string{"has a matching body: $ -> Actual map is missing the following keys: warrantyType"}
	want := []interactionFailure{
		{Interaction: "a serial check for an in-warranty unit", Mismatches: mismatch},
		{Interaction: "a serial check started ahead of its page", Mismatches: mismatch},
	}
	if len(got) != len(want) {
		t.Fatalf("parsed %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].Interaction != want[i].Interaction || !slices.Equal(got[i].Mismatches, want[i].Mismatches) {
			t.Errorf("failure %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if parseFailures("no failures section", nil) != nil {
		t.Error("found failures in an output without any")
	}
}
