import { ApiError, toApiError } from './errors';

/**
 * What the client needs from the session. Declared here, by its consumer, so this package does
 * not depend on how sign-in works.
 */
export interface TokenSource {
  /** The current access token, or null when signed out. */
  getAccessToken(): string | null | Promise<string | null>;
  /** One silent refresh of the tokens; resolves true when a new access token is available. */
  refresh(): Promise<boolean>;
  /** Sends the user to sign-in, coming back to the current page afterwards. */
  signIn(): void | Promise<void>;
}

export interface ApiClientOptions {
  /** Base URL of the API host; '' means the page's own origin. */
  baseUrl: string;
  /** Omit for calls that need no bearer token. */
  tokens?: TokenSource;
  fetch?: typeof fetch;
  /** The page the call is made from, sent as the session-metadata header. */
  sessionUrl?: () => string;
}

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The session-metadata header: the URL of the page a call was made from. */
export const SESSION_URL_HEADER = 'X-Session-Url';

export interface HttpClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** The absolute URL of an API path (for links and the connectivity check). */
  url(path: string, query?: Query): string;
}

function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const base = baseUrl.replace(/\/+$/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    // Arrays go as repeated keys without an index (spec §7).
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The portal's one fetch wrapper: bearer token, session-metadata header, JSON in and out, errors
 * as ApiError, and on a 401 one silent refresh and a single retry before sending the user to
 * sign-in.
 */
export function createHttpClient(options: ApiClientOptions): HttpClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sessionUrl = options.sessionUrl ?? (() => globalThis.location?.href ?? '');
  const { tokens } = options;
  let refreshing: Promise<boolean> | null = null;

  // Concurrent 401s share one refresh.
  function refreshOnce(source: TokenSource): Promise<boolean> {
    refreshing ??= source
      .refresh()
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function send(method: HttpMethod, url: string, init: RequestOptions): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', [SESSION_URL_HEADER]: sessionUrl() });
    const token = tokens ? await tokens.getAccessToken() : null;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: string | undefined;
    if (init.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.body);
    }
    try {
      return await fetchImpl(url, { method, headers, body, signal: init.signal });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, {
        error: 'network',
        message: 'The server could not be reached. Check your connection and try again.',
      });
    }
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<T> {
    const url = buildUrl(options.baseUrl, path, init.query);
    let response = await send(method, url, init);

    if (response.status === 401 && tokens) {
      if (await refreshOnce(tokens)) response = await send(method, url, init);
      if (response.status === 401) {
        const error = await toApiError(response);
        await tokens.signIn();
        throw error;
      }
    }

    if (!response.ok) throw await toApiError(response);
    if (response.status === 204 || method === 'HEAD') return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return { request, url: (path, query) => buildUrl(options.baseUrl, path, query) };
}
