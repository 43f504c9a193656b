package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A Pact Broker, when the pipeline names one (PACT_BROKER_BASE_URL), takes the place of the
// embedded matrix: each deployable publishes its pacts to it under its own name, each Go module's
// providers publish their verification results to it, and record-deployment and can-i-deploy go
// to it. The deployment records and can-i-deploy go through the Pact CLI from npm (the Rust
// `pact broker` behind @pact-foundation/pact-cli's `pact-broker`), the tool every Pact team
// knows; fetching the pacts to verify and publishing the results are two HAL calls made here,
// because the provider verification itself is `make pact-verify` over a folder of pact files.
//
// Credentials travel in the CLI's environment and in request headers only, never on a command
// line (any user on the machine can list those), and every text coming back from the CLI or the
// broker is redacted before it reaches a log or an error.

// broker is one Pact Broker and the credentials to reach it.
type broker struct {
	baseURL  string // without a trailing slash
	token    string // bearer token (PACT_BROKER_TOKEN); takes precedence over basic auth
	username string // basic auth (PACT_BROKER_USERNAME / PACT_BROKER_PASSWORD)
	password string
	buildURL string // the CI build doing the work, recorded with pacts and results when CI says
	root     string // the repository's root, whose node_modules holds the Pact CLI
	retries  string // PACT_BROKER_HTTP_RETRIES for the CLI; "" keeps its default (8, back-off)
	client   *http.Client
}

// brokerFromEnv returns the broker PACT_BROKER_BASE_URL names, or nil, false when it is unset:
// the embedded matrix stays the default.
func brokerFromEnv() (*broker, bool) {
	base := strings.TrimRight(strings.TrimSpace(os.Getenv("PACT_BROKER_BASE_URL")), "/")
	if base == "" {
		return nil, false
	}
	b := &broker{
		baseURL:  base,
		token:    os.Getenv("PACT_BROKER_TOKEN"),
		username: os.Getenv("PACT_BROKER_USERNAME"),
		password: os.Getenv("PACT_BROKER_PASSWORD"),
		buildURL: buildURLFromEnv(os.Getenv),
		root:     ".",
		retries:  os.Getenv("PACT_BROKER_HTTP_RETRIES"),
		client:   &http.Client{Timeout: time.Minute},
	}
	// Credentials written into the URL (https://user:pass@host) become basic auth, so that they
	// are redacted like the others and the URL the CLI prints in its errors carries none.
	if u, err := url.Parse(base); err == nil && u.User != nil {
		if b.username == "" {
			b.username = u.User.Username()
			b.password, _ = u.User.Password()
		}
		u.User = nil
		b.baseURL = u.String()
	}
	return b, true
}

// buildURLFromEnv is the URL of the CI build, from the variables the common CI systems set, or "".
func buildURLFromEnv(getenv func(string) string) string {
	if u := getenv("PACT_BUILD_URL"); u != "" {
		return u
	}
	if getenv("GITHUB_RUN_ID") != "" && getenv("GITHUB_REPOSITORY") != "" {
		server := getenv("GITHUB_SERVER_URL")
		if server == "" {
			server = "https://github.com"
		}
		return server + "/" + getenv("GITHUB_REPOSITORY") + "/actions/runs/" + getenv("GITHUB_RUN_ID")
	}
	for _, name := range []string{"CI_JOB_URL", "BUILD_URL", "BUILDKITE_BUILD_URL", "CIRCLE_BUILD_URL"} {
		if u := getenv(name); u != "" {
			return u
		}
	}
	return ""
}

// pacticipantsOf names what the broker knows a deployable as. A web deployable (the host, a
// remote) is a consumer under its own name. A Go deployable api-<module> is the pact providers
// its module verifies (provider.Module == module): each carries the deployable's version in the
// broker, since that is the version its verification results are published at.
func pacticipantsOf(deployable string, providers map[string]provider) []string {
	module, isGo := strings.CutPrefix(deployable, "api-")
	if !isGo {
		return []string{deployable}
	}
	var names []string
	for _, p := range providers {
		if p.Module == module {
			names = append(names, p.Name)
		}
	}
	slices.Sort(names)
	return names
}

