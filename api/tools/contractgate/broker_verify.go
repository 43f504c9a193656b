package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// brokerPact is one pact the broker asks a provider to verify, written to a file.
type brokerPact struct {
	Consumer   string
	Provider   string
	File       string // where pactsForVerification wrote it
	PactURL    string // the pact in the broker
	ResultsURL string // its pb:publish-verification-results link
}

// verificationSelectors are the consumer versions a provider verifies: the latest of each
// consumer's main branch (what is about to ship) and every version recorded as deployed or
// released (what runs now).
var verificationSelectors = []map[string]any{{"mainBranch": true}, {"deployedOrReleased": true}}

// pactsForVerification fetches the pacts provider must verify (POST
// /pacts/provider/{provider}/for-verification, then each pact) and writes each to dir as
// <consumer>-<n>-<provider>.json, the names pacttest.Verify reads from PACT_DIR, so
// `make pact-verify PACT_PKG=… PACT_DIR=dir` verifies them. providerBranch is the branch the
// results will be published for (the broker uses it for pending pacts). dir must hold no pact for
// provider yet: a stale one would be verified and its result published against the wrong pact.
func (b *broker) pactsForVerification(ctx context.Context, provider, providerBranch, dir string) ([]brokerPact, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if stale, _ := filepath.Glob(filepath.Join(dir, "*-"+provider+".json")); len(stale) > 0 {
		return nil, fmt.Errorf("%s already holds pacts for %s (%s); fetch into an empty folder", dir, provider, filepath.Base(stale[0]))
	}
	body := map[string]any{"consumerVersionSelectors": verificationSelectors, "includePendingStatus": false}
	if providerBranch != "" {
		body["providerVersionBranch"] = providerBranch
	}
	var list struct {
		Embedded struct {
			Pacts []struct {
				Links struct {
					Self struct {
						Href string `json:"href"`
					} `json:"self"`
				} `json:"_links"`
			} `json:"pacts"`
		} `json:"_embedded"`
	}
	if err := b.call(ctx, http.MethodPost, b.baseURL+"/pacts/provider/"+url.PathEscape(provider)+"/for-verification", body, &list); err != nil {
		return nil, err
	}
	var out []brokerPact
	for i, item := range list.Embedded.Pacts {
		href := item.Links.Self.Href
		var pact map[string]any
		if err := b.call(ctx, http.MethodGet, href, nil, &pact); err != nil {
			return nil, err
		}
		bp := brokerPact{Provider: provider, PactURL: href}
		if c, ok := pact["consumer"].(map[string]any); ok {
			bp.Consumer, _ = c["name"].(string)
		}
		if p, ok := pact["provider"].(map[string]any); ok && p["name"] != provider {
			return nil, fmt.Errorf("%s: a pact for %v, not %s", href, p["name"], provider)
		}
		links, _ := pact["_links"].(map[string]any)
		results, _ := links["pb:publish-verification-results"].(map[string]any)
		bp.ResultsURL, _ = results["href"].(string)
		if bp.Consumer == "" || bp.ResultsURL == "" {
			return nil, fmt.Errorf("%s: no consumer name or pb:publish-verification-results link", href)
		}
		// The broker's own fields are not part of the contract.
		delete(pact, "_links")
		delete(pact, "createdAt")
		data, err := json.MarshalIndent(pact, "", "  ")
		if err != nil {
			return nil, err
		}
		bp.File = filepath.Join(dir, fmt.Sprintf("%s-%d-%s.json", bp.Consumer, i+1, provider))
		if err := os.WriteFile(bp.File, data, 0o644); err != nil {
			return nil, err
		}
		out = append(out, bp)
	}
	return out, nil
}

// publishVerification publishes one verification result for each of pacts: success, verified
// against the provider at providerVersion, on providerBranch (ensureVersion first, since the
// results resource takes no branch). `make pact-verify` verifies every pact of a folder
// together: for a result per pact, verify each in a folder of its own (verifyProviders does).
func (b *broker) publishVerification(ctx context.Context, providerVersion, providerBranch string, pacts []brokerPact, success bool) error {
	ensured := map[string]bool{}
	for _, p := range pacts {
		if !ensured[p.Provider] {
			if err := b.ensureVersion(ctx, p.Provider, providerVersion, providerBranch); err != nil {
				return err
			}
			ensured[p.Provider] = true
		}
		result := map[string]any{"success": success, "providerApplicationVersion": providerVersion}
		if b.buildURL != "" {
			result["buildUrl"] = b.buildURL
		}
		if err := b.call(ctx, http.MethodPost, p.ResultsURL, result, nil); err != nil {
			return fmt.Errorf("publishing the verification of %s's pact by %s: %w", p.Consumer, p.Provider, err)
		}
	}
	return nil
}

// ensureVersion makes the pacticipant's version known to the broker, on branch when one is given
// (PUT /pacticipants/{p}/branches/{branch}/versions/{v}, else PUT /pacticipants/{p}/versions/{v}).
// A provider no consumer's pact needs yet still gets its version, so that can-i-deploy and
// record-deployment find it.
func (b *broker) ensureVersion(ctx context.Context, pacticipant, version, branch string) error {
	u := b.baseURL + "/pacticipants/" + url.PathEscape(pacticipant)
	if branch != "" {
		u += "/branches/" + url.PathEscape(branch)
	}
	return b.call(ctx, http.MethodPut, u+"/versions/"+url.PathEscape(version), map[string]any{}, nil)
}

// call sends one HAL request to the broker and decodes the answer into out (when not nil). It
// refuses a URL outside the broker's base URL: the links it follows come from the broker's
// answers, and the credentials go only where PACT_BROKER_BASE_URL points.
func (b *broker) call(ctx context.Context, method, target string, body, out any) error {
	if !b.owns(target) {
		return fmt.Errorf("%s %s: the link leaves the broker at %s; not sending the credentials there", method, target, b.baseURL)
	}
	var reader io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		reader = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, reader)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/hal+json, application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if auth := b.authHeader(); auth != "" {
		req.Header.Set("Authorization", auth)
	}
	client := b.client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %s", method, target, b.redact(err.Error()))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, target, err)
	}
	if resp.StatusCode >= 300 {
		snippet := strings.TrimSpace(string(data))
		if len(snippet) > 500 {
			snippet = snippet[:500] + "…"
		}
		return fmt.Errorf("%s %s: the broker answered %s: %s", method, target, resp.Status, b.redact(snippet))
	}
	if out == nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // a pact's numbers stay as written
	if err := dec.Decode(out); err != nil {
		return fmt.Errorf("%s %s: %w", method, target, err)
	}
	return nil
}

// owns says whether target lies under the broker's base URL (same scheme, host and path prefix).
func (b *broker) owns(target string) bool {
	base, err := url.Parse(b.baseURL)
	if err != nil {
		return false
	}
	u, err := url.Parse(target)
	if err != nil {
		return false
	}
	prefix := strings.TrimSuffix(base.Path, "/")
	return u.Scheme == base.Scheme && u.Host == base.Host && (u.Path == prefix || strings.HasPrefix(u.Path, prefix+"/"))
}
