package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// pair is one deployable calling one provider: what the gate answers for.
type pair struct {
	Consumer        string
	ConsumerVersion string
	Provider        string
	ProviderVersion string
	PactHash        string
}

// tree is the state of the working tree the gate judges.
type tree struct {
	Deployables []deployable
	Providers   map[string]provider // by pact provider name
	Pacts       map[string]pactFile // by pact provider name
	Uncovered   []string            // the api-client calls no pact covers (`identity.me`)
}

// providerCallers lists, per provider, the deployables calling it.
func (t tree) callers(providerName string) []deployable {
	var out []deployable
	for _, d := range t.Deployables {
		if slices.Contains(d.Providers, providerName) {
			out = append(out, d)
		}
	}
	return out
}

// inputs checks that every provider a deployable calls has a pact and a verification package,
// and returns the providers the deployables call.
func (t tree) called() ([]string, error) {
	var names, problems []string
	for _, d := range t.Deployables {
		for _, p := range d.Providers {
			if _, ok := t.Pacts[p]; !ok {
				problems = append(problems, fmt.Sprintf("%s calls %s, but pacts/ has no pact for it (run make test-web)", d.Name, p))
			}
			if _, ok := t.Providers[p]; !ok {
				problems = append(problems, fmt.Sprintf("%s calls %s, but no api/*/*pact package verifies it (pacttest.Verify(t, %q, …))", d.Name, p, p))
			}
			names = append(names, p)
		}
	}
	slices.Sort(names)
	problems = slices.Compact(problems)
	if len(problems) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	return slices.Compact(names), nil
}

// unverified returns the pairs among pairs lacking a passing row in m.
func unverified(m matrix, pairs []pair) []pair {
	var out []pair
	for _, p := range pairs {
		if !m.passes(p.Consumer, p.Provider, p.PactHash, p.ProviderVersion) {
			out = append(out, p)
		}
	}
	return out
}

// pairsFor lists the deployable/provider pairs for the given providers and deployables, with
// the provider versions of versions.
func (t tree) pairsFor(providers []string, consumers func(deployable) bool, versions map[string]string) []pair {
	var out []pair
	for _, d := range t.Deployables {
		if !consumers(d) {
			continue
		}
		for _, p := range d.Providers {
			if !slices.Contains(providers, p) {
				continue
			}
			out = append(out, pair{Consumer: d.Name, ConsumerVersion: d.Version, Provider: p,
				ProviderVersion: versions[p], PactHash: t.Pacts[p].Hash})
		}
	}
	return out
}

// explain says, for a pair without a passing row, what the matrix holds instead.
func explain(m matrix, p pair) string {
	v, ok := m.latest(p.Consumer, p.Provider)
	switch {
	case !ok:
		return "never verified"
	case v.PactHash == p.PactHash && v.ProviderVersion == p.ProviderVersion:
		return "the verification of these versions " + v.Result
	case v.PactHash != p.PactHash && v.ProviderVersion != p.ProviderVersion:
		return "the pact and the provider changed since the last verification"
	case v.PactHash != p.PactHash:
		return "the pact changed since the last verification"
	default:
		return "the provider changed since the last verification"
	}
}

// report prints the pairs and their state, one line each.
func report(w io.Writer, m matrix, pairs []pair) {
	for _, p := range pairs {
		state := "ok"
		if !m.passes(p.Consumer, p.Provider, p.PactHash, p.ProviderVersion) {
			state = "NOT VERIFIED: " + explain(m, p)
		}
		fmt.Fprintf(w, "  %-8s → %-20s pact %s, provider %s: %s\n", p.Consumer, p.Provider, short(p.PactHash), short(p.ProviderVersion), state)
	}
}

func short(hash string) string {
	if len(hash) > 12 {
		return hash[:12]
	}
	return hash
}
