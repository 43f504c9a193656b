import type { OidcSettings } from '@portal/auth';

/** GET /runtime-config.json, served next to the host by whatever serves the portal. */
export interface RuntimeConfig {
  /** Base URL of the API host; '' means the portal's own origin. */
  apiBaseUrl: string;
  oidc: OidcSettings;
  /** Remote name → URL of its mf-manifest.json. */
  remotes: Record<string, string>;
  /**
   * Origins besides the portal's own that remotes may load code from (`https://cdn.example`).
   * Optional in the file: a config without it allows the portal's own origin only.
   */
  allowedRemoteOrigins: string[];
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

function isRecordOfStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value as Record<string, unknown>).every((v) => typeof v === 'string')
  );
}

/** `https://CDN.example:443` → `https://cdn.example`; throws on anything but a bare http(s) origin. */
function toOrigin(value: unknown): string {
  let url: URL | null = null;
  try {
    url = new URL(String(value));
  } catch {
    // reported below
  }
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!url || !bare || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`${RUNTIME_CONFIG_URL}: allowedRemoteOrigins holds '${String(value)}', which is not an origin like https://cdn.example`);
  }
  return url.origin;
}

/** Checks the shape, so a broken deployment fails at start with a clear message. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const candidate = value as Partial<RuntimeConfig> | null;
  const oidc = candidate?.oidc as Partial<OidcSettings> | undefined;
  if (
    !candidate ||
    typeof candidate.apiBaseUrl !== 'string' ||
    !oidc ||
    typeof oidc.authority !== 'string' ||
    typeof oidc.clientId !== 'string' ||
    typeof oidc.scope !== 'string' ||
    !isRecordOfStrings(candidate.remotes)
  ) {
    throw new Error(`${RUNTIME_CONFIG_URL} is missing apiBaseUrl, oidc.authority, oidc.clientId, oidc.scope or remotes`);
  }
  return {
    apiBaseUrl: candidate.apiBaseUrl.replace(/\/+$/, ''),
    oidc: { authority: oidc.authority, clientId: oidc.clientId, scope: oidc.scope },
    remotes: candidate.remotes,
    allowedRemoteOrigins: parseOrigins(candidate.allowedRemoteOrigins),
  };
}

function parseOrigins(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${RUNTIME_CONFIG_URL}: allowedRemoteOrigins must be a list of origins`);
  return value.map(toOrigin);
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_URL} answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
