package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
)

// fixtureTree is a small workspace: an api-client with three clients (two with pact tests), a
// shared forms package whose barrel holds a serial hook and a support form, a repair remote that
// takes the serial hook only, and a host that calls nothing outside its tests.
var fixtureTree = map[string]string{
	"pnpm-lock.yaml":                   "lockfileVersion: '9.0'\n",
	"packages/api-client/package.json": `{"name":"@portal/api-client","exports":{".":"./src/index.ts"}}`,
	"packages/api-client/src/index.ts": `import { createRepairClient, type RepairClient } from './repair/client';
import { createSupportClient, type SupportClient } from './support/client';
import { createLocationsClient, type LocationsClient } from './locations/client';
export function createApiClient(options: ApiClientOptions): ApiClient {
  return {
    repair: createRepairClient(http),
    support: createSupportClient(http),
    locations: createLocationsClient(http),
  };
}
export { createInventoryClient, type InventoryClient } from './inventory/client';
`,
	"packages/api-client/src/repair/client.ts": `export interface RepairClient {
  /** Looks a serial up. */
  verifySerial(serial: string): Promise<Result>;
  createRma(payload: Payload): Promise<Created>;
}
`,
	"packages/api-client/src/repair/client.pact.test.ts":    "const pact = new PactV4({ consumer: 'portal-web', provider: 'portal-repair-api' });\n",
	"packages/api-client/src/repair/graphql.pact.test.ts":   "const pact = new PactV4({ consumer: 'portal-web', provider: 'portal-graphql' });\n",
	"packages/api-client/src/support/client.ts":             "export interface SupportClient {\n  sendContactForm(body: Body): Promise<void>;\n}\n",
	"packages/api-client/src/support/client.pact.test.ts":   "const pact = pactWith('portal-support-api'); // the shared test/pact.ts\n",
	"packages/api-client/src/locations/client.ts":           "export interface LocationsClient {\n  countries(): Promise<Country[]>;\n}\n",
	"packages/api-client/src/inventory/client.ts":           "export interface InventoryClient {\n  list(): Promise<Page>;\n}\n",
	"packages/api-client/src/inventory/client.pact.test.ts": "new PactV4({ consumer: 'portal-web', provider: 'parts-inventory' });\n",
	"packages/forms/package.json": `{"name":"@portal/forms","dependencies":{"@portal/api-client":"workspace:*"},
		"exports":{".":"./src/index.ts","./units":"./src/units/index.ts"}}`,
	"packages/forms/src/index.ts": `export { useSerialCheck, type SerialStatus } from './serial';
export { SupportForm } from './support';
`,
	"packages/forms/src/serial.ts":           "import { useApi } from './api';\nexport function useSerialCheck() {\n  return useApi().repair.verifySerial('x');\n}\n",
	"packages/forms/src/support.tsx":         "export function SupportForm() {\n  return api.support.sendContactForm({});\n}\n",
	"packages/forms/src/api.ts":              "export const useApi = () => context;\n",
	"packages/forms/src/units/index.ts":      "export * from '../support';\n",
	"apps/repair/package.json":               `{"name":"@portal/repair","dependencies":{"@portal/api-client":"workspace:*","@portal/forms":"workspace:*"}}`,
	"apps/repair/src/Page.tsx":               "import { useSerialCheck } from '@portal/forms';\nimport type { SupportForm } from '@portal/forms';\nexport const Page = () => useSerialCheck();\n",
	"apps/repair/src/Page.test.tsx":          "api.locations.countries();\n",
	"apps/repair/src/parts.ts":               "export const count = (order: Order) => order.parts.map((p) => p.repair.length);\n",
	"host/package.json":                      `{"name":"@portal/host","dependencies":{"@portal/forms":"workspace:*"}}`,
	"host/src/index.ts":                      "export const start = () => undefined;\n",
	"host/src/features/Banner.test.tsx":      "api.support.sendContactForm({});\n",
	"api/repair/repairpact/provider_test.go": "package repairpact\n\nfunc TestProvider(t *testing.T) {\n\tpacttest.Verify(t, \"portal-repair-api\", r, states, nil)\n}\n",
}

func writeFixture(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("git", "init", "-q")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	return root
}

