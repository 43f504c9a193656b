package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// envCheck is one pact the environment gate needs a passing verification of: a web release's
// pact for a pact provider, against the provider as a Go release serves it.
type envCheck struct {
	Consumer, ConsumerVersion string // the web deployable and its version
	Provider                  string // the pact provider
	Serving, ServingVersion   string // the Go deployable serving it and its version
	PactHash, ProviderVersion string
	Commit                    string // the Go release's commit, to rebuild the provider; "" for the tree
}

// envGate answers can-i-deploy for an environment from what is recorded as deployed there.
type envGate struct {
	root       string
	t          tree
	c          *contracts
	m          *matrix
	matrixFile string
	pactDir    string // the tree's pacts
	verifier   verifier
	out        io.Writer
}

// recordDeployment records that deployable at version now runs in env. Only a published version
// can be recorded: the gate must know its contracts to answer for what deploys after it.
func recordDeployment(c *contracts, deployable, version, env string) error {
	if _, ok := c.find(deployable, version); !ok {
		return fmt.Errorf("%s %s is not published; run contractgate publish from the tree it was built from", deployable, version)
	}
	if c.Environments[env] == nil {
		c.Environments[env] = map[string]string{}
	}
	prev, had := c.Environments[env][deployable]
	c.Environments[env][deployable] = version
	if had {
		fmt.Printf("%s: %s %s deployed (was %s)\n", env, deployable, version, prev)
	} else {
		fmt.Printf("%s: %s %s deployed\n", env, deployable, version)
	}
	return c.save()
}

// release finds deployable at version: published, or else the tree's own when the tree holds
// that version (a provider asking before it publishes).
func (g *envGate) release(deployable, version string) (release, error) {
	if r, ok := g.c.find(deployable, version); ok {
		return r, nil
	}
	rels, err := treeReleases(g.root, g.t, deployable)
	if err != nil {
		return release{}, err
	}
	for _, r := range rels {
		if r.Version == version {
			return r, nil
		}
		return release{}, fmt.Errorf("%s %s is not published, and the tree at %s holds %s %s", deployable, version, g.root, deployable, r.Version)
	}
	return release{}, fmt.Errorf("no deployable %q in the tree at %s or in %s/releases.json", deployable, g.root, g.c.dir)
}

// checks lists what deploying r to env needs: for a web release, each pact it carries against
// the Go release deployed there that serves the provider; for a Go release, each of its
// providers against every web release deployed there carrying a pact for it. Problems are the
// pacts with nothing to check against (no provider deployed).
func (g *envGate) checks(r release, env string) (checks []envCheck, problems []string) {
	for _, p := range slices.Sorted(maps.Keys(r.Pacts)) {
		serving := g.servingModule(p)
		goRel, ok := g.c.deployed(env, serving)
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: no version of %s, which serves it, is recorded as deployed in %s", p, serving, env))
			continue
		}
		pv, ok := goRel.Providers[p]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: %s %s, deployed in %s, does not serve it", p, serving, goRel.Version, env))
			continue
		}
		checks = append(checks, envCheck{Consumer: r.Deployable, ConsumerVersion: r.Version, Provider: p,
			Serving: goRel.Deployable, ServingVersion: goRel.Version, PactHash: r.Pacts[p], ProviderVersion: pv, Commit: goRel.Commit})
	}
	for _, p := range slices.Sorted(maps.Keys(r.Providers)) {
		for _, consumer := range slices.Sorted(maps.Keys(g.c.Environments[env])) {
			webRel, ok := g.c.deployed(env, consumer)
			if !ok || webRel.Pacts[p] == "" {
				continue
			}
			checks = append(checks, envCheck{Consumer: webRel.Deployable, ConsumerVersion: webRel.Version, Provider: p,
				Serving: r.Deployable, ServingVersion: r.Version, PactHash: webRel.Pacts[p], ProviderVersion: r.Providers[p], Commit: r.Commit})
		}
	}
	return checks, problems
}

// servingModule names the Go deployable serving pact provider p: from the tree, or from the
// releases when the tree no longer has it.
func (g *envGate) servingModule(p string) string {
	if prov, ok := g.t.Providers[p]; ok {
		return goDeployablePrefix + prov.Module
	}
	for _, r := range g.c.Releases {
		if _, ok := r.Providers[p]; ok {
			return r.Deployable
		}
	}
	return "the Go deployable of " + p
}

// canIDeploy answers whether deployable at version may deploy to env, verifying what the
// matrix lacks and recording the results, and naming, for each refusal, the consumer, the
// interaction and the field.
func (g *envGate) canIDeploy(deployable, version, env string) (bool, error) {
	r, err := g.release(deployable, version)
	if err != nil {
		return false, err
	}
	checks, problems := g.checks(r, env)
	failures := map[[2]string][]interactionFailure{} // by pact hash and provider version
	verified := map[[2]string]bool{}
	for _, ck := range checks {
		key := [2]string{ck.PactHash, ck.ProviderVersion}
		if _, done := verified[key]; done {
			continue
		}
		if g.m.verified(ck.PactHash, ck.ProviderVersion) {
			verified[key] = true
			continue
		}
		ok, found, err := g.verify(ck)
		if err != nil {
			return false, err
		}
		verified[key], failures[key] = ok, found
	}
	changed := false
	for _, ck := range checks {
		key := [2]string{ck.PactHash, ck.ProviderVersion}
		result := failed
		if verified[key] {
			result = passed
		}
		row := verification{Consumer: ck.Consumer, ConsumerVersion: ck.ConsumerVersion, Provider: ck.Provider,
			ProviderVersion: ck.ProviderVersion, PactHash: ck.PactHash, Result: result}
		if !slices.Contains(g.m.Verifications, row) {
			g.m.record(row)
			changed = true
		}
	}
	if changed {
		if err := g.m.save(g.matrixFile); err != nil {
			return false, err
		}
	}
	fmt.Fprintf(g.out, "can-i-deploy %s %s to %s:\n", deployable, version, env)
	refused := len(problems) > 0
	// One pact bundled by several deployables fails for all of them alike: said once.
	var keys [][2]string
	users := map[[2]string][]string{}
	for _, ck := range checks {
		key := [2]string{ck.PactHash, ck.ProviderVersion}
		if users[key] == nil {
			keys = append(keys, key)
		}
		users[key] = append(users[key], ck.Consumer+" "+ck.ConsumerVersion)
		state := "ok"
		if !verified[key] {
			state, refused = "REFUSED", true
		}
		fmt.Fprintf(g.out, "  %s %s → %s (%s %s): %s\n", ck.Consumer, ck.ConsumerVersion, ck.Provider, ck.Serving, ck.ServingVersion, state)
	}
	for _, key := range keys {
		if verified[key] {
			continue
		}
		fmt.Fprintf(g.out, "  refused: %s still need\n", strings.Join(users[key], ", "))
		for _, f := range failures[key] {
			fmt.Fprintf(g.out, "      interaction %q: %s\n", f.Interaction, strings.Join(f.Mismatches, "; "))
		}
	}
	for _, p := range problems {
		fmt.Fprintf(g.out, "  REFUSED: %s\n", p)
	}
	if len(checks) == 0 && len(problems) == 0 {
		fmt.Fprintf(g.out, "  nothing deployed in %s depends on it\n", env)
	}
	return !refused, nil
}
