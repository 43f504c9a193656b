package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The broker tests run the real Pact CLI (node_modules/.bin/pact-broker) against fakeBroker.

const testToken = "tok-5ecret-4f1c"

var testProviders = map[string]provider{
	"parts":             {Name: "parts", Package: "api/parts/partspact", Module: "parts"},
	"parts-inventory":   {Name: "parts-inventory", Package: "api/parts/inventorypact", Module: "parts"},
	"portal-repair-api": {Name: "portal-repair-api", Package: "api/repair/repairpact", Module: "repair"},
}

func writePact(t *testing.T, dir, consumer, provider string, descriptions ...string) string {
	t.Helper()
	var interactions []any
	for _, d := range descriptions {
		interactions = append(interactions, map[string]any{"description": d,
			"request": map[string]any{"method": "GET", "path": "/api/" + provider}, "response": map[string]any{"status": 200}})
	}
	data, err := json.Marshal(map[string]any{"consumer": map[string]any{"name": consumer}, "provider": map[string]any{"name": provider},
		"interactions": interactions, "metadata": map[string]any{"pactSpecification": map[string]any{"version": "3.0.0"}}})
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, consumer+"-"+provider+".json")
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// assertAuthEverywhere checks that the broker saw requests, each with the expected credentials.
func assertAuthEverywhere(t *testing.T, f *fakeBroker) {
	t.Helper()
	reqs := f.all()
	if len(reqs) == 0 {
		t.Fatal("the broker got no request")
	}
	for _, r := range reqs {
		if r.Auth != f.auth {
			t.Errorf("%s %s carried Authorization %q, want %q", r.Method, r.Path, r.Auth, f.auth)
		}
	}
}

func TestBrokerFromEnv_UnsetKeepsTheEmbeddedMatrix(t *testing.T) {
	t.Setenv("PACT_BROKER_BASE_URL", "")
	if b, ok := brokerFromEnv(); ok || b != nil {
		t.Fatalf("brokerFromEnv() = %v, %v without PACT_BROKER_BASE_URL; want nil, false", b, ok)
	}
}

func TestBrokerFromEnv_ReadsTheURLAndCredentials(t *testing.T) {
	t.Setenv("PACT_BROKER_BASE_URL", "https://broker.example/pact/ ")
	t.Setenv("PACT_BROKER_TOKEN", "")
	t.Setenv("PACT_BROKER_USERNAME", "ci")
	t.Setenv("PACT_BROKER_PASSWORD", "pw")
	b, ok := brokerFromEnv()
	if !ok || b.baseURL != "https://broker.example/pact" || b.username != "ci" || b.password != "pw" {
		t.Fatalf("brokerFromEnv() = %+v, %v", b, ok)
	}
	if got := b.authHeader(); got != "Basic Y2k6cHc=" {
		t.Errorf("basic auth header %q", got)
	}
	t.Setenv("PACT_BROKER_TOKEN", "tok")
	b, _ = brokerFromEnv()
	if got := b.authHeader(); got != "Bearer tok" {
		t.Errorf("a token takes precedence over basic auth: got %q", got)
	}
}

func TestBrokerFromEnv_CredentialsInTheURLBecomeBasicAuth(t *testing.T) {
	t.Setenv("PACT_BROKER_BASE_URL", "https://ci:s3cret@broker.example")
	t.Setenv("PACT_BROKER_TOKEN", "")
	t.Setenv("PACT_BROKER_USERNAME", "")
	t.Setenv("PACT_BROKER_PASSWORD", "")
	b, _ := brokerFromEnv()
	if b.baseURL != "https://broker.example" || b.username != "ci" || b.password != "s3cret" {
		t.Fatalf("brokerFromEnv() = %+v", b)
	}
	if got := b.redact("GET https://broker.example failed: s3cret"); strings.Contains(got, "s3cret") {
		t.Errorf("the password is not redacted: %s", got)
	}
}

func TestBuildURLFromEnv_TakesWhatTheCISays(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"no CI", nil, ""},
		{"GitHub Actions", map[string]string{"GITHUB_SERVER_URL": "https://gh.example", "GITHUB_REPOSITORY": "o/portal", "GITHUB_RUN_ID": "42"}, "https://gh.example/o/portal/actions/runs/42"},
		{"GitLab", map[string]string{"CI_JOB_URL": "https://gl.example/jobs/7"}, "https://gl.example/jobs/7"},
		{"explicit wins", map[string]string{"PACT_BUILD_URL": "https://x/1", "BUILD_URL": "https://jenkins/2"}, "https://x/1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := buildURLFromEnv(func(k string) string { return tc.env[k] }); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestPacticipantsOf_AGoDeployableIsItsModulesProviders(t *testing.T) {
	for deployable, want := range map[string][]string{
		"repair":       {"repair"},
		"host":         {"host"},
		"api-parts":    {"parts", "parts-inventory"},
		"api-repair":   {"portal-repair-api"},
		"api-identity": nil,
	} {
		if got := pacticipantsOf(deployable, testProviders); !reflect.DeepEqual(got, want) {
			t.Errorf("pacticipantsOf(%s) = %v, want %v", deployable, got, want)
		}
	}
}

