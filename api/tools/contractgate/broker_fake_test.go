package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// fakeBroker answers as the Pact Broker's HAL API does, for the resources the gate and the Pact
// CLI use, and records every request. Its resources follow the broker's documentation (the index,
// environments, pacticipant versions with their pb:record-deployment links, /matrix,
// /contracts/publish, pacts for verification, verification results, branch versions).
type fakeBroker struct {
	t    *testing.T
	srv  *httptest.Server
	auth string // the Authorization header every request must carry

	mu        sync.Mutex
	requests  []fakeRequest
	failWith  int                   // when set, requests under failPath are answered with this status
	failPath  string                // "" fails every request
	matrix    map[string]string     // /matrix answer by pacticipant
	pacts     map[string][]fakePact // pacts for verification by provider
	published []publishedContract
}

type fakeRequest struct {
	Method, Path, Query, Auth string
	Body                      []byte
}

type fakePact struct {
	Consumer, Provider, SHA string
	Interactions            []string       // a pact of these interactions, or
	Content                 map[string]any // the pact as published
}

type publishedContract struct {
	Pacticipant, Version, Branch, BuildURL string
	ConsumerName, ProviderName             string
	Pact                                   map[string]any
}

var fakeEnvironments = map[string]string{"staging": "uuid-staging", "production": "uuid-production"}

func newFakeBroker(t *testing.T, auth string) *fakeBroker {
	f := &fakeBroker{t: t, auth: auth, matrix: map[string]string{}, pacts: map[string][]fakePact{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", f.index)
	mux.HandleFunc("GET /environments", f.environments)
	mux.HandleFunc("GET /pacticipants/{p}/versions/{v}", f.version)
	mux.HandleFunc("POST /pacticipants/{p}/versions/{v}/deployed-versions/environment/{env}", f.recordDeployment)
	mux.HandleFunc("GET /matrix", f.matrixAnswer)
	mux.HandleFunc("POST /contracts/publish", f.publish)
	mux.HandleFunc("POST /pacts/provider/{p}/for-verification", f.forVerification)
	mux.HandleFunc("GET /pacts/provider/{p}/consumer/{c}/pact-version/{sha}", f.pact)
	mux.HandleFunc("POST /pacts/provider/{p}/consumer/{c}/pact-version/{sha}/verification-results", f.created)
	mux.HandleFunc("PUT /pacticipants/{p}/branches/{b}/versions/{v}", f.created)
	mux.HandleFunc("PUT /pacticipants/{p}/versions/{v}", f.created)
	// Started only once f.srv is set: the handlers read its URL.
	f.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.requests = append(f.requests, fakeRequest{Method: r.Method, Path: r.URL.EscapedPath(), Query: r.URL.RawQuery, Auth: r.Header.Get("Authorization"), Body: body})
		failing := f.failWith != 0 && strings.HasPrefix(r.URL.Path, f.failPath)
		failWith := f.failWith
		f.mu.Unlock()
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		if failing {
			// A broker behind a misbehaving proxy may echo the request's headers back.
			f.hal(w, failWith, map[string]any{"error": "broker down", "request": map[string]string{"authorization": r.Header.Get("Authorization")}})
			return
		}
		if r.Header.Get("Authorization") != f.auth {
			f.hal(w, http.StatusUnauthorized, map[string]any{"error": "unauthorized"})
			return
		}
		mux.ServeHTTP(w, r)
	}))
	f.srv.Start()
	t.Cleanup(f.srv.Close)
	return f
}

// configure changes what the broker answers, under its lock: its handlers run on the server's
// goroutines.
func (f *fakeBroker) configure(change func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	change()
}

func (f *fakeBroker) hal(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/hal+json;charset=utf-8")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(body); err != nil {
		f.t.Errorf("fake broker: %v", err)
	}
}

func link(href string) map[string]any { return map[string]any{"href": href} }

func (f *fakeBroker) index(w http.ResponseWriter, r *http.Request) {
	u := f.srv.URL
	f.hal(w, 200, map[string]any{"_links": map[string]any{
		"self":                               link(u),
		"pb:publish-contracts":               link(u + "/contracts/publish"),
		"pb:environments":                    link(u + "/environments"),
		"pb:pacticipant-version":             map[string]any{"href": u + "/pacticipants/{pacticipant}/versions/{version}", "templated": true},
		"pb:environment":                     map[string]any{"href": u + "/environments/{uuid}", "templated": true},
		"pb:pacticipant-branch-version":      map[string]any{"href": u + "/pacticipants/{pacticipant}/branches/{branch}/versions/{version}", "templated": true},
		"pb:provider-pacts-for-verification": map[string]any{"href": u + "/pacts/provider/{provider}/for-verification", "templated": true},
	}})
}

