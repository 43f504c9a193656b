import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteOriginError, RemoteOriginGuard } from './remote-origins';

/**
 * The waits before the second, third and fourth attempt to load a remote's page: 3.5 s of backoff
 * in all, well inside the lazy page's 10 s connection check and 120 s ceiling.
 */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 2_000];

/** A remote's page did not load, not even after the retries: the remote is down or unreachable. */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';

  constructor(
    readonly remote: string,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(`Remote '${remote}' could not be loaded in ${attempts} attempts: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/** The remote loaded but does not expose the page: a deployment mismatch that no retry mends. */
class MissingPageError extends Error {
  override readonly name = 'MissingPageError';
}

let guard: RemoteOriginGuard | null = null;
/** Remotes whose configured manifest URL is on an origin the portal does not allow. */
const refusedAtStart = new Map<string, RemoteOriginError>();
/** One load per page at a time: a route's preload and its page share the same attempts. */
const loading = new Map<string, Promise<ComponentType>>();

/**
 * Registers every remote of the runtime config by the URL of its mf-manifest.json, with the
 * runtime plugin that keeps remotes to the portal's own origin and allowedRemoteOrigins. A remote
 * configured on any other origin is left out, logged, and its pages fail like a remote that is down.
 */
export function registerPortalRemotes(
  remotes: Record<string, string>,
  allowedRemoteOrigins: readonly string[],
  portalOrigin: string = window.location.origin,
): void {
  const current = new RemoteOriginGuard(portalOrigin, allowedRemoteOrigins);
  guard = current;
  refusedAtStart.clear();
  registerPlugins([current.plugin()]);
  const allowed = Object.entries(remotes).filter(([name, entry]) => {
    try {
      current.check(name, entry);
      return true;
    } catch (refusal) {
      refusedAtStart.set(name, refusal as RemoteOriginError);
      return false;
    }
  });
  registerRemotes(allowed.map(([name, entry]) => ({ name, entry })));
}

async function loadOnce(remote: string, exportName: string): Promise<ComponentType> {
  const module = await loadRemote<Record<string, unknown>>(`${remote}/${exportName}`);
  const page = module?.[exportName];
  if (typeof page !== 'function' && (typeof page !== 'object' || page === null)) {
    throw new MissingPageError(`Remote '${remote}' did not provide the page '${exportName}'`);
  }
  return page as ComponentType;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function loadWithRetries(remote: string, exportName: string, delays: readonly number[]): Promise<ComponentType> {
  const refused = refusedAtStart.get(remote);
  if (refused) throw refused;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await loadOnce(remote, exportName);
    } catch (error) {
      const refusal = guard?.takeRefusal(remote);
      if (refusal) throw refusal;
      if (error instanceof MissingPageError || error instanceof RemoteOriginError) throw error;
      const delay = delays[attempt - 1];
      if (delay === undefined) throw new RemoteUnavailableError(remote, attempt, error);
      console.warn(`Loading remote '${remote}' failed (attempt ${attempt}); trying again in ${delay} ms`, error);
      await wait(delay);
    }
  }
}

/**
 * Loads a page component a remote exposes as `./<exportName>` with a named export of the same
 * name, e.g. repair's `./CreateRmaPage` → `CreateRmaPage`. A failed load (manifest, remote entry
 * or chunk) is tried again after each of `delays`; the federation runtime forgets a failed
 * manifest or entry, so every attempt, and every later call once the remote is back, fetches
 * anew. A refused origin or a page the remote does not expose fails at once.
 */
export function loadRemotePage(
  remote: string,
  exportName: string,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<ComponentType> {
  const key = `${remote}/${exportName}`;
  const pending = loading.get(key);
  if (pending) return pending;
  const attempt = loadWithRetries(remote, exportName, delays).finally(() => loading.delete(key));
  loading.set(key, attempt);
  return attempt;
}

/** Versions by remote, asked once per document: a release changes a remote's code only on reload. */
const versions = new Map<string, Promise<string>>();

/**
 * The version a remote's own code reports (its exposed `./version`, stamped by its build), from
 * the same registered manifest as its pages. Not retried: a page shows without it.
 */
export function loadRemoteVersion(remote: string): Promise<string> {
  const known = versions.get(remote);
  if (known) return known;
  const asked = loadRemote<{ version?: unknown }>(`${remote}/version`).then((module) => {
    if (typeof module?.version !== 'string') throw new Error(`Remote '${remote}' does not report its version`);
    return module.version;
  });
  // A failed answer is forgotten, so the next page of the remote asks again.
  asked.catch(() => versions.delete(remote));
  versions.set(remote, asked);
  return asked;
}
