package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// matrixJSON is a /matrix answer: deployable (nil for unknown), the reason, and one row per
// consumer→provider pair with its verification (nil for none).
func matrixJSON(t *testing.T, deployable *bool, reason string, rows ...[3]any) string {
	t.Helper()
	var matrix []any
	for _, r := range rows {
		row := map[string]any{
			"consumer": map[string]any{"name": r[0], "version": map[string]any{"number": "1.4.0"}},
			"provider": map[string]any{"name": r[1], "version": map[string]any{"number": "2.0.0"}},
			"pact":     map[string]any{"createdAt": "2026-11-01T00:00:00+00:00"},
		}
		if ok, set := r[2].(bool); set {
			row["verificationResult"] = map[string]any{"success": ok, "verifiedAt": "2026-11-02T00:00:00+00:00"}
		}
		matrix = append(matrix, row)
	}
	failed := 0
	if deployable != nil && !*deployable {
		failed = 1
	}
	data, err := json.Marshal(map[string]any{
		"summary": map[string]any{"deployable": deployable, "reason": reason, "success": len(rows) - failed, "failed": failed, "unknown": 0},
		"notices": []any{map[string]any{"type": "info", "text": "Computing for the versions deployed to staging"}},
		"matrix":  matrix,
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func ptr(b bool) *bool { return &b }

func TestBrokerCanIDeploy_ARefusalNamesTheBrokersReason(t *testing.T) {
	f := newFakeBroker(t, "Bearer "+testToken)
	b := testBroker(t, f, testToken)
	reason := "The verification for the pact between repair (1.4.0) and portal-repair-api (2.0.0) failed"
	answer := matrixJSON(t, ptr(false), reason, [3]any{"repair", "portal-repair-api", false}, [3]any{"repair", "parts", true})
	f.configure(func() { f.matrix["repair"] = answer })

	ok, text, err := b.canIDeploy(context.Background(), "repair", "1.4.0", "staging", testProviders)
	if err != nil {
		t.Fatalf("a refusal is an answer, not an error: %v", err)
	}
	if ok {
		t.Fatalf("can-i-deploy said yes to a failed verification:\n%s", text)
	}
	for _, want := range []string{"refused", reason, "repair 1.4.0 → portal-repair-api 2.0.0: verification failed"} {
		if !strings.Contains(text, want) {
			t.Errorf("the answer lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "→ parts 2.0.0") {
		t.Errorf("the answer lists a verified row as a problem:\n%s", text)
	}
	reqs := f.requestsTo("GET", "/matrix")
	if len(reqs) != 1 {
		t.Fatalf("%d matrix requests, want 1", len(reqs))
	}
	q, err := url.ParseQuery(reqs[0].Query)
	if err != nil {
		t.Fatal(err)
	}
	if q.Get("q[][pacticipant]") != "repair" || q.Get("q[][version]") != "1.4.0" || q.Get("environment") != "staging" {
		t.Errorf("the CLI asked for %v, want repair 1.4.0 in staging", q)
	}
	assertAuthEverywhere(t, f)
}

func TestBrokerCanIDeploy_AGoDeployableNeedsEveryProviderOfItsModule(t *testing.T) {
	for _, tc := range []struct {
		name      string
		inventory *bool
		want      bool
	}{
		{"both verified", ptr(true), true},
		{"one refused", ptr(false), false},
		{"one unknown", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeBroker(t, "Bearer "+testToken)
			b := testBroker(t, f, testToken)
			parts := matrixJSON(t, ptr(true), "All required verification results are published and successful", [3]any{"parts", "parts", true})
			inventory := matrixJSON(t, tc.inventory, "inventory reason", [3]any{"parts", "parts-inventory", tc.inventory != nil && *tc.inventory})
			f.configure(func() { f.matrix["parts"], f.matrix["parts-inventory"] = parts, inventory })
			ok, text, err := b.canIDeploy(context.Background(), "api-parts", "3.1.0", "staging", testProviders)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tc.want {
				t.Errorf("ok = %v, want %v:\n%s", ok, tc.want, text)
			}
			var asked []string
			for _, r := range f.requestsTo("GET", "/matrix") {
				q, _ := url.ParseQuery(r.Query)
				asked = append(asked, q.Get("q[][pacticipant]")+" "+q.Get("q[][version]"))
			}
			if !reflect.DeepEqual(asked, []string{"parts 3.1.0", "parts-inventory 3.1.0"}) {
				t.Errorf("asked about %v", asked)
			}
		})
	}
}

func TestBroker_AFailureIsAnErrorThatNeverShowsTheToken(t *testing.T) {
	ctx := context.Background()
	pacts := []brokerPact{{Consumer: "repair", Provider: "parts"}}
	for _, tc := range []struct {
		name string
		run  func(b *broker, dir string) (string, error)
	}{
		{"publish", func(b *broker, dir string) (string, error) {
			return b.publish(ctx, "repair", "1.4.0", "main", []string{writePact(t, dir, "portal-web", "parts", "x")})
		}},
		{"record-deployment", func(b *broker, _ string) (string, error) {
			return b.recordDeployment(ctx, "repair", "1.4.0", "staging", testProviders)
		}},
		{"can-i-deploy", func(b *broker, _ string) (string, error) {
			ok, out, err := b.canIDeploy(ctx, "repair", "1.4.0", "staging", testProviders)
			if ok {
				t.Error("can-i-deploy said yes on a failure")
			}
			return out, err
		}},
		{"pacts for verification", func(b *broker, dir string) (string, error) {
			_, err := b.pactsForVerification(ctx, "parts", "main", dir)
			return "", err
		}},
		{"publish verification", func(b *broker, _ string) (string, error) {
			pacts[0].ResultsURL = b.baseURL + "/pacts/provider/parts/consumer/repair/pact-version/abc/verification-results"
			return "", b.publishVerification(ctx, "2.0.0", "main", pacts, true)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeBroker(t, "Bearer "+testToken)
			f.configure(func() { f.failWith = http.StatusInternalServerError }) // its body echoes the Authorization header
			out, err := tc.run(testBroker(t, f, testToken), t.TempDir())
			if err == nil {
				t.Fatalf("a 500 from the broker is no error:\n%s", out)
			}
			if !strings.Contains(err.Error(), "500") {
				t.Errorf("the error does not say what the broker answered: %v", err)
			}
			if strings.Contains(err.Error()+out, testToken) {
				t.Errorf("the token shows in the error or output:\n%v\n%s", err, out)
			}
			if len(f.all()) == 0 {
				t.Error("the broker got no request")
			}
		})
	}
}

func TestBrokerCanIDeploy_AWrongTokenIsAnErrorNotARefusal(t *testing.T) {
	f := newFakeBroker(t, "Bearer "+testToken)
	b := testBroker(t, f, "an-old-token")
	_, out, err := b.canIDeploy(context.Background(), "repair", "1.4.0", "staging", testProviders)
	if err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("err = %v, want the broker's 401:\n%s", err, out)
	}
	if strings.Contains(err.Error(), "an-old-token") {
		t.Errorf("the token shows in the error: %v", err)
	}
}

func TestBroker_BasicAuthReachesTheBroker(t *testing.T) {
	f := newFakeBroker(t, "Basic Y2k6cGFzcy13b3Jk") // ci:pass-word
	b := testBroker(t, f, "")
	b.username, b.password = "ci", "pass-word"
	if out, err := b.recordDeployment(context.Background(), "repair", "1.4.0", "staging", testProviders); err != nil {
		t.Fatalf("recordDeployment: %v\n%s", err, out)
	}
	assertAuthEverywhere(t, f)
}

// The CLI runs with the credentials in its environment: the command line of a process is
// readable by every user of the machine. A wrapper in place of node_modules/.bin/pact-broker
// writes down its arguments and runs the real CLI.
func TestBroker_TheTokenIsNeverOnTheCommandLine(t *testing.T) {
	f := newFakeBroker(t, "Bearer "+testToken)
	b := testBroker(t, f, testToken)
	real := filepath.Join(b.root, "node_modules", ".bin", "pact-broker")
	root := t.TempDir()
	argsFile := filepath.Join(root, "args")
	if err := os.MkdirAll(filepath.Join(root, "node_modules", ".bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	wrapper := "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '" + argsFile + "'\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(root, "node_modules", ".bin", "pact-broker"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	b.root = root
	if out, err := b.recordDeployment(context.Background(), "repair", "1.4.0", "staging", testProviders); err != nil {
		t.Fatalf("recordDeployment: %v\n%s", err, out)
	}
	assertAuthEverywhere(t, f) // the token did reach the broker, through the environment
	args, err := os.ReadFile(argsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(args), "record-deployment") || strings.Contains(string(args), testToken) {
		t.Errorf("the CLI's arguments:\n%s", args)
	}
}

func TestPactBrokerCLI_MissingFailsNamingWhatToRun(t *testing.T) {
	b := &broker{baseURL: "http://127.0.0.1:1", root: t.TempDir()}
	_, err := b.recordDeployment(context.Background(), "repair", "1.4.0", "staging", testProviders)
	if err == nil || !strings.Contains(err.Error(), "pnpm install") {
		t.Fatalf("err = %v, want one saying to run pnpm install", err)
	}
}

func TestBrokerCall_KeepsTheCredentialsInsideTheBroker(t *testing.T) {
	var elsewhere []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere = append(elsewhere, r.Header.Get("Authorization"))
	}))
	defer other.Close()
	f := newFakeBroker(t, "Bearer "+testToken)
	b := testBroker(t, f, testToken)
	pacts := []brokerPact{{Consumer: "repair", Provider: "parts", ResultsURL: other.URL + "/steal"}}
	if err := b.publishVerification(context.Background(), "2.0.0", "", pacts, true); err == nil {
		t.Fatal("a results link outside the broker was followed")
	}
	if len(elsewhere) != 0 {
		t.Errorf("another server got %d request(s)", len(elsewhere))
	}
}