func fakeEnvironment(base, name, uuid string) map[string]any {
	return map[string]any{"uuid": uuid, "name": name, "displayName": strings.ToUpper(name[:1]) + name[1:],
		"production": name == "production", "createdAt": "2026-11-01T00:00:00+00:00",
		"_links": map[string]any{"self": link(base + "/environments/" + uuid)}}
}

func (f *fakeBroker) environments(w http.ResponseWriter, r *http.Request) {
	var list []any
	for name, uuid := range fakeEnvironments {
		list = append(list, fakeEnvironment(f.srv.URL, name, uuid))
	}
	f.hal(w, 200, map[string]any{"_embedded": map[string]any{"environments": list}, "_links": map[string]any{"self": link(f.srv.URL + "/environments")}})
}

func (f *fakeBroker) version(w http.ResponseWriter, r *http.Request) {
	p, v := r.PathValue("p"), r.PathValue("v")
	self := f.srv.URL + "/pacticipants/" + p + "/versions/" + v
	var record []any
	for name, uuid := range fakeEnvironments {
		record = append(record, map[string]any{"title": "Record deployment to " + name, "name": name,
			"href": self + "/deployed-versions/environment/" + uuid})
	}
	f.hal(w, 200, map[string]any{"number": v, "createdAt": "2026-11-01T00:00:00+00:00",
		"_links": map[string]any{"self": link(self), "pb:pacticipant": link(f.srv.URL + "/pacticipants/" + p), "pb:record-deployment": record}})
}

func (f *fakeBroker) recordDeployment(w http.ResponseWriter, r *http.Request) {
	env := ""
	for name, uuid := range fakeEnvironments {
		if uuid == r.PathValue("env") {
			env = name
		}
	}
	f.hal(w, 201, map[string]any{"uuid": "dep-1", "currentlyDeployed": true, "applicationInstance": nil,
		"_embedded": map[string]any{"environment": fakeEnvironment(f.srv.URL, env, r.PathValue("env"))},
		"_links":    map[string]any{"self": link(f.srv.URL + "/deployed-versions/dep-1")}})
}

func (f *fakeBroker) matrixAnswer(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Query().Get("q[][pacticipant]")
	f.mu.Lock()
	answer, ok := f.matrix[p]
	f.mu.Unlock()
	if !ok {
		f.hal(w, 404, map[string]any{"error": "no pacticipant " + p})
		return
	}
	w.Header().Set("Content-Type", "application/hal+json;charset=utf-8")
	io.WriteString(w, answer)
}

func (f *fakeBroker) publish(w http.ResponseWriter, r *http.Request) {
	var req struct {
		PacticipantName, PacticipantVersionNumber, Branch, BuildURL string
		Contracts                                                   []struct {
			ConsumerName, ProviderName, Specification, ContentType, Content string
		}
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		f.hal(w, 400, map[string]any{"error": err.Error()})
		return
	}
	var logs, notices, contracts []any
	version := f.srv.URL + "/pacticipants/" + req.PacticipantName + "/versions/" + req.PacticipantVersionNumber
	for _, c := range req.Contracts {
		raw, err := base64.StdEncoding.DecodeString(c.Content)
		var pact map[string]any
		if err == nil {
			err = json.Unmarshal(raw, &pact)
		}
		if err != nil {
			f.hal(w, 400, map[string]any{"error": "content: " + err.Error()})
			return
		}
		f.mu.Lock()
		f.published = append(f.published, publishedContract{req.PacticipantName, req.PacticipantVersionNumber, req.Branch, req.BuildURL, c.ConsumerName, c.ProviderName, pact})
		// The published pact is the consumer's main-branch pact the provider verifies next.
		f.pacts[c.ProviderName] = append(f.pacts[c.ProviderName], fakePact{Consumer: c.ConsumerName, Provider: c.ProviderName,
			SHA: fmt.Sprintf("pub%d", len(f.published)), Content: pact})
		f.mu.Unlock()
		text := fmt.Sprintf("Pact published for %s version %s and provider %s.", req.PacticipantName, req.PacticipantVersionNumber, c.ProviderName)
		logs = append(logs, map[string]any{"level": "info", "message": text, "deprecationWarning": "Replaced by notices"})
		notices = append(notices, map[string]any{"type": "success", "text": text})
		contracts = append(contracts, map[string]any{"title": "Pact", "name": "Pact between " + c.ConsumerName + " and " + c.ProviderName,
			"href": f.srv.URL + "/pacts/provider/" + c.ProviderName + "/consumer/" + c.ConsumerName + "/version/" + req.PacticipantVersionNumber})
	}
	named := func(href, title, name string) map[string]any {
		return map[string]any{"href": href, "title": title, "name": name}
	}
	f.hal(w, 200, map[string]any{"logs": logs, "notices": notices,
		"_embedded": map[string]any{
			"pacticipant": map[string]any{"name": req.PacticipantName, "_links": map[string]any{"self": link(f.srv.URL + "/pacticipants/" + req.PacticipantName)}},
			"version":     map[string]any{"number": req.PacticipantVersionNumber, "branch": req.Branch, "_links": map[string]any{"self": named(version, "Version", req.PacticipantVersionNumber)}}},
		"_links": map[string]any{
			"pb:pacticipant":              named(f.srv.URL+"/pacticipants/"+req.PacticipantName, "Pacticipant", req.PacticipantName),
			"pb:pacticipant-version":      named(version, "Pacticipant version", req.PacticipantVersionNumber),
			"pb:pacticipant-version-tags": []any{},
			"pb:contracts":                contracts}})
}

