import type { moduleFederationPlugin } from '@module-federation/enhanced';

type Shared = NonNullable<moduleFederationPlugin.ModuleFederationPluginOptions['shared']>;

/**
 * The modules that must exist once per page, declared once for the host and every remote, all
 * built from the workspace catalog's one version. None states a required version: the federation
 * runtime checks one with its semver parser on every page load, 30-70 ms of a 4x slower phone's
 * main thread, and for a singleton it only warns in the console. The web server makes that check
 * at start instead, where an operator sees it: it refuses a remote built with another major of
 * one of these than the host (api/portal/webshell/shared.go). What must match between the host and
 * a remote for each one is decided in skew-rules.js, and `make build` checks it (docs/skew.md).
 */
export const portalShared: Shared = {
  react: { singleton: true, requiredVersion: false },
  'react/jsx-runtime': { singleton: true, requiredVersion: false },
  'react-dom': { singleton: true, requiredVersion: false },
  'react-dom/client': { singleton: true, requiredVersion: false },
  // react-router through the list of what the portal uses, so it is tree-shaken (packages/router).
  '@portal/router': { singleton: true, requiredVersion: false },
  'styled-components': { singleton: true, requiredVersion: false },
  '@portal/auth': { singleton: true, requiredVersion: false },
  '@portal/ui': { singleton: true, requiredVersion: false },
};

/**
 * What every remote exposes besides its pages: `./version`, whose `version` is the remote's
 * package.json version as its build stamped it (version-stamp.ts). The host loads it with a page
 * and marks the page with it, so what runs in a browser can be told from the code itself.
 */
export const versionExpose = { './version': './src/version.ts' } as const;

/** Options every portal federation config shares: a manifest for run-time registration, no type bundles. */
const common = {
  manifest: true,
  dts: false,
} as const;

/**
 * Options of the host. Its federation runtime, without the code only Node needs, is also the
 * remotes' (provideExternalRuntime): a remote page then does not download a second copy.
 */
export const hostDefaults = {
  ...common,
  experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
} as const;

/**
 * Options of a remote: it runs only inside the host and uses the host's federation runtime
 * (externalRuntime), and it loads no remotes itself, so its runtime leaves that code out too. A
 * remote built so needs a host built with hostDefaults.
 */
export const remoteDefaults = {
  ...common,
  experiments: { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
} as const;