// pactBrokerCLI is the `pact-broker` executable pnpm installs from the root package.json's
// @pact-foundation/pact-cli: node_modules/.bin/pact-broker, a shim running the package's
// bin/pact-broker.js, which runs the static binary of the platform package
// (@pact-foundation/pact-cli-linux-x64, standalone/pact) as `pact broker …`. Taken from
// node_modules and never from PATH, so the version is the one pnpm-lock.yaml pins; nothing is
// downloaded when it runs.
func (b *broker) pactBrokerCLI() (string, error) {
	exe, err := filepath.Abs(filepath.Join(b.root, "node_modules", ".bin", "pact-broker"))
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(exe); err != nil {
		return "", fmt.Errorf("the Pact CLI is not installed (%s is missing): run `pnpm install` at the repository's root, whose package.json pins @pact-foundation/pact-cli", exe)
	}
	return exe, nil
}

// cliEnv is the CLI's environment: the process's, less every PACT_BROKER_* variable (a stray
// PACT_BROKER_CAN_I_DEPLOY_DRY_RUN or _IGNORE must not open the gate, nor a second token reach
// another broker), plus b's URL and credentials.
func (b *broker) cliEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PACT_BROKER_") {
			env = append(env, kv)
		}
	}
	env = append(env, "PACT_BROKER_BASE_URL="+b.baseURL)
	switch {
	case b.token != "":
		env = append(env, "PACT_BROKER_TOKEN="+b.token)
	case b.username != "":
		env = append(env, "PACT_BROKER_USERNAME="+b.username, "PACT_BROKER_PASSWORD="+b.password)
	}
	if b.retries != "" {
		env = append(env, "PACT_BROKER_HTTP_RETRIES="+b.retries)
	}
	return env
}

// run runs `pact-broker <args>` against b and returns its standard output and error,
// redacted. err is non-nil when the CLI could not be started or exited non-zero.
func (b *broker) run(ctx context.Context, args ...string) (stdout, stderr string, err error) {
	exe, err := b.pactBrokerCLI()
	if err != nil {
		return "", "", err
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Env = b.cliEnv()
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	runErr := cmd.Run()
	stdout, stderr = b.redact(out.String()), b.redact(errOut.String())
	if runErr != nil {
		var exit *exec.ExitError
		if errors.As(runErr, &exit) {
			return stdout, stderr, fmt.Errorf("pact-broker %s exited with %d: %s", args[0], exit.ExitCode(), strings.TrimSpace(stdout+"\n"+stderr))
		}
		return stdout, stderr, fmt.Errorf("pact-broker %s: %w", args[0], runErr)
	}
	return stdout, stderr, nil
}

// recordDeployment records that deployable's version now runs in env: one `pact-broker
// record-deployment` per pacticipant. It returns what the CLI printed.
func (b *broker) recordDeployment(ctx context.Context, deployable, version, env string, providers map[string]provider) (string, error) {
	names := pacticipantsOf(deployable, providers)
	if len(names) == 0 {
		return fmt.Sprintf("%s verifies no pact provider; the broker has nothing to record\n", deployable), nil
	}
	var all strings.Builder
	for _, p := range names {
		out, errOut, err := b.run(ctx, "record-deployment", "--pacticipant", p, "--version", version, "--environment", env)
		if err != nil {
			return all.String(), fmt.Errorf("record-deployment of %s %s to %s: %w", p, version, env, err)
		}
		all.WriteString(out + errOut)
	}
	return all.String(), nil
}

// authHeader is the Authorization header of b's credentials, or "".
func (b *broker) authHeader() string {
	switch {
	case b.token != "":
		return "Bearer " + b.token
	case b.username != "":
		return "Basic " + base64.StdEncoding.EncodeToString([]byte(b.username+":"+b.password))
	}
	return ""
}

// redact removes b's secrets from s: a broker or a CLI may echo a request's headers back.
func (b *broker) redact(s string) string {
	var secrets []string
	if b.token != "" {
		secrets = append(secrets, b.token)
	}
	if b.password != "" {
		secrets = append(secrets, b.password, base64.StdEncoding.EncodeToString([]byte(b.username+":"+b.password)))
	}
	for _, secret := range secrets {
		s = strings.ReplaceAll(s, secret, "[redacted]")
	}
	return s
}
