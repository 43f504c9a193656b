// Command contractgate is the contract gate between the browser's deployables (the host and each
// remote under apps/) and the Go providers they call.
//
// The api-client's Pact consumer tests write one pact per provider to pacts/. A deployable calls
// the providers whose clients its shipped code uses (consumers.go reads that from the source), and
// may deploy when, for each of them, deploy/contracts/matrix.json holds a passing verification of
// the current pact (by content hash) against the current provider (by the content hash of the Go
// files its verification is built from). In this monorepo a remote and the providers deploy from
// the same commit, so the provider version "it will run with" is the provider of the working tree.
//
//	contractgate can-i-deploy [--remote R] [--service S]
//	    verifies what the matrix lacks (`make pact-verify` per provider), records each result,
//	    passed or failed, and fails unless every pair in scope passes. --remote R: the providers R
//	    calls; --service S: every pact of the provider S (a pact provider name or an api/ module,
//	    whose providers are all taken); neither: everything.
//	contractgate calls
//	    prints, per deployable, the clients its bundle calls, a file calling each, and the pact
//	    providers that makes it depend on: how the gate sees the tree; and the api-client calls
//	    no pact covers.
//
// check and can-i-deploy first fail, naming them, when a request-making member of an api-client
// domain client is called by no interaction recorded in pacts/ (coverage.go).
//
//	contractgate check
//	    runs nothing and writes nothing; fails, naming each deployable and provider and what to
//	    run, when a pair lacks a passing row. `make test` runs it after the pacts are regenerated.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
)

const usage = `usage:
  contractgate check | calls
  contractgate can-i-deploy [--remote R] [--service S]                 (the tree, as it deploys from one commit)
  contractgate publish [--branch B]                                      (record the tree's releases)
  contractgate verify api-MODULE VERSION [--branch B]                    (Pact Broker only)
  contractgate record-deployment DEPLOYABLE VERSION --to ENV
  contractgate can-i-deploy DEPLOYABLE VERSION --to ENV
  common flags: --root R (the repository), --contracts DIR (deploy/contracts), --pacts DIR (pacts)
  PACT_BROKER_BASE_URL set: publish, verify, record-deployment and can-i-deploy --to ask that broker`

