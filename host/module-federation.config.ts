import type { moduleFederationPlugin } from '@module-federation/enhanced';
import { hostDefaults, portalShared } from '@portal/rspack-config/federation';

/**
 * The host container. It declares no remotes at build time: their manifest URLs come from
 * /runtime-config.json and are registered at run time (src/remotes.ts), so a remote can be
 * redeployed without rebuilding the host; a runtime plugin registered there (src/remote-origins.ts)
 * keeps them to the portal's origin and the config's allowedRemoteOrigins.
 */
export const mfConfig: moduleFederationPlugin.ModuleFederationPluginOptions = {
  name: 'host',
  remotes: {},
  shared: portalShared,
  ...hostDefaults,
};
