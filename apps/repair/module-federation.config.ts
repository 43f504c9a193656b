import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { portalShared, remoteDefaults, versionExpose } from '@portal/rspack-config/federation';

/** The repair remote exposes page components and its version only; the host owns routes, session and layout. */
export const mfConfig: moduleFederationPlugin.ModuleFederationPluginOptions = {
  name: 'repair',
  filename: 'remoteEntry.js',
  exposes: {
    './CreateRmaPage': './src/features/create-rma/CreateRmaPage.tsx',
    './CreateBatchPage': './src/features/batch/CreateBatchPage.tsx',
    './ConfirmQuotePage': './src/features/confirm-quote/ConfirmQuotePage.tsx',
    './CanceledPage': './src/features/canceled/CanceledPage.tsx',
    './PayQuotePage': './src/features/service-quotes/PayQuotePage.tsx',
    './PayQuoteByAuthorizePage': './src/features/service-quotes/PayQuoteByAuthorizePage.tsx',
    './AuthnetResponsePage': './src/features/service-quotes/AuthnetResponsePage.tsx',
    './ServiceQuoteSuccessfulPage': './src/features/service-quotes/ServiceQuoteSuccessfulPage.tsx',
    './ServiceQuoteCancelPage': './src/features/service-quotes/ServiceQuoteCancelPage.tsx',
    './SuccessPage': './src/features/service-quotes/SuccessPage.tsx',
    './UpgradeDevicePage': './src/features/upgrade-device/UpgradeDevicePage.tsx',
    './UpgradeConfirmQuotePage': './src/features/upgrade-device/UpgradeConfirmQuotePage.tsx',
    ...versionExpose,
  },
  shared: portalShared,
  ...remoteDefaults,
};
