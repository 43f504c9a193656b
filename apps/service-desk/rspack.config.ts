import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createPortalConfig } from '@portal/rspack-config';
import { mfConfig } from './module-federation.config';

// publicPath 'auto': chunks load relative to wherever remoteEntry.js is served (/remotes/service-desk/).
const config = createPortalConfig({
  root: __dirname,
  publicPath: 'auto',
  uniqueName: 'portal_service_desk',
});

config.plugins = [...(config.plugins ?? []), new ModuleFederationPlugin(mfConfig)];

export default config;
