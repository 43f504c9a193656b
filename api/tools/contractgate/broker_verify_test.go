package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var repairPacts = []fakePact{
	{Consumer: "repair", Provider: "portal-repair-api", SHA: "aaa111", Interactions: []string{"a request to open an RMA"}},
	{Consumer: "host", Provider: "portal-repair-api", SHA: "bbb222", Interactions: []string{"a request for the RMA list"}},
}

func TestPactsForVerification_WritesWhatPactVerifyReads(t *testing.T) {
	f := newFakeBroker(t, "Bearer "+testToken)
	f.configure(func() { f.pacts["portal-repair-api"] = repairPacts })
	b := testBroker(t, f, testToken)
	dir := filepath.Join(t.TempDir(), "verify")

	pacts, err := b.pactsForVerification(context.Background(), "portal-repair-api", "main", dir)
	if err != nil {
		t.Fatal(err)
	}
	assertAuthEverywhere(t, f)
	reqs := f.requestsTo("POST", "/pacts/provider/portal-repair-api/for-verification")
	if len(reqs) != 1 {
		t.Fatalf("%d for-verification requests, want 1", len(reqs))
	}
	var body struct {
		ConsumerVersionSelectors []map[string]any `json:"consumerVersionSelectors"`
		ProviderVersionBranch    string           `json:"providerVersionBranch"`
	}
	if err := json.Unmarshal(reqs[0].Body, &body); err != nil {
		t.Fatal(err)
	}
	wantSelectors := []map[string]any{{"mainBranch": true}, {"deployedOrReleased": true}}
	if !reflect.DeepEqual(body.ConsumerVersionSelectors, wantSelectors) || body.ProviderVersionBranch != "main" {
		t.Errorf("asked with %+v, want selectors %v and provider branch main", body, wantSelectors)
	}

	if len(pacts) != 2 {
		t.Fatalf("got %d pacts, want 2", len(pacts))
	}
	// pacttest.Verify reads $PACT_DIR/*-<provider>.json.
	files, _ := filepath.Glob(filepath.Join(dir, "*-portal-repair-api.json"))
	if len(files) != 2 {
		t.Fatalf("pact-verify would read %v", files)
	}
	var consumers []string
	for _, p := range pacts {
		consumers = append(consumers, p.Consumer)
		if !slices.Contains(files, p.File) {
			t.Errorf("%s is not where pact-verify reads", p.File)
		}
		if want := p.PactURL + "/verification-results"; p.ResultsURL != want {
			t.Errorf("results link %q, want %q", p.ResultsURL, want)
		}
		data, err := os.ReadFile(p.File)
		if err != nil {
			t.Fatal(err)
		}
		var pact map[string]any
		if err := json.Unmarshal(data, &pact); err != nil {
			t.Fatal(err)
		}
		if _, ok := pact["_links"]; ok {
			t.Errorf("%s keeps the broker's _links", p.File)
		}
		if c := pact["consumer"].(map[string]any)["name"]; c != p.Consumer || len(pact["interactions"].([]any)) != 1 {
			t.Errorf("%s: consumer %v, interactions %v", p.File, c, pact["interactions"])
		}
	}
	slices.Sort(consumers)
	if !reflect.DeepEqual(consumers, []string{"host", "repair"}) {
		t.Errorf("consumers %v", consumers)
	}

	if _, err := b.pactsForVerification(context.Background(), "portal-repair-api", "main", dir); err == nil {
		t.Error("fetching into a folder that already holds the provider's pacts succeeded; the stale ones would be verified too")
	}
}

func TestPublishVerification_PostsTheResultToEachPactsLink(t *testing.T) {
	for _, success := range []bool{true, false} {
		f := newFakeBroker(t, "Bearer "+testToken)
		f.configure(func() { f.pacts["portal-repair-api"] = repairPacts })
		b := testBroker(t, f, testToken)
		b.buildURL = "https://ci.example/builds/10"
		pacts, err := b.pactsForVerification(context.Background(), "portal-repair-api", "main", t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		if err := b.publishVerification(context.Background(), "2.1.0", "main", pacts, success); err != nil {
			t.Fatal(err)
		}
		assertAuthEverywhere(t, f)
		if n := len(f.requestsTo("PUT", "/pacticipants/portal-repair-api/branches/main/versions/2.1.0")); n != 1 {
			t.Errorf("the provider version was put on its branch %d times, want once", n)
		}
		for _, sha := range []string{"aaa111", "bbb222"} {
			var path string
			for _, p := range repairPacts {
				if p.SHA == sha {
					path = "/pacts/provider/portal-repair-api/consumer/" + p.Consumer + "/pact-version/" + sha + "/verification-results"
				}
			}
			reqs := f.requestsTo("POST", path)
			if len(reqs) != 1 {
				t.Fatalf("%d results posted to %s, want 1", len(reqs), path)
			}
			var got map[string]any
			if err := json.Unmarshal(reqs[0].Body, &got); err != nil {
				t.Fatal(err)
			}
			want := map[string]any{"success": success, "providerApplicationVersion": "2.1.0", "buildUrl": "https://ci.example/builds/10"}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("posted %v, want %v", got, want)
			}
		}
	}
}

