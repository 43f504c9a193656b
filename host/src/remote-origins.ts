import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A remote's manifest, entry or chunk lies on an origin the portal does not load code from. */
export class RemoteOriginError extends Error {
  override readonly name = 'RemoteOriginError';

  constructor(
    readonly remote: string,
    readonly url: string,
    readonly origin: string,
  ) {
    super(`Refused to load remote '${remote}' from ${url}: ${origin} is not an allowed remote origin`);
  }
}

function originOf(url: string, base: string): string {
  try {
    return new URL(url, base).origin;
  } catch {
    return 'an unreadable URL';
  }
}

interface Manifest {
  metaData?: { publicPath?: unknown };
}

/**
 * Lets remotes load code only from the portal's own origin and the runtime config's
 * allowedRemoteOrigins. `check` is for the configured manifest URLs before they are registered;
 * `plugin()` is the Module Federation runtime plugin that checks what the manifests lead to: the
 * manifest fetch and its publicPath (where the remote's chunks come from), the remote entry, and
 * every script or preload link the runtime adds. Chunks a remote's own bundle requests later are
 * beyond the runtime's reach: the Content-Security-Policy's script-src covers those.
 */
export class RemoteOriginGuard {
  private readonly allowed: Set<string>;
  /** The runtime reports a refused manifest as its own error; the refusal is kept here. */
  private readonly refusals = new Map<string, RemoteOriginError>();

  constructor(
    private readonly portalOrigin: string,
    allowedRemoteOrigins: readonly string[],
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {
    this.allowed = new Set([portalOrigin, ...allowedRemoteOrigins]);
  }

  /** Throws a RemoteOriginError, and logs it, when url is not on an allowed origin. */
  check(remote: string, url: string): void {
    const origin = originOf(url, this.portalOrigin);
    if (this.allowed.has(origin)) return;
    const refusal = new RemoteOriginError(remote, url, origin);
    console.error(refusal.message);
    throw refusal;
  }

  /** check, remembering a refusal for takeRefusal. */
  private checkLoad(remote: string, url: string): void {
    try {
      this.check(remote, url);
    } catch (refusal) {
      this.refusals.set(remote, refusal as RemoteOriginError);
      throw refusal;
    }
  }

  /** The refusal behind the last failed load of remote, if the plugin refused an origin; forgets it. */
  takeRefusal(remote: string): RemoteOriginError | undefined {
    const refusal = this.refusals.get(remote);
    this.refusals.delete(remote);
    return refusal;
  }

  plugin(): ModuleFederationRuntimePlugin {
    return {
      name: 'portal-remote-origins',
      // Fetching the manifest here (instead of leaving it to the runtime) lets its publicPath be
      // checked before the runtime preloads anything from it; a refusal thrown here is reported
      // like an unreachable manifest, which the runtime does not cache, so a retry fetches again.
      fetch: async (url, init, remoteInfo) => {
        const remote = remoteInfo?.name ?? url;
        this.checkLoad(remote, url);
        const response = await this.fetchImpl(url, init);
        if (!response.ok) return response;
        const manifest = (await response
          .clone()
          .json()
          .catch(() => null)) as Manifest | null;
        const publicPath = manifest?.metaData?.publicPath;
        if (typeof publicPath === 'string' && publicPath !== 'auto') this.checkLoad(remote, new URL(publicPath, url).href);
        return response;
      },
      loadEntry: ({ remoteInfo }) => {
        this.checkLoad(remoteInfo.name, remoteInfo.entry);
      },
      createScript: ({ url, remoteInfo }) => {
        this.checkLoad(remoteInfo?.name ?? url, url);
      },
      createLink: ({ url, remoteInfo }) => {
        this.checkLoad(remoteInfo?.name ?? url, url);
      },
    };
  }
}
