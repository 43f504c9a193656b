import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** Registers every remote of the runtime config by the URL of its mf-manifest.json. */
export function registerPortalRemotes(remotes: Record<string, string>): void {
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/**
 * Loads a page component a remote exposes as `./<exportName>` with a named export of the same
 * name, e.g. repair's `./CreateRmaPage` → `CreateRmaPage`.
 */
export async function loadRemotePage(remote: string, exportName: string): Promise<ComponentType> {
  const module = await loadRemote<Record<string, unknown>>(`${remote}/${exportName}`);
  const page = module?.[exportName];
  if (typeof page !== 'function' && (typeof page !== 'object' || page === null)) {
    throw new Error(`Remote '${remote}' did not provide the page '${exportName}'`);
  }
  return page as ComponentType;
}
