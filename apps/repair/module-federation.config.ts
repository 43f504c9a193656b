import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { federationDefaults, portalShared } from '@portal/rspack-config/federation';

/** The repair remote exposes page components only; the host owns routes, session and layout. */
export const mfConfig: moduleFederationPlugin.ModuleFederationPluginOptions = {
  name: 'repair',
  filename: 'remoteEntry.js',
  exposes: {
    './CreateRmaPage': './src/features/create-rma/Page.tsx',
  },
  shared: portalShared,
  ...federationDefaults,
};
