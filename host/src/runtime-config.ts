import type { OidcSettings } from '@portal/auth';

/** GET /runtime-config.json, served next to the host by whatever serves the portal. */
export interface RuntimeConfig {
  /** Base URL of the API host; '' means the portal's own origin. */
  apiBaseUrl: string;
  oidc: OidcSettings;
  /** Remote name → URL of its mf-manifest.json. */
  remotes: Record<string, string>;
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

function isRecordOfStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value as Record<string, unknown>).every((v) => typeof v === 'string')
  );
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
  };
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_URL} answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
