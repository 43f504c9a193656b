import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { portalShared, remoteDefaults } from '@portal/rspack-config/federation';

/** The support remote exposes page components only; the host owns routes, session and layout. */
export const mfConfig: moduleFederationPlugin.ModuleFederationPluginOptions = {
  name: 'support',
  filename: 'remoteEntry.js',
  exposes: {
    './HelpSupportPage': './src/features/help-support/Page.tsx',
    './HelpSupportCompletePage': './src/features/help-support/CompletePage.tsx',
    './AuthHelpAndSupportPage': './src/features/auth-help-and-support/Page.tsx',
  },
  shared: portalShared,
  ...remoteDefaults,
};
