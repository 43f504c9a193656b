import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { portalShared, remoteDefaults, versionExpose } from '@portal/rspack-config/federation';

/** The support remote exposes page components and its version only; the host owns routes, session and layout. */
export const mfConfig: moduleFederationPlugin.ModuleFederationPluginOptions = {
  name: 'support',
  filename: 'remoteEntry.js',
  exposes: {
    './HelpSupportPage': './src/features/help-support/Page.tsx',
    './HelpSupportCompletePage': './src/features/help-support/CompletePage.tsx',
    './AuthHelpAndSupportPage': './src/features/auth-help-and-support/Page.tsx',
    ...versionExpose,
  },
  shared: portalShared,
  ...remoteDefaults,
};
