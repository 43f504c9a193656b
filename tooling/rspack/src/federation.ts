import type { moduleFederationPlugin } from '@module-federation/enhanced';

type Shared = NonNullable<moduleFederationPlugin.ModuleFederationPluginOptions['shared']>;

/**
 * The modules that must exist once per page, declared once for the host and every remote.
 * Versions come from the workspace catalog, so a remote built against another major fails loudly
 * instead of running a second React.
 */
export const portalShared: Shared = {
  react: { singleton: true, requiredVersion: '^19.3.0' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.3.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.3.0' },
  'react-dom/client': { singleton: true, requiredVersion: '^19.3.0' },
  // react-router through the list of what the portal uses, so it is tree-shaken (packages/router).
  '@portal/router': { singleton: true, requiredVersion: false },
  'styled-components': { singleton: true, requiredVersion: '^6.1.0' },
  '@portal/auth': { singleton: true, requiredVersion: false },
  '@portal/ui': { singleton: true, requiredVersion: false },
};

/** Options every portal federation config shares: a manifest for run-time registration, no type bundles. */
export const federationDefaults = {
  manifest: true,
  dts: false,
} as const;
