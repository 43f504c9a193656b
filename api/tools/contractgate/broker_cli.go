package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// runBroker answers publish, verify, record-deployment and can-i-deploy --to from the Pact
// Broker (docs/pact-broker.md gives a pipeline's order): the embedded matrix is neither read nor
// written.
func runBroker(ctx context.Context, b *broker, cmd string, args []string, env, branch, pactDir string, t tree) (bool, error) {
	switch cmd {
	case "publish":
		for _, d := range t.Deployables {
			out, err := b.publishDeployable(ctx, d, pactDir, d.Release, branch)
			fmt.Print(out)
			if err != nil {
				return false, err
			}
		}
		return true, nil
	case "verify":
		return b.verifyProviders(ctx, args[0], args[1], branch, t.Providers, makePactVerify(b.root, os.Stdout), os.Stdout)
	case "record-deployment":
		out, err := b.recordDeployment(ctx, args[0], args[1], env, t.Providers)
		fmt.Print(out)
		return err == nil, err
	default:
		ok, out, err := b.canIDeploy(ctx, args[0], args[1], env, t.Providers)
		fmt.Print(out)
		return ok, err
	}
}

// currentBranch is the branch a publish or a verification is recorded on: --branch, else the
// CI's, else git's.
func currentBranch(root, flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	for _, v := range []string{"GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME", "BRANCH_NAME"} {
		if b := os.Getenv(v); b != "" {
			return b
		}
	}
	cmd := exec.Command("git", "rev-parse", "--abbrev-ref", "HEAD")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
