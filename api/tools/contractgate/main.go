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

func main() {
	if len(os.Args) < 2 || !slices.Contains([]string{"check", "can-i-deploy", "calls"}, os.Args[1]) {
		fmt.Fprintln(os.Stderr, "usage: contractgate check | can-i-deploy [--remote R] [--service S] | calls")
		os.Exit(2)
	}
	cmd := os.Args[1]
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	root := fs.String("root", ".", "the repository's root")
	matrixFile := fs.String("matrix", "deploy/contracts/matrix.json", "the matrix, relative to root")
	pactDir := fs.String("pacts", "pacts", "the pacts the consumer tests wrote, relative to root")
	remote := fs.String("remote", "", "can-i-deploy: the deployable (host or a remote under apps/)")
	service := fs.String("service", "", "can-i-deploy: the provider (pact provider name or api/ module)")
	_ = fs.Parse(os.Args[2:])

	t, err := readTree(*root, under(*root, *pactDir))
	if err != nil {
		fail(err)
	}
	m, err := loadMatrix(under(*root, *matrixFile))
	if err != nil {
		fail(fmt.Errorf("%s: %w", *matrixFile, err))
	}
	var ok bool
	if cmd == "calls" {
		calls(t)
		return
	}
	if len(t.Uncovered) > 0 {
		fmt.Printf("contract gate: %d api-client call(s) no pact covers; record an interaction calling each in a pact test beside its client (%s/src/<client>/*.pact.test.ts), verify it in the provider's api/*/*pact package:\n",
			len(t.Uncovered), apiClientDir)
		for _, c := range t.Uncovered {
			fmt.Printf("  %s\n", c)
		}
		os.Exit(1)
	}
	if cmd == "check" {
		ok, err = check(*root, t, m)
	} else {
		ok, err = canIDeploy(*root, under(*root, *matrixFile), t, m, *remote, *service)
	}
	if err != nil {
		fail(err)
	}
	if !ok {
		os.Exit(1)
	}
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

// check: every pair of every deployable has a passing row, or the gate fails naming what to run.
func check(root string, t tree, m matrix) (bool, error) {
	called, err := t.called()
	if err != nil {
		return false, err
	}
	versions, err := providerVersions(root, t, called)
	if err != nil {
		return false, err
	}
	pairs := t.pairsFor(called, func(deployable) bool { return true }, versions)
	report(os.Stdout, m, pairs)
	missing := unverified(m, pairs)
	if len(missing) == 0 {
		fmt.Printf("contract gate: %d deployable/provider pairs verified\n", len(pairs))
		return true, nil
	}
	// One verification per provider serves every deployable calling it.
	consumersOf := map[string][]string{}
	var providers []string
	for _, p := range missing {
		if consumersOf[p.Provider] == nil {
			providers = append(providers, p.Provider)
		}
		consumersOf[p.Provider] = append(consumersOf[p.Provider], p.Consumer)
	}
	slices.Sort(providers)
	fmt.Printf("contract gate: %d of %d pairs lack a passing verification; run, and commit deploy/contracts/matrix.json:\n", len(missing), len(pairs))
	for _, p := range providers {
		fmt.Printf("  make can-i-deploy SERVICE=%-20s # for %s\n", p, strings.Join(consumersOf[p], ", "))
	}
	fmt.Println("  (or all at once: make can-i-deploy)")
	return false, nil
}

// canIDeploy verifies the pairs in scope that lack a passing row, records the results and says
// whether every pair in scope passes.
func canIDeploy(root, matrixFile string, t tree, m matrix, remote, service string) (bool, error) {
	called, err := t.called()
	if err != nil {
		return false, err
	}
	targets := called
	consumers := func(deployable) bool { return true }
	if remote != "" {
		i := slices.IndexFunc(t.Deployables, func(d deployable) bool { return d.Name == remote })
		if i < 0 {
			var names []string
			for _, d := range t.Deployables {
				names = append(names, d.Name)
			}
			return false, fmt.Errorf("no deployable %q; there are %s", remote, strings.Join(names, ", "))
		}
		targets = t.Deployables[i].Providers
		consumers = func(d deployable) bool { return d.Name == remote }
	}
	var uncalled []string // the service's providers no deployable calls: verified, nothing recorded
	if service != "" {
		var named []string
		for _, p := range t.Providers {
			if p.Name == service || p.Module == service {
				named = append(named, p.Name)
			}
		}
		if len(named) == 0 {
			return false, fmt.Errorf("no provider or module %q verifies a pact", service)
		}
		slices.Sort(named)
		var kept []string
		for _, p := range named {
			switch {
			case slices.Contains(targets, p):
				kept = append(kept, p)
			case remote == "" && len(t.callers(p)) == 0:
				uncalled = append(uncalled, p)
			}
		}
		targets = kept
	}
	versions, err := providerVersions(root, t, targets)
	if err != nil {
		return false, err
	}
	pairs := t.pairsFor(targets, consumers, versions)
	missing := unverified(m, pairs)
	changed := false
	for _, name := range targets {
		var todo []pair
		for _, p := range missing {
			if p.Provider == name {
				todo = append(todo, p)
			}
		}
		if len(todo) == 0 {
			continue
		}
		// Another deployable's passing row for this pact and provider is the same verification.
		result := ""
		if slices.ContainsFunc(m.Verifications, func(v verification) bool {
			return v.Provider == name && v.PactHash == todo[0].PactHash && v.ProviderVersion == todo[0].ProviderVersion && v.Result == passed
		}) {
			result = passed
			fmt.Printf("%s: pact %s already verified against provider %s; recorded for %d more deployable(s)\n",
				name, short(todo[0].PactHash), short(todo[0].ProviderVersion), len(todo))
		} else {
			result = verify(root, t.Providers[name])
			// The version was taken before the build: a file edited meanwhile makes it unknown
			// which provider was verified, so nothing is recorded.
			if after, err := providerVersion(root, t.Providers[name]); err != nil || after != todo[0].ProviderVersion {
				fmt.Printf("%s: its sources changed during the verification; nothing recorded, run again\n", name)
				continue
			}
		}
		for _, p := range todo {
			m.record(verification{Consumer: p.Consumer, ConsumerVersion: p.ConsumerVersion, Provider: p.Provider,
				ProviderVersion: p.ProviderVersion, PactHash: p.PactHash, Result: result})
			changed = true
		}
	}
	// A full run also forgets the pairs the tree no longer has (a remote removed, a provider no
	// longer called); git keeps their history.
	if remote == "" && service == "" {
		all := t.pairsFor(called, func(deployable) bool { return true }, nil)
		if m.keepPairs(func(v verification) bool {
			return slices.ContainsFunc(all, func(p pair) bool { return p.Consumer == v.Consumer && p.Provider == v.Provider })
		}) {
			changed = true
		}
	}
	okUncalled := true
	for _, name := range uncalled {
		if _, ok := t.Pacts[name]; !ok {
			continue
		}
		fmt.Printf("%s: no deployable calls it; verified, not recorded\n", name)
		okUncalled = verify(root, t.Providers[name]) == passed && okUncalled
	}
	if changed {
		if err := m.save(matrixFile); err != nil {
			return false, err
		}
	}
	fmt.Println("can-i-deploy:")
	report(os.Stdout, m, pairs)
	return okUncalled && len(unverified(m, pairs)) == 0, nil
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
