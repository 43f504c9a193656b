package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// coverageTree is an api-client with two clients: identity (one request, /me) and repair (a
// request, a prefetch that makes the same request, and a synchronous cache read), and pact tests
// beside them; a support test that calls repair does not count for repair.
var coverageTree = map[string]string{
	"packages/api-client/src/index.ts": `import { createIdentityClient } from './identity/client';
import { createRepairClient } from './repair/client';
import { createSupportClient } from './support/client';
export function createApiClient(options: ApiClientOptions): ApiClient {
  return {
    identity: createIdentityClient(http),
    repair: createRepairClient(http),
    support: createSupportClient(http),
  };
}
`,
	"packages/api-client/src/identity/client.ts": "export interface IdentityClient {\n  /** The profile. */\n  me(options?: { signal?: AbortSignal }): Promise<Me>;\n}\n",
	"packages/api-client/src/identity/client.pact.test.ts": `const pact = new PactV4({ consumer: 'portal-web', provider: 'portal-identity-api' });
it('answers the profile', () =>
  pact
    .addInteraction()
    .uponReceiving("a request for the caller's profile")
    .withRequest('GET', '/me')
    .executeTest(async (server) => {
      expect((await api(server.url).identity.me()).sub).toBe('usr_casey');
    }));
`,
	"packages/api-client/src/repair/client.ts": `export interface RepairClient {
  verifySerial(serial: string, options?: Options): Promise<Result>;
  /** Starts a check ahead of its page (options: none). */
  prefetchSerial(serial: string): Promise<Result>;
  prefetchedSerial(serial: string): Result | undefined;
  createRma(
    payload: Payload,
    onProgress: (sent: number) => void,
  ): Promise<Created>;
}
`,
	"packages/api-client/src/repair/client.pact.test.ts": `const pact = new PactV4({ consumer: 'portal-web', provider: 'portal-repair-api' });
it('checks a serial', () =>
  pact.addInteraction().uponReceiving('the caller\'s serial check').executeTest(async () => api.repair.verifySerial('RT1')));
it('creates an RMA', () =>
  pact.addInteraction().uponReceiving('a create request').executeTest(async () => api.repair.createRma({}, () => undefined)));
`,
	"packages/api-client/src/support/client.ts": "export interface SupportClient {\n  sendContactForm(body: Body): Promise<void>;\n}\n",
	"packages/api-client/src/support/client.pact.test.ts": `const pact = new PactV4({ consumer: 'portal-web', provider: 'portal-support-api' });
it('sends the form', () =>
  pact.addInteraction().uponReceiving('a contact form').executeTest(async () => {
    await api.support.sendContactForm({});
    await api.repair.prefetchSerial('RT1');
  }));
`,
}

// pactsWith writes one pact per provider holding the descriptions given, and reads them back.
func pactsWith(t *testing.T, descriptions map[string][]string) map[string]pactFile {
	t.Helper()
	dir := t.TempDir()
	for provider, list := range descriptions {
		body := `{"consumer":{"name":"portal-web"},"provider":{"name":"` + provider + `"},"interactions":[`
		for i, d := range list {
			if i > 0 {
				body += ","
			}
			body += `{"description":"` + d + `"}`
		}
		body += `],"metadata":{"pactSpecification":{"version":"4.0"}}}`
		if err := os.WriteFile(filepath.Join(dir, "portal-web-"+provider+".json"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pacts, err := readPacts(dir)
	if err != nil {
		t.Fatal(err)
	}
	return pacts
}

func uncoveredIn(t *testing.T, pacts map[string]pactFile) []string {
	t.Helper()
	clients, err := readClients(writeFixture(t, coverageTree))
	if err != nil {
		t.Fatal(err)
	}
	got, err := uncoveredCalls(clients, pacts)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestUncoveredCalls_NamesEachCallNoRecordedInteractionBesideItsClientCalls(t *testing.T) {
	recorded := map[string][]string{
		"portal-identity-api": {"a request for the caller's profile"},
		"portal-repair-api":   {"the caller's serial check", "a create request"},
		"portal-support-api":  {"a contact form"},
	}
	tests := []struct {
		name  string
		pacts map[string][]string
		want  []string
	}{
		{"an empty pact set covers no call", nil,
			[]string{"identity.me", "repair.createRma", "repair.prefetchSerial", "repair.verifySerial", "support.sendContactForm"}},
		// prefetchSerial is called only by support's test: that does not put repair under contract.
		{"a recorded interaction covers the calls of its test beside the client", recorded, []string{"repair.prefetchSerial"}},
		// The identity pact was not regenerated (or its test skipped): its description is absent.
		{"an interaction missing from the pact covers nothing", map[string][]string{
			"portal-identity-api": {"an older description"},
			"portal-repair-api":   recorded["portal-repair-api"],
			"portal-support-api":  recorded["portal-support-api"],
		}, []string{"identity.me", "repair.prefetchSerial"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := uncoveredIn(t, pactsWith(t, tt.pacts)); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRequestMembers_OnlyMembersReturningAPromiseMakeRequests(t *testing.T) {
	clients, err := readClients(writeFixture(t, coverageTree))
	if err != nil {
		t.Fatal(err)
	}
	var repair client
	for _, c := range clients {
		if c.Dir == "repair" {
			repair = c
		}
	}
	if want := []string{"createRma", "prefetchSerial", "verifySerial"}; !reflect.DeepEqual(repair.Requests, want) {
		t.Fatalf("repair's requests %v, want %v (prefetchedSerial reads a cache)", repair.Requests, want)
	}
}

func TestUncoveredCalls_AnApiClientWithoutRequestsIsAnError(t *testing.T) {
	root := writeFixture(t, map[string]string{"packages/api-client/src/index.ts": "export {};\n"})
	clients, err := readClients(root)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := uncoveredCalls(clients, nil); err == nil {
		t.Fatal("an api-client the gate reads no request from passed")
	}
}
