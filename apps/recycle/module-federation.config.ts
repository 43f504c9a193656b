import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { portalShared, remoteDefaults, versionExpose } from '@portal/rspack-config/federation';

/** The recycle remote exposes page components and its version only; the host owns routes, session and layout. */
export const mfConfig: moduleFederationPlugin.ModuleFederationPluginOptions = {
  name: 'recycle',
  filename: 'remoteEntry.js',
  exposes: {
    './RecycleUnitPage': './src/features/recycle-unit/Page.tsx',
    './RecycleBatteryPage': './src/features/recycle-battery/Page.tsx',
    ...versionExpose,
  },
  shared: portalShared,
  ...remoteDefaults,
};
