package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// publishDeployable publishes what a web deployable's bundle calls: the pacts in pactDir of the
// providers d calls, under d's name, at version on branch.
func (b *broker) publishDeployable(ctx context.Context, d deployable, pactDir, version, branch string) (string, error) {
	files, err := pactFilesFor(pactDir, d.Providers)
	if err != nil {
		return "", fmt.Errorf("%s: %w", d.Name, err)
	}
	return b.publish(ctx, d.Name, version, branch, files)
}

// pactVerifier verifies the pacts in pactDir (files named *-<provider>.json) against the
// provider's verification package and says whether they all pass.
type pactVerifier func(ctx context.Context, p provider, pactDir string) bool

// makePactVerify is the verifier of the working tree: `make pact-verify PACT_PKG=… PACT_DIR=…`,
// its output on out.
func makePactVerify(root string, out io.Writer) pactVerifier {
	return func(ctx context.Context, p provider, pactDir string) bool {
		fmt.Fprintf(out, "== verifying %s against %s (make pact-verify PACT_PKG=%s)\n", p.Name, pactDir, p.Package)
		cmd := exec.CommandContext(ctx, "make", "--no-print-directory", "pact-verify", "PACT_PKG="+p.Package, "PACT_DIR="+pactDir)
		cmd.Dir = root
		cmd.Stdout, cmd.Stderr = out, out
		return cmd.Run() == nil
	}
}

// verifyProviders is a Go deployable's (api-<module>) verification against the broker: for each
// pact provider of the module, it fetches the pacts the broker selects (each consumer's main
// branch and what is deployed or released), verifies them with verify, and publishes each
// result at version on branch. A pact's result is its own: each distinct contract is verified in
// a folder of its own, so a consumer's broken pact fails that consumer's verification only, and
// the deployables whose pacts are the same contract (the one api-client, renamed per
// deployable) share one verification. It says whether every verification passed; an error is a
// broker or file failure, after which some results may be unpublished.
func (b *broker) verifyProviders(ctx context.Context, deployable, version, branch string, providers map[string]provider, verify pactVerifier, out io.Writer) (bool, error) {
	if !strings.HasPrefix(deployable, "api-") {
		return false, fmt.Errorf("%s is not a Go deployable (api-<module>); a web deployable publishes pacts", deployable)
	}
	names := pacticipantsOf(deployable, providers)
	if len(names) == 0 {
		fmt.Fprintf(out, "%s verifies no pact provider; nothing to verify\n", deployable)
		return true, nil
	}
	tmp, err := os.MkdirTemp("", "contractgate-verify-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)
	ok := true
	for _, name := range names {
		pacts, err := b.pactsForVerification(ctx, name, branch, filepath.Join(tmp, name))
		if err != nil {
			return false, err
		}
		if len(pacts) == 0 {
			fmt.Fprintf(out, "%s: the broker selects no pact to verify\n", name)
			if err := b.ensureVersion(ctx, name, version, branch); err != nil {
				return false, err
			}
			continue
		}
		groups, order, err := byContract(pacts)
		if err != nil {
			return false, err
		}
		for i, key := range order {
			group := groups[key]
			dir := filepath.Join(tmp, name+"-verify", fmt.Sprint(i+1))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return false, err
			}
			data, err := os.ReadFile(group[0].File)
			if err != nil {
				return false, err
			}
			if err := os.WriteFile(filepath.Join(dir, filepath.Base(group[0].File)), data, 0o644); err != nil {
				return false, err
			}
			pass := verify(ctx, providers[name], dir)
			var consumers []string
			for _, p := range group {
				consumers = append(consumers, p.Consumer)
			}
			fmt.Fprintf(out, "%s %s, pact of %v: %s\n", name, version, consumers, map[bool]string{true: passed, false: failed}[pass])
			ok = ok && pass
			if err := b.publishVerification(ctx, version, branch, group, pass); err != nil {
				return false, err
			}
		}
	}
	return ok, nil
}

// byContract groups pacts whose contracts are the same but for the consumer's name, keyed by
// the gate's pact hash of the contract, in the order first seen.
func byContract(pacts []brokerPact) (map[string][]brokerPact, []string, error) {
	groups := map[string][]brokerPact{}
	var order []string
	for _, p := range pacts {
		data, err := os.ReadFile(p.File)
		if err != nil {
			return nil, nil, err
		}
		anonymous, _, err := asConsumer(data, "")
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", p.File, err)
		}
		key, err := hashPact(anonymous)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", p.File, err)
		}
		if !slices.Contains(order, key) {
			order = append(order, key)
		}
		groups[key] = append(groups[key], p)
	}
	return groups, order, nil
}
