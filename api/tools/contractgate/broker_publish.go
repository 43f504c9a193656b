package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// pactFilesFor lists the pact files in dir written for the given providers: what a deployable
// publishes is the pacts of the providers its bundle calls (deployable.Providers). A provider
// without a pact file is an error, as the gate's other commands treat it.
func pactFilesFor(dir string, providers []string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	found := map[string]string{}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var head struct {
			Provider struct{ Name string } `json:"provider"`
		}
		if err := json.Unmarshal(data, &head); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if slices.Contains(providers, head.Provider.Name) {
			found[head.Provider.Name] = name
		}
	}
	var files, missing []string
	for _, p := range providers {
		if f, ok := found[p]; ok {
			files = append(files, f)
		} else {
			missing = append(missing, p)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s has no pact for %s (run make test-web)", dir, strings.Join(missing, ", "))
	}
	slices.Sort(files)
	return files, nil
}

// publish publishes the pacts of a web deployable (pactFiles, e.g. from pactFilesFor) to the
// broker as that deployable's version on branch. Every pact in pacts/ is written by the one
// api-client consumer (`portal-web`), but what ships, and so what the broker must judge, is each
// deployable's bundle: the pacts are published from temporary copies whose consumer is the
// deployable, so the broker knows `repair` 1.4.0 and `parts` 2.0.1 apart. Returns the CLI's output.
func (b *broker) publish(ctx context.Context, deployable, version, branch string, pactFiles []string) (string, error) {
	if strings.HasPrefix(deployable, "api-") {
		return "", fmt.Errorf("%s is a Go deployable: it publishes verification results (publishVerification), not pacts", deployable)
	}
	if len(pactFiles) == 0 {
		return "", fmt.Errorf("%s: no pacts to publish", deployable)
	}
	tmp, err := os.MkdirTemp("", "contractgate-publish-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	var copies []string
	for _, f := range pactFiles {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		renamed, provider, err := asConsumer(data, deployable)
		if err != nil {
			return "", fmt.Errorf("%s: %w", f, err)
		}
		name := filepath.Join(tmp, deployable+"-"+provider+".json")
		if slices.Contains(copies, name) {
			return "", fmt.Errorf("%s: a second pact for provider %s", f, provider)
		}
		if err := os.WriteFile(name, renamed, 0o644); err != nil {
			return "", err
		}
		copies = append(copies, name)
	}
	args := append([]string{"publish"}, copies...)
	args = append(args, "--consumer-app-version", version)
	if branch != "" {
		args = append(args, "--branch", branch)
	}
	if b.buildURL != "" {
		args = append(args, "--build-url", b.buildURL)
	}
	stdout, stderr, err := b.run(ctx, args...)
	if err != nil {
		return stdout + stderr, fmt.Errorf("publishing the pacts of %s %s: %w", deployable, version, err)
	}
	return stdout + stderr, nil
}

// asConsumer returns the pact with its consumer renamed, everything else as written, and its
// provider's name.
func asConsumer(pact []byte, consumer string) ([]byte, string, error) {
	dec := json.NewDecoder(bytes.NewReader(pact))
	dec.UseNumber() // numbers stay as the consumer test wrote them
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, "", err
	}
	c, _ := m["consumer"].(map[string]any)
	p, _ := m["provider"].(map[string]any)
	provider, _ := p["name"].(string)
	if c == nil || provider == "" {
		return nil, "", fmt.Errorf("not a pact: no consumer or provider name")
	}
	c["name"] = consumer
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), provider, nil
}
