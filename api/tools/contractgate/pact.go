package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// pactFile is what the gate reads of a pact: who wrote it for whom, its content hash and the
// descriptions of its interactions.
type pactFile struct {
	Consumer     string
	Provider     string
	Hash         string
	Descriptions []string
	File         string // its name in the pacts folder
}

// normalisePact returns the pact's contract in a canonical form: the JSON re-encoded with sorted
// keys, the interactions sorted by description, provider states and content, and the metadata
// reduced to the pact specification version. Jest runs the consumer tests in parallel workers, and
// several test files add interactions to one pact file, so the order of interactions depends on
// which worker finished first; a multipart body's boundary is drawn at random on each run (the
// pact matches the Content-Type header by a regex that takes any boundary); the pact-js and pact_ffi versions in the metadata change with a
// dependency bump that changes no contract. Neither may change the hash.
func normalisePact(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // 1.0 and 1 stay what the consumer wrote
	var pact map[string]any
	if err := dec.Decode(&pact); err != nil {
		return nil, err
	}
	if meta, ok := pact["metadata"].(map[string]any); ok {
		pact["metadata"] = map[string]any{"pactSpecification": meta["pactSpecification"]}
	}
	if list, ok := pact["interactions"].([]any); ok {
		type keyed struct {
			description, states, content string
			value                        any
		}
		items := make([]keyed, len(list))
		for i, it := range list {
			m, _ := it.(map[string]any)
			for _, part := range []string{"request", "response"} {
				if msg, ok := m[part].(map[string]any); ok {
					if err := fixBoundary(msg); err != nil {
						return nil, err
					}
				}
			}
			content, err := canonicalJSON(it)
			if err != nil {
				return nil, err
			}
			states, err := canonicalJSON(m["providerStates"])
			if err != nil {
				return nil, err
			}
			desc, _ := m["description"].(string)
			items[i] = keyed{desc, states, content, it}
		}
		sort.SliceStable(items, func(i, j int) bool {
			a, b := items[i], items[j]
			if a.description != b.description {
				return a.description < b.description
			}
			if a.states != b.states {
				return a.states < b.states
			}
			return a.content < b.content
		})
		for i, it := range items {
			list[i] = it.value
		}
	}
	out, err := canonicalJSON(pact)
	return []byte(out), err
}

// canonicalJSON encodes v with sorted object keys (encoding/json sorts map keys) and no HTML
// escaping, so equal values give equal bytes.
func canonicalJSON(v any) (string, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// hashPact is the pact content hash the matrix records.
func hashPact(data []byte) (string, error) {
	norm, err := normalisePact(data)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(norm)
	return hex.EncodeToString(sum[:]), nil
}

// readPacts reads every pact in dir, keyed by provider name. One pact per provider: all the
// browser's calls are made by one pact consumer, the api-client (`portal-web`).
func readPacts(dir string) (map[string]pactFile, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	pacts := map[string]pactFile{}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var head struct {
			Consumer     struct{ Name string }          `json:"consumer"`
			Provider     struct{ Name string }          `json:"provider"`
			Interactions []struct{ Description string } `json:"interactions"`
		}
		if err := json.Unmarshal(data, &head); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		hash, err := hashPact(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if prev, ok := pacts[head.Provider.Name]; ok {
			return nil, fmt.Errorf("%s: a second pact for provider %s (consumer %s beside %s); the gate knows one consumer per provider",
				name, head.Provider.Name, head.Consumer.Name, prev.Consumer)
		}
		p := pactFile{Consumer: head.Consumer.Name, Provider: head.Provider.Name, Hash: hash, File: filepath.Base(name)}
		for _, it := range head.Interactions {
			p.Descriptions = append(p.Descriptions, it.Description)
		}
		pacts[head.Provider.Name] = p
	}
	return pacts, nil
}

// stableBoundary replaces the random multipart boundary in the pact's canonical form.
const stableBoundary = "contractgate-boundary"

var boundaryRe = regexp.MustCompile(`boundary=([^;\s]+)`)

// fixBoundary replaces a multipart message's boundary, in its Content-Type header and its body,
// with stableBoundary.
func fixBoundary(msg map[string]any) error {
	headers, _ := msg["headers"].(map[string]any)
	boundary := ""
	for name, values := range headers {
		list, _ := values.([]any)
		for i, v := range list {
			s, _ := v.(string)
			if !strings.EqualFold(name, "Content-Type") || !strings.HasPrefix(s, "multipart/") {
				continue
			}
			if m := boundaryRe.FindStringSubmatch(s); m != nil {
				boundary = strings.Trim(m[1], `"`)
				list[i] = strings.Replace(s, m[1], stableBoundary, 1)
			}
		}
	}
	body, _ := msg["body"].(map[string]any)
	content, _ := body["content"].(string)
	if boundary == "" || content == "" {
		return nil
	}
	if body["encoded"] == "base64" {
		raw, err := base64.StdEncoding.DecodeString(content)
		if err != nil {
			return fmt.Errorf("multipart body: %w", err)
		}
		body["content"] = base64.StdEncoding.EncodeToString(bytes.ReplaceAll(raw, []byte(boundary), []byte(stableBoundary)))
	} else {
		body["content"] = strings.ReplaceAll(content, boundary, stableBoundary)
	}
	return nil
}
