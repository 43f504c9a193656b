import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { portalShared, remoteDefaults, versionExpose } from '@portal/rspack-config/federation';

/**
 * The service desk remote: the depot staff's pages (queue, an RMA's work page, parts orders to
 * ship, the lead's overview). It exposes page components and its version only; the host owns
 * routes, who may open them, session and layout.
 */
export const mfConfig: moduleFederationPlugin.ModuleFederationPluginOptions = {
  name: 'service-desk',
  filename: 'remoteEntry.js',
  // The remote's name is its folder's and its URL's (/remotes/service-desk/), which is no JS
  // identifier: its container goes on the global object by that name instead of a var.
  library: { type: 'global', name: 'service-desk' },
  exposes: {
    './ServiceDeskQueuePage': './src/features/queue/Page.tsx',
    './ServiceDeskRmaPage': './src/features/rma-work/Page.tsx',
    './ServiceDeskPartsOrdersPage': './src/features/parts-orders/Page.tsx',
    './ServiceDeskLeadPage': './src/features/lead/Page.tsx',
    ...versionExpose,
  },
  shared: portalShared,
  ...remoteDefaults,
};