func (f *fakeBroker) pactURL(p fakePact) string {
	return f.srv.URL + "/pacts/provider/" + p.Provider + "/consumer/" + p.Consumer + "/pact-version/" + p.SHA
}

func (f *fakeBroker) forVerification(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	pacts := f.pacts[r.PathValue("p")]
	f.mu.Unlock()
	var list []any
	for _, p := range pacts {
		list = append(list, map[string]any{
			"verificationProperties": map[string]any{"notices": []any{map[string]any{"when": "before_verification", "text": "The pact is verified because it is deployed"}}},
			"_links":                 map[string]any{"self": map[string]any{"href": f.pactURL(p), "name": "Pact between " + p.Consumer + " and " + p.Provider}}})
	}
	f.hal(w, 200, map[string]any{"_embedded": map[string]any{"pacts": list}, "_links": map[string]any{"self": link(f.srv.URL + r.URL.Path)}})
}

func (f *fakeBroker) pact(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	pacts := f.pacts[r.PathValue("p")]
	f.mu.Unlock()
	for _, p := range pacts {
		if p.Consumer != r.PathValue("c") || p.SHA != r.PathValue("sha") {
			continue
		}
		pact := map[string]any{}
		for k, v := range p.Content {
			pact[k] = v
		}
		if p.Content == nil {
			var interactions []any
			for _, d := range p.Interactions {
				interactions = append(interactions, map[string]any{"description": d, "request": map[string]any{"method": "GET", "path": "/x"}, "response": map[string]any{"status": 200}})
			}
			pact = map[string]any{"consumer": map[string]any{"name": p.Consumer}, "provider": map[string]any{"name": p.Provider},
				"interactions": interactions, "metadata": map[string]any{"pactSpecification": map[string]any{"version": "3.0.0"}}}
		}
		pact["createdAt"] = "2026-11-01T00:00:00+00:00"
		pact["_links"] = map[string]any{"self": link(f.pactURL(p)),
			"pb:publish-verification-results": map[string]any{"title": "Publish verification results", "href": f.pactURL(p) + "/verification-results"}}
		f.hal(w, 200, pact)
		return
	}
	f.hal(w, 404, map[string]any{"error": "no such pact"})
}

func (f *fakeBroker) created(w http.ResponseWriter, r *http.Request) {
	f.hal(w, 201, map[string]any{"_links": map[string]any{"self": link(f.srv.URL + r.URL.Path)}})
}

// requestsTo returns the recorded requests whose method and path match.
func (f *fakeBroker) requestsTo(method, path string) []fakeRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []fakeRequest
	for _, r := range f.requests {
		if r.Method == method && r.Path == path {
			out = append(out, r)
		}
	}
	return out
}

// all returns every recorded request.
func (f *fakeBroker) all() []fakeRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeRequest(nil), f.requests...)
}

// repoRoot is the repository's root, whose node_modules holds the Pact CLI. The broker tests run
// the real CLI: a missing one fails them, naming what to run, instead of skipping.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", ".bin", "pact-broker")); err != nil {
		t.Fatalf("the Pact CLI is missing (%v): run `pnpm install` at %s (package.json pins @pact-foundation/pact-cli)", err, root)
	}
	return root
}

// testBroker is a broker pointing at f with the bearer token, the CLI of the repository and no
// retries (the CLI's default retries a 5xx eight times with back-off).
func testBroker(t *testing.T, f *fakeBroker, token string) *broker {
	return &broker{baseURL: f.srv.URL, token: token, root: repoRoot(t), retries: "0", client: f.srv.Client()}
}
