package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
)

// Result values of a verification.
const (
	passed = "passed"
	failed = "failed"
)

// historyPerPair is how many verifications the matrix keeps per consumer and provider: the newest
// few show what changed lately; older ones are in git's history of the file.
const historyPerPair = 5

// verification is one row of the matrix: the pact with this content hash, which the consumer at
// this version bundles, was verified against the provider at this version.
type verification struct {
	Consumer        string `json:"consumer"`
	ConsumerVersion string `json:"consumerVersion"`
	Provider        string `json:"provider"`
	ProviderVersion string `json:"providerVersion"`
	PactHash        string `json:"pactHash"`
	Result          string `json:"result"`
}

// matrix is deploy/contracts/matrix.json.
type matrix struct {
	Verifications []verification `json:"verifications"`
	// pinned rows are kept however many newer rows their pair gets: they verify what an
	// environment runs, and dropping them would make the gate rebuild an old provider to answer.
	pinned func(verification) bool
}

func loadMatrix(file string) (matrix, error) {
	var m matrix
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, err
	}
	err = json.Unmarshal(data, &m)
	return m, err
}

// save writes the rows sorted by consumer and provider, each pair's rows oldest first, one row
// per line, so a new verification is a one-line diff.
func (m matrix) save(file string) error {
	var buf bytes.Buffer
	buf.WriteString("{\n  \"verifications\": [\n")
	for i, v := range m.Verifications {
		line, err := canonicalRow(v)
		if err != nil {
			return err
		}
		buf.WriteString("    " + line)
		if i < len(m.Verifications)-1 {
			buf.WriteString(",")
		}
		buf.WriteString("\n")
	}
	buf.WriteString("  ]\n}\n")
	return os.WriteFile(file, buf.Bytes(), 0o644)
}

func canonicalRow(v verification) (string, error) {
	s, err := canonicalJSON(v)
	return strings.TrimSuffix(s, "\n"), err
}

// passes reports whether the consumer's pact, at pactHash, has a passing verification against
// the provider at providerVersion. The consumer's own version is not matched: the pact is the
// whole of what the consumer asks of the provider, so a remote changed without changing its pact
// needs no new verification; the version is recorded for the audit trail.
func (m matrix) passes(consumer, provider, pactHash, providerVersion string) bool {
	return slices.ContainsFunc(m.Verifications, func(v verification) bool {
		return v.Consumer == consumer && v.Provider == provider && v.PactHash == pactHash &&
			v.ProviderVersion == providerVersion && v.Result == passed
	})
}

// verified reports whether the pact with pactHash has a passing verification against the
// provider at providerVersion, whichever deployable's row records it: the pact is the whole of
// what is asked, so the row of one deployable bundling it serves every other.
func (m matrix) verified(pactHash, providerVersion string) bool {
	return slices.ContainsFunc(m.Verifications, func(v verification) bool {
		return v.PactHash == pactHash && v.ProviderVersion == providerVersion && v.Result == passed
	})
}

// latest is the newest row of the pair, if any.
func (m matrix) latest(consumer, provider string) (verification, bool) {
	for i := len(m.Verifications) - 1; i >= 0; i-- {
		if v := m.Verifications[i]; v.Consumer == consumer && v.Provider == provider {
			return v, true
		}
	}
	return verification{}, false
}

// record adds a verification as the pair's newest: a row for the same versions is replaced (a
// verification run again says what is true now), and only the newest historyPerPair rows of the
// pair are kept.
func (m *matrix) record(row verification) {
	same := func(v verification) bool {
		return v.Consumer == row.Consumer && v.Provider == row.Provider && v.ConsumerVersion == row.ConsumerVersion &&
			v.ProviderVersion == row.ProviderVersion && v.PactHash == row.PactHash
	}
	rows := slices.DeleteFunc(m.Verifications, same)
	rows = append(rows, row)
	// A stable sort by pair keeps each pair's rows in the order they were recorded.
	slices.SortStableFunc(rows, func(a, b verification) int {
		if c := strings.Compare(a.Consumer, b.Consumer); c != 0 {
			return c
		}
		return strings.Compare(a.Provider, b.Provider)
	})
	var kept []verification
	for i, v := range rows {
		newer := 0
		for _, w := range rows[i+1:] {
			if w.Consumer == v.Consumer && w.Provider == v.Provider {
				newer++
			}
		}
		if newer < historyPerPair || m.isPinned(v) {
			kept = append(kept, v)
		}
	}
	m.Verifications = kept
}

// keepPairs drops the rows keep refuses, reporting whether any was dropped.
func (m *matrix) keepPairs(keep func(verification) bool) bool {
	before := len(m.Verifications)
	m.Verifications = slices.DeleteFunc(m.Verifications, func(v verification) bool { return !keep(v) && !m.isPinned(v) })
	return len(m.Verifications) != before
}

func (m matrix) isPinned(v verification) bool { return m.pinned != nil && m.pinned(v) }