func TestVerifyProviders_EachContractIsVerifiedOnceAndEachPactGetsItsResult(t *testing.T) {
	f := newFakeBroker(t, "Bearer "+testToken)
	f.configure(func() {
		f.pacts["parts"] = []fakePact{
			{Consumer: "repair", Provider: "parts", SHA: "p1", Interactions: []string{"a request for the parts catalogue"}},
			{Consumer: "host", Provider: "parts", SHA: "p2", Interactions: []string{"a request for the parts catalogue"}},
			{Consumer: "support", Provider: "parts", SHA: "p3", Interactions: []string{"a broken request"}},
		}
		f.pacts["parts-inventory"] = []fakePact{{Consumer: "parts", Provider: "parts-inventory", SHA: "i1", Interactions: []string{"a stock query"}}}
	})
	b := testBroker(t, f, testToken)

	var verified []string
	verify := func(_ context.Context, p provider, dir string) bool {
		files, _ := filepath.Glob(filepath.Join(dir, "*-"+p.Name+".json"))
		if len(files) != 1 {
			t.Errorf("%s verified %v, want one pact", p.Name, files)
			return false
		}
		data, _ := os.ReadFile(files[0])
		verified = append(verified, p.Name)
		return !strings.Contains(string(data), "broken")
	}
	var out strings.Builder
	ok, err := b.verifyProviders(context.Background(), "api-parts", "3.2.0", "main", testProviders, verify, &out)
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		t.Errorf("support's broken pact failed no verification:\n%s", out.String())
	}
	slices.Sort(verified)
	if !reflect.DeepEqual(verified, []string{"parts", "parts", "parts-inventory"}) {
		t.Errorf("verifications run: %v; repair's and host's pacts are one contract, verified once", verified)
	}
	for pact, want := range map[string]bool{"parts/consumer/repair/pact-version/p1": true, "parts/consumer/host/pact-version/p2": true,
		"parts/consumer/support/pact-version/p3": false, "parts-inventory/consumer/parts/pact-version/i1": true} {
		reqs := f.requestsTo("POST", "/pacts/provider/"+pact+"/verification-results")
		if len(reqs) != 1 {
			t.Errorf("%d results for %s, want 1", len(reqs), pact)
			continue
		}
		var got struct {
			Success                    bool
			ProviderApplicationVersion string
		}
		if err := json.Unmarshal(reqs[0].Body, &got); err != nil {
			t.Fatal(err)
		}
		if got.Success != want || got.ProviderApplicationVersion != "3.2.0" {
			t.Errorf("%s: published %+v, want success %v at 3.2.0", pact, got, want)
		}
	}
	for _, p := range []string{"parts", "parts-inventory"} {
		if len(f.requestsTo("PUT", "/pacticipants/"+p+"/branches/main/versions/3.2.0")) == 0 {
			t.Errorf("%s 3.2.0 was not put on main", p)
		}
	}
}

func TestVerifyProviders_AWebDeployableIsAnError(t *testing.T) {
	b := &broker{baseURL: "http://127.0.0.1:1"}
	never := func(context.Context, provider, string) bool { t.Error("verified"); return true }
	if _, err := b.verifyProviders(context.Background(), "repair", "1.0.0", "main", testProviders, never, io.Discard); err == nil {
		t.Fatal("verifyProviders of a remote succeeded")
	}
}

func TestVerifyProviders_AProviderNoPactNeedsStillGetsItsVersion(t *testing.T) {
	for branch, path := range map[string]string{
		"main": "/pacticipants/portal-repair-api/branches/main/versions/1.0.0",
		"":     "/pacticipants/portal-repair-api/versions/1.0.0",
	} {
		f := newFakeBroker(t, "Bearer "+testToken)
		b := testBroker(t, f, testToken)
		never := func(context.Context, provider, string) bool { t.Error("verified with no pact"); return false }
		ok, err := b.verifyProviders(context.Background(), "api-repair", "1.0.0", branch, testProviders, never, io.Discard)
		if err != nil || !ok {
			t.Fatalf("ok = %v, err = %v", ok, err)
		}
		if len(f.requestsTo("PUT", path)) != 1 {
			t.Errorf("branch %q: no PUT %s; the broker would not know api-repair 1.0.0 for can-i-deploy", branch, path)
		}
	}
}

func TestBroker_APublishedPactComesBackForVerificationUnderTheDeployablesName(t *testing.T) {
	f := newFakeBroker(t, "Bearer "+testToken)
	b := testBroker(t, f, testToken)
	src := t.TempDir()
	d := deployable{Name: "repair", Providers: []string{"parts"}}
	writePact(t, src, "portal-web", "parts", "a request for the parts catalogue", "a request for an unknown part")
	if out, err := b.publishDeployable(context.Background(), d, src, "1.4.0", "main"); err != nil {
		t.Fatalf("publish: %v\n%s", err, out)
	}
	pacts, err := b.pactsForVerification(context.Background(), "parts", "main", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if len(pacts) != 1 || pacts[0].Consumer != "repair" {
		t.Fatalf("pacts for verification: %+v", pacts)
	}
	data, err := os.ReadFile(pacts[0].File)
	if err != nil {
		t.Fatal(err)
	}
	var pact struct {
		Consumer     struct{ Name string }
		Interactions []struct{ Description string }
	}
	if err := json.Unmarshal(data, &pact); err != nil {
		t.Fatal(err)
	}
	if pact.Consumer.Name != "repair" || len(pact.Interactions) != 2 {
		t.Errorf("the pact to verify: %s", data)
	}
}