func main() {
	if len(os.Args) < 2 || !slices.Contains([]string{"check", "can-i-deploy", "calls", "publish", "record-deployment", "verify"}, os.Args[1]) {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	cmd := os.Args[1]
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	root := fs.String("root", ".", "the repository's root")
	contractsDir := fs.String("contracts", "deploy/contracts", "the matrix, releases, environments and archived pacts, relative to root")
	pactDir := fs.String("pacts", "pacts", "the pacts the consumer tests wrote, relative to root")
	remote := fs.String("remote", "", "can-i-deploy of the tree: the deployable (host or a remote under apps/)")
	service := fs.String("service", "", "can-i-deploy of the tree: the provider (pact provider name or api/ module)")
	env := fs.String("to", "", "the environment (record-deployment, can-i-deploy DEPLOYABLE VERSION)")
	branch := fs.String("branch", "", "publish, verify with a broker: the branch (default: the CI's, else git's)")
	// DEPLOYABLE VERSION come before the flags or after them.
	args := os.Args[2:]
	var positional []string
	for len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		positional, args = append(positional, args[0]), args[1:]
	}
	_ = fs.Parse(args)
	positional = append(positional, fs.Args()...)
	envMode := cmd == "record-deployment" || (cmd == "can-i-deploy" && *env != "")
	if (envMode && (len(positional) != 2 || *env == "")) || (cmd == "verify" && len(positional) != 2) {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	if b, ok := brokerFromEnv(); ok && (envMode || cmd == "publish" || cmd == "verify") {
		t, err := readTree(*root, under(*root, *pactDir))
		if err != nil {
			fail(err)
		}
		b.root = *root
		ok, err := runBroker(context.Background(), b, cmd, positional, *env, currentBranch(*root, *branch), under(*root, *pactDir), t)
		if err != nil {
			fail(err)
		}
		if !ok {
			os.Exit(1)
		}
		return
	}
	if cmd == "verify" {
		fail(fmt.Errorf("verify publishes results to a Pact Broker (PACT_BROKER_BASE_URL); without one, can-i-deploy --to verifies what the embedded matrix lacks"))
	}
	dir := under(*root, *contractsDir)
	c, err := loadContracts(dir)
	if err != nil {
		fail(err)
	}
	if cmd == "record-deployment" {
		if err := recordDeployment(c, positional[0], positional[1], *env); err != nil {
			fail(err)
		}
		return
	}

	t, err := readTree(*root, under(*root, *pactDir))
	if err != nil {
		fail(err)
	}
	matrixFile := filepath.Join(dir, "matrix.json")
	m, err := loadMatrix(matrixFile)
	if err != nil {
		fail(fmt.Errorf("%s: %w", matrixFile, err))
	}
	m.pinned = c.pinned
	if cmd == "calls" {
		calls(t)
		return
	}
	// A Go deployable answers for the pacts already published; the tree's own clients are the
	// web deployables' business.
	goDeployable := envMode && strings.HasPrefix(positional[0], goDeployablePrefix)
	if len(t.Uncovered) > 0 && !goDeployable {
		fmt.Printf("contract gate: %d api-client call(s) no pact covers; record an interaction calling each in a pact test beside its client (%s/src/<client>/*.pact.test.ts), verify it in the provider's api/*/*pact package:\n",
			len(t.Uncovered), apiClientDir)
		for _, c := range t.Uncovered {
			fmt.Printf("  %s\n", c)
		}
		os.Exit(1)
	}
	var ok bool
	switch {
	case cmd == "publish":
		ok, err = true, publish(*root, t, c, under(*root, *pactDir))
	case envMode:
		g := &envGate{root: *root, t: t, c: c, m: &m, matrixFile: matrixFile, pactDir: under(*root, *pactDir),
			verifier: makeVerifier(ffiDir(*root)), out: os.Stdout}
		ok, err = g.canIDeploy(positional[0], positional[1], *env)
	case cmd == "check":
		ok, err = check(*root, t, m)
	default:
		ok, err = canIDeploy(*root, matrixFile, t, m, *remote, *service)
	}
	if err != nil {
		fail(err)
	}
	if !ok {
		os.Exit(1)
	}
}

// ffiDir is the Pact FFI library of the repository the gate runs in, else of the tree at root.
// The library is a tool, like the Go toolchain, not the code under check: linking one FFI path
// keeps the verification's cgo flags the same for every tree, so a checkout of another commit
// reuses Go's build cache for all it did not change.
func ffiDir(root string) string {
	for _, base := range []string{".", root} {
		if abs, err := filepath.Abs(filepath.Join(base, ffiPath)); err == nil {
			if _, err := os.Stat(abs); err == nil {
				return abs
			}
		}
	}
	abs, _ := filepath.Abs(ffiPath)
	return abs
}

// under resolves a path given relative to the repository's root.
func under(root, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(root, p)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "contractgate:", err)
	os.Exit(2)
}

func readTree(root, pactDir string) (tree, error) {
	clients, err := readClients(root)
	if err != nil {
		return tree{}, err
	}
	deployables, err := readDeployables(root, clients)
	if err != nil {
		return tree{}, err
	}
	providers, err := readProviders(root)
	if err != nil {
		return tree{}, err
	}
	pacts, err := readPacts(pactDir)
	if err != nil {
		return tree{}, err
	}
	uncovered, err := uncoveredCalls(clients, pacts)
	if err != nil {
		return tree{}, err
	}
	return tree{Deployables: deployables, Providers: providers, Pacts: pacts, Uncovered: uncovered}, nil
}

// calls prints how the gate derived each deployable's providers.
func calls(t tree) {
	for _, d := range t.Deployables {
		fmt.Printf("%s (%s, version %s)\n", d.Name, d.Dir, short(d.Version))
		for _, c := range d.Clients {
			fmt.Printf("  %-15s %s\n", c, d.Evidence[c])
		}
		fmt.Printf("  → %s\n", strings.Join(d.Providers, ", "))
	}
	if len(t.Uncovered) > 0 {
		fmt.Printf("calls no pact covers: %s\n", strings.Join(t.Uncovered, ", "))
	}
}

// verify runs the provider's pact verification, printing its output.
func verify(root string, p provider) string {
	fmt.Printf("== verifying %s (make pact-verify PACT_PKG=%s)\n", p.Name, p.Package)
	cmd := exec.Command("make", "--no-print-directory", "pact-verify", "PACT_PKG="+p.Package)
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Printf("== %s: verification failed: %v\n", p.Name, err)
		return failed
	}
	return passed
}

// providerVersions hashes the named providers, a few at a time (each is one `go list`).
func providerVersions(root string, t tree, names []string) (map[string]string, error) {
	versions := map[string]string{}
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	for _, name := range names {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			v, err := providerVersion(root, t.Providers[name])
			mu.Lock()
			defer mu.Unlock()
			if err != nil && firstErr == nil {
				firstErr = err
			}
			versions[name] = v
		})
	}
	wg.Wait()
	return versions, firstErr
}
