import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { portalShared, remoteDefaults, versionExpose } from '@portal/rspack-config/federation';

/**
 * The parts remote exposes page components and its version only: the parts order (browse, manual entry, cart,
 * checkout, success), the video-parts cart and the service-managed inventory. The host owns
 * routes, session and layout.
 */
export const mfConfig: moduleFederationPlugin.ModuleFederationPluginOptions = {
  name: 'parts',
  filename: 'remoteEntry.js',
  exposes: {
    './PartsOrderPage': './src/features/parts-order/PartsOrderPage.tsx',
    './PartsOrderManualPage': './src/features/parts-order/PartsOrderManualPage.tsx',
    './PartsCartPage': './src/features/parts-order/PartsCartPage.tsx',
    './PartsCheckoutPage': './src/features/parts-order/PartsCheckoutPage.tsx',
    './PartsOrderSuccessPage': './src/features/parts-order/PartsOrderSuccessPage.tsx',
    './VideoPartsOrderPage': './src/features/video-parts/VideoPartsOrderPage.tsx',
    './VideoPartsCartPage': './src/features/video-parts/VideoPartsCartPage.tsx',
    './VideoPartsCheckoutPage': './src/features/video-parts/VideoPartsCheckoutPage.tsx',
    './SmInventoryPage': './src/features/sm-inventory/SmInventoryPage.tsx',
    './SmInventoryProfilePage': './src/features/sm-inventory/SmInventoryProfilePage.tsx',
    ...versionExpose,
  },
  shared: portalShared,
  ...remoteDefaults,
};