func deployablesOf(t *testing.T, root string) map[string]deployable {
	t.Helper()
	clients, err := readClients(root)
	if err != nil {
		t.Fatal(err)
	}
	list, err := readDeployables(root, clients)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]deployable{}
	for _, d := range list {
		out[d.Name] = d
	}
	return out
}

func TestReadClients_ReadsPropertiesMethodsAndPactProviders(t *testing.T) {
	clients, err := readClients(writeFixture(t, fixtureTree))
	if err != nil {
		t.Fatal(err)
	}
	want := []client{
		{Dir: "inventory", Factory: "createInventoryClient", Methods: []string{"list"}, Requests: []string{"list"}, Providers: []string{"parts-inventory"}},
		{Dir: "locations", Prop: "locations", Factory: "createLocationsClient", Methods: []string{"countries"}, Requests: []string{"countries"}},
		{Dir: "repair", Prop: "repair", Factory: "createRepairClient", Methods: []string{"createRma", "verifySerial"}, Requests: []string{"createRma", "verifySerial"}, Providers: []string{"portal-graphql", "portal-repair-api"}},
		{Dir: "support", Prop: "support", Factory: "createSupportClient", Methods: []string{"sendContactForm"}, Requests: []string{"sendContactForm"}, Providers: []string{"portal-support-api"}},
	}
	if !reflect.DeepEqual(clients, want) {
		t.Fatalf("got %+v\nwant %+v", clients, want)
	}
}

func TestReadDeployables_FollowsTheBarrelToTheClientsTheBundleCalls(t *testing.T) {
	got := deployablesOf(t, writeFixture(t, fixtureTree))
	// repair takes useSerialCheck from the barrel, not SupportForm (a type import ships nothing);
	// its test calling locations does not ship; order.parts.map is no parts client call.
	if repair := got["repair"]; !reflect.DeepEqual(repair.Providers, []string{"portal-graphql", "portal-repair-api"}) {
		t.Errorf("repair calls %v (clients %v)", repair.Providers, repair.Clients)
	}
	if host := got["host"]; len(host.Providers) != 0 || len(host.Clients) != 0 {
		t.Errorf("host calls %v (clients %v)", host.Providers, host.Clients)
	}
}

func TestReadDeployables_ARemoteThatStartsCallingAProviderIsGatedOnIt(t *testing.T) {
	files := map[string]string{}
	for k, v := range fixtureTree {
		files[k] = v
	}
	files["apps/repair/src/Inventory.tsx"] = "import { createInventoryClient } from '@portal/api-client';\nexport const useInventory = () => createInventoryClient(api.http);\n"
	files["apps/repair/src/Help.tsx"] = "import { SupportForm } from '@portal/forms/units';\nexport const Help = SupportForm;\n"
	repair := deployablesOf(t, writeFixture(t, files))["repair"]
	want := []string{"parts-inventory", "portal-graphql", "portal-repair-api", "portal-support-api"}
	if !reflect.DeepEqual(repair.Providers, want) {
		t.Fatalf("repair calls %v, want %v", repair.Providers, want)
	}
}

func TestReadDeployables_TheConsumerVersionFollowsTheFilesOnDiskNotTheirModes(t *testing.T) {
	root := writeFixture(t, fixtureTree)
	before := deployablesOf(t, root)
	if err := os.Chmod(filepath.Join(root, "apps/repair/src/Page.tsx"), 0o600); err != nil {
		t.Fatal(err)
	}
	if again := deployablesOf(t, root); again["repair"].Version != before["repair"].Version {
		t.Fatal("a file mode changed the version")
	}
	// An uncommitted edit of a bundled package changes every deployable bundling it.
	if err := os.WriteFile(filepath.Join(root, "packages/forms/src/api.ts"), []byte("export const useApi = () => other;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	after := deployablesOf(t, root)
	if after["repair"].Version == before["repair"].Version || after["host"].Version == before["host"].Version {
		t.Fatal("an edit of packages/forms left a version unchanged")
	}
}

func TestReadProviders_FindsThePackageVerifyingEachProvider(t *testing.T) {
	got, err := readProviders(writeFixture(t, fixtureTree))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]provider{"portal-repair-api": {Name: "portal-repair-api", Package: "api/repair/repairpact", Module: "repair"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}
