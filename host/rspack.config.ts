import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createPortalConfig } from '@portal/rspack-config';
import { mfConfig } from './module-federation.config';

const config = createPortalConfig({
  root: __dirname,
  entry: './src/index.ts',
  publicPath: '/',
  uniqueName: 'portal_host',
  htmlTemplate: 'index.html',
  publicDir: 'public',
});

config.plugins = [...(config.plugins ?? []), new ModuleFederationPlugin(mfConfig)];

export default config;
