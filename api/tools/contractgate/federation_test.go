package main

import (
	"reflect"
	"testing"
)

// singletonTree: @portal/auth's barrel holds the role helpers beside the Session that reads /me;
// the repair remote imports only a role helper.
var singletonTree = map[string]string{
	"pnpm-lock.yaml":                   "lockfileVersion: '9.0'\n",
	"packages/api-client/package.json": `{"name":"@portal/api-client","exports":{".":"./src/index.ts"}}`,
	"packages/api-client/src/index.ts": `import { createIdentityClient } from './identity/client';
export function createApiClient(options: ApiClientOptions): ApiClient {
  return {
    identity: createIdentityClient(http),
  };
}
`,
	"packages/api-client/src/identity/client.ts":           "export interface IdentityClient {\n  me(): Promise<Me>;\n}\n",
	"packages/api-client/src/identity/client.pact.test.ts": "new PactV4({ consumer: 'portal-web', provider: 'portal-identity-api' });\n",
	"packages/auth/package.json": `{"name":"@portal/auth","dependencies":{"@portal/api-client":"workspace:*"},
		"exports":{".":"./src/index.ts"}}`,
	"packages/auth/src/index.ts":   "export { hasRole } from './roles';\nexport { Session } from './session';\n",
	"packages/auth/src/roles.ts":   "export const hasRole = (roles: string[], r: string) => roles.includes(r);\n",
	"packages/auth/src/session.ts": "export class Session {\n  load() {\n    return this.api.identity.me();\n  }\n}\n",
	"apps/repair/package.json":     `{"name":"@portal/repair","dependencies":{"@portal/auth":"workspace:*"}}`,
	"apps/repair/src/Page.tsx":     "import { hasRole } from '@portal/auth';\nexport const Page = () => hasRole([], 'x');\n",
	"host/package.json":            `{"name":"@portal/host"}`,
	"host/src/index.ts":            "export const start = () => undefined;\n",
}

func TestReadDeployables_AFederationSingletonShipsWhole(t *testing.T) {
	files := map[string]string{}
	for k, v := range singletonTree {
		files[k] = v
	}
	// Tree-shaken, the role helper alone calls nothing.
	if repair := deployablesOf(t, writeFixture(t, files))["repair"]; len(repair.Providers) != 0 {
		t.Fatalf("without the singleton, repair calls %v", repair.Providers)
	}
	files[federationConfig] = "export const portalShared = {\n  react: { singleton: true },\n  '@portal/auth': { singleton: true, requiredVersion: false },\n};\n"
	repair := deployablesOf(t, writeFixture(t, files))["repair"]
	if want := []string{"portal-identity-api"}; !reflect.DeepEqual(repair.Providers, want) {
		t.Fatalf("repair calls %v, want %v: its copy of @portal/auth holds the Session", repair.Providers, want)
	}
}