func TestBrokerPublish_PublishesEachCalledPactUnderTheDeployablesName(t *testing.T) {
	f := newFakeBroker(t, "Bearer "+testToken)
	b := testBroker(t, f, testToken)
	b.buildURL = "https://ci.example/builds/9"
	dir := t.TempDir()
	original := writePact(t, dir, "portal-web", "portal-repair-api", "a request to open an RMA", "a request for an unknown serial")
	writePact(t, dir, "portal-web", "parts", "a request for the parts catalogue")
	writePact(t, dir, "portal-web", "portal-graphql", "the banner query")
	before, _ := os.ReadFile(original)

	files, err := pactFilesFor(dir, []string{"portal-repair-api", "parts"})
	if err != nil {
		t.Fatal(err)
	}
	out, err := b.publish(context.Background(), "repair", "1.4.0", "main", files)
	if err != nil {
		t.Fatalf("publish: %v\n%s", err, out)
	}
	assertAuthEverywhere(t, f)
	var published []publishedContract
	f.configure(func() { published = slices.Clone(f.published) })
	if len(published) != 2 {
		t.Fatalf("published %d contracts, want the 2 pacts repair calls: %+v", len(published), published)
	}
	var providers []string
	for _, c := range published {
		providers = append(providers, c.ProviderName)
		if c.Pacticipant != "repair" || c.Version != "1.4.0" || c.Branch != "main" || c.BuildURL != "https://ci.example/builds/9" {
			t.Errorf("published as %s %s on %q (build %q), want repair 1.4.0 on main", c.Pacticipant, c.Version, c.Branch, c.BuildURL)
		}
		consumer, _ := c.Pact["consumer"].(map[string]any)
		if c.ConsumerName != "repair" || consumer["name"] != "repair" {
			t.Errorf("the pact for %s names consumer %q (contract %q), want repair", c.ProviderName, consumer["name"], c.ConsumerName)
		}
		if n := len(c.Pact["interactions"].([]any)); c.ProviderName == "portal-repair-api" && n != 2 {
			t.Errorf("the repair pact lost interactions: %d left", n)
		}
	}
	slices.Sort(providers)
	if !reflect.DeepEqual(providers, []string{"parts", "portal-repair-api"}) {
		t.Errorf("published pacts for %v", providers)
	}
	if after, _ := os.ReadFile(original); string(after) != string(before) {
		t.Error("publish changed the pact in pacts/; the consumer rename belongs in a temporary copy")
	}
	if strings.Contains(out, testToken) {
		t.Errorf("the output shows the token:\n%s", out)
	}
}

func TestPactFilesFor_AProviderWithoutAPactIsAnError(t *testing.T) {
	dir := t.TempDir()
	writePact(t, dir, "portal-web", "parts", "x")
	if _, err := pactFilesFor(dir, []string{"parts", "portal-repair-api"}); err == nil || !strings.Contains(err.Error(), "portal-repair-api") {
		t.Fatalf("err = %v, want one naming portal-repair-api", err)
	}
}

func TestBrokerPublish_AGoDeployablePublishesNoPacts(t *testing.T) {
	b := &broker{baseURL: "http://127.0.0.1:1"}
	if _, err := b.publish(context.Background(), "api-repair", "1.0.0", "main", []string{"x.json"}); err == nil {
		t.Fatal("publish of a Go deployable succeeded")
	}
}

func TestBrokerRecordDeployment_OneCallPerPacticipant(t *testing.T) {
	for _, tc := range []struct {
		deployable string
		want       []string
	}{
		{"repair", []string{"repair"}},
		{"api-parts", []string{"parts", "parts-inventory"}},
	} {
		t.Run(tc.deployable, func(t *testing.T) {
			f := newFakeBroker(t, "Bearer "+testToken)
			b := testBroker(t, f, testToken)
			out, err := b.recordDeployment(context.Background(), tc.deployable, "1.2.0", "staging", testProviders)
			if err != nil {
				t.Fatalf("recordDeployment: %v\n%s", err, out)
			}
			assertAuthEverywhere(t, f)
			var got []string
			for _, r := range f.all() {
				if r.Method == "POST" {
					got = append(got, r.Path)
				}
			}
			var want []string
			for _, p := range tc.want {
				want = append(want, "/pacticipants/"+p+"/versions/1.2.0/deployed-versions/environment/uuid-staging")
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("deployments recorded: %v, want %v", got, want)
			}
			if !strings.Contains(out, "staging") {
				t.Errorf("the CLI's report is missing: %q", out)
			}
		})
	}
}

func TestBrokerRecordDeployment_AnUnknownEnvironmentIsAnError(t *testing.T) {
	f := newFakeBroker(t, "Bearer "+testToken)
	b := testBroker(t, f, testToken)
	if out, err := b.recordDeployment(context.Background(), "repair", "1.2.0", "qa", testProviders); err == nil {
		t.Fatalf("recording a deployment to an environment the broker lacks succeeded:\n%s", out)
	}
}
