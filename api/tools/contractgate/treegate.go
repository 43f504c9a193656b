package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

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
		if m.verified(todo[0].PactHash, todo[0].ProviderVersion) {
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
