import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { portalShared, remoteDefaults, versionExpose } from '@portal/rspack-config/federation';

/**
 * The account remote exposes the your-account/* page components and its version only; the host owns routes,
 * session (the org-only rule for branches lives in its guard) and layout.
 */
export const mfConfig: moduleFederationPlugin.ModuleFederationPluginOptions = {
  name: 'account',
  filename: 'remoteEntry.js',
  exposes: {
    './RmaHistoryPage': './src/features/rma-history/Page.tsx',
    './QuotesPage': './src/features/quotes/Page.tsx',
    './DashboardPage': './src/features/dashboard/Page.tsx',
    './AccountSettingsPage': './src/features/account-settings/Page.tsx',
    './BranchesPage': './src/features/branches/Page.tsx',
    './ProductRegistrationPage': './src/features/product-registration/Page.tsx',
    './DriversPage': './src/features/drivers/Page.tsx',
    './PartsOrdersHistoryPage': './src/features/parts-orders-history/Page.tsx',
    './BatchesPage': './src/features/batches/ListPage.tsx',
    './BatchPage': './src/features/batches/BatchPage.tsx',
    ...versionExpose,
  },
  shared: portalShared,
  ...remoteDefaults,
};
