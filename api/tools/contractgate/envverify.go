package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// verifier runs the pact verification package pkg of the tree at root against the pacts in
// pactDir, and reports whether it passed, with its output.
type verifier func(root, pkg, pactDir string) (bool, string)

// ffiPath is where `pnpm install` puts the Pact FFI library pact-go links against.
const ffiPath = "node_modules/pact-ffi-go/prebuilds/linux-x64"

// makeVerifier verifies through `make pact-verify` in the tree at root, linking the FFI library
// in ffiDir: a tree the gate checked out at an old commit has no node_modules of its own.
func makeVerifier(ffiDir string) verifier {
	return func(root, pkg, pactDir string) (bool, string) {
		cmd := exec.Command("make", "--no-print-directory", "pact-verify", "PACT_PKG="+pkg, "PACT_DIR="+pactDir, "PACT_FFI_DIR="+ffiDir)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		return err == nil, string(out)
	}
}

// verify runs ck's verification: the consumer's pact as it shipped (the tree's, or the archive's)
// against the provider as the Go release built it (the tree, when its provider is that version,
// else a checkout of the release's commit).
func (g *envGate) verify(ck envCheck) (bool, []interactionFailure, error) {
	pact, err := g.pactContent(ck.Provider, ck.PactHash)
	if err != nil {
		return false, nil, err
	}
	src, cleanup, err := g.providerTree(ck)
	if err != nil {
		return false, nil, err
	}
	defer cleanup()
	provs, err := readProviders(src)
	if err != nil {
		return false, nil, err
	}
	dir, err := os.MkdirTemp("", "contractgate-pacts-")
	if err != nil {
		return false, nil, err
	}
	defer os.RemoveAll(dir)
	// pacttest.Verify reads the pacts named *-<provider>.json.
	if err := os.WriteFile(filepath.Join(dir, ck.Consumer+"-"+ck.Provider+".json"), pact, 0o644); err != nil {
		return false, nil, err
	}
	fmt.Fprintf(g.out, "== verifying %s %s's pact for %s (%s) against %s %s (provider %s)\n",
		ck.Consumer, ck.ConsumerVersion, ck.Provider, short(ck.PactHash), ck.Serving, ck.ServingVersion, short(ck.ProviderVersion))
	ok, output := g.verifier(src, provs[ck.Provider].Package, dir)
	if ok {
		return true, nil, nil
	}
	found := parseFailures(output, pactDescriptions(pact))
	if len(found) == 0 {
		// Not a mismatch: the verification did not get to run (a build error, a missing FFI).
		fmt.Fprintln(g.out, tail(output, 30))
		found = []interactionFailure{{Interaction: "(none: the verification did not run)", Mismatches: []string{"see its output above"}}}
	}
	return false, found, nil
}

// pactContent is the pact with hash for provider: the tree's, when it is that pact, else the
// archived one.
func (g *envGate) pactContent(provider, hash string) ([]byte, error) {
	if p, ok := g.t.Pacts[provider]; ok && p.Hash == hash && g.pactDir != "" {
		return os.ReadFile(filepath.Join(g.pactDir, p.File))
	}
	return g.c.archivedPact(hash)
}

// providerTree returns a tree whose provider is ck's version: the tree at root when it is, else
// a git worktree of the release's commit, checked to hold that very version.
func (g *envGate) providerTree(ck envCheck) (string, func(), error) {
	none := func() {}
	if p, ok := g.t.Providers[ck.Provider]; ok {
		v, err := providerVersion(g.root, p)
		if err != nil {
			return "", none, err
		}
		if v == ck.ProviderVersion {
			return g.root, none, nil
		}
	}
	if ck.Commit == "" {
		return "", none, fmt.Errorf("%s %s: its provider %s is not the tree's and its release records no commit to rebuild it from", ck.Serving, ck.ServingVersion, ck.Provider)
	}
	dir, err := os.MkdirTemp("", "contractgate-"+ck.Serving+"-")
	if err != nil {
		return "", none, err
	}
	git := func(args ...string) error {
		cmd := exec.Command("git", args...)
		cmd.Dir = g.root
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	cleanup := func() {
		_ = git("worktree", "remove", "--force", dir)
		os.RemoveAll(dir)
	}
	if err := git("worktree", "add", "--detach", dir, ck.Commit); err != nil {
		os.RemoveAll(dir)
		return "", none, err
	}
	fmt.Fprintf(g.out, "== %s %s is not the tree's provider: checked out %s at %s\n", ck.Serving, ck.ServingVersion, short(ck.Commit), dir)
	provs, err := readProviders(dir)
	if err != nil {
		cleanup()
		return "", none, err
	}
	v, err := providerVersion(dir, provs[ck.Provider])
	if err != nil || v != ck.ProviderVersion {
		cleanup()
		return "", none, fmt.Errorf("%s %s: commit %s does not hold the provider %s it was published with (published from uncommitted changes?)",
			ck.Serving, ck.ServingVersion, short(ck.Commit), ck.Provider)
	}
	return dir, cleanup, nil
}

// pactDescriptions lists the descriptions of a pact's interactions.
func pactDescriptions(pact []byte) []string {
	var p struct {
		Interactions []struct{ Description string } `json:"interactions"`
	}
	_ = json.Unmarshal(pact, &p)
	var out []string
	for _, it := range p.Interactions {
		out = append(out, it.Description)
	}
	return out
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
