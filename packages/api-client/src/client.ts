import { ApiError, abortError, isAbortError, toApiError } from './errors';

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
  /** Makes the XMLHttpRequest uploads use (progress and cancel); replaceable in tests. */
  createXhr?: () => XMLHttpRequest;
  /** The page the call is made from, sent as the session-metadata header. */
  sessionUrl?: () => string;
}

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface UploadOptions {
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Upload progress from 0 to 1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The session-metadata header: the URL of the page a call was made from. */
export const SESSION_URL_HEADER = 'X-Session-Url';

export interface HttpClient {
  /** A JSON call; resolves with the parsed body (undefined for 204 and HEAD). */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** A GET of a binary document (a PDF label) with the same token handling. */
  blob(path: string, options?: Pick<RequestOptions, 'query' | 'signal'>): Promise<Blob>;
  /**
   * A GET whose answer is read as it arrives (server-sent events): the same token handling, the
   * Response handed over unread so the caller consumes its body stream.
   */
  stream(path: string, options?: Pick<RequestOptions, 'query' | 'signal' | 'headers'> & { accept?: string }): Promise<Response>;
  /** A multipart POST through XMLHttpRequest, for upload progress; the JSON answer parsed. */
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
  /** One silent token refresh, shared with concurrent callers; false when it failed. */
  refreshSession(): Promise<boolean>;
  /** Sends the user to sign-in (used when a refreshed token is still refused). */
  signIn(): Promise<void>;
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

function networkError(): ApiError {
  return new ApiError(0, {
    error: 'network',
    message: 'The server could not be reached. Check your connection and try again.',
  });
}

/** Sends one XMLHttpRequest and answers with a fetch Response, so both paths share the rest. */
function sendXhr(
  createXhr: () => XMLHttpRequest,
  url: string,
  headers: Headers,
  form: FormData,
  options: UploadOptions,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = createXhr();
    const onAbortSignal = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbortSignal);
    xhr.open('POST', url);
    headers.forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      if (xhr.status < 200 || xhr.status > 599) {
        reject(networkError());
        return;
      }
      const body = xhr.status === 204 ? null : xhr.responseText;
      resolve(
        new Response(body, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
        }),
      );
    };
    xhr.onerror = () => {
      done();
      reject(networkError());
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(form);
  });
}

/**
 * The portal's one HTTP wrapper: bearer token, session-metadata header, JSON in and out, errors
 * as ApiError, and on a 401 one silent refresh and a single retry before sending the user to
 * sign-in. JSON calls and downloads go through fetch, uploads through XMLHttpRequest (the only
 * way to see upload progress); both get their headers from `headersFor` and the same 401 logic.
 */
export function createHttpClient(options: ApiClientOptions): HttpClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  const sessionUrl = options.sessionUrl ?? (() => globalThis.location?.href ?? '');
  const { tokens } = options;
  let refreshing: Promise<boolean> | null = null;

  // Concurrent 401s share one refresh.
  function refreshSession(): Promise<boolean> {
    if (!tokens) return Promise.resolve(false);
    refreshing ??= tokens
      .refresh()
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function signIn(): Promise<void> {
    await tokens?.signIn();
  }

  /** The one place request headers are built. */
  async function headersFor(accept: string, extra?: Record<string, string>): Promise<Headers> {
    const headers = new Headers({ Accept: accept, [SESSION_URL_HEADER]: sessionUrl() });
    const token = tokens ? await tokens.getAccessToken() : null;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    for (const [key, value] of Object.entries(extra ?? {})) headers.set(key, value);
    return headers;
  }

  /** Sends, and on a 401 refreshes once and sends again; a second 401 sends the user to sign-in. */
  async function withAuth(send: () => Promise<Response>): Promise<Response> {
    let response = await send();
    if (response.status === 401 && tokens) {
      if (await refreshSession()) response = await send();
      if (response.status === 401) {
        const error = await toApiError(response);
        await signIn();
        throw error;
      }
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  async function fetchOnce(method: HttpMethod, url: string, init: RequestOptions, accept: string): Promise<Response> {
    const headers = await headersFor(accept, init.headers);
    let body: string | undefined;
    if (init.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.body);
    }
    try {
      return await fetchImpl(url, { method, headers, body, signal: init.signal });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw networkError();
    }
  }

  async function readJson<T>(response: Response, method: HttpMethod): Promise<T> {
    if (response.status === 204 || method === 'HEAD') return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<T> {
    const url = buildUrl(options.baseUrl, path, init.query);
    const response = await withAuth(() => fetchOnce(method, url, init, 'application/json'));
    return readJson<T>(response, method);
  }

  async function blob(path: string, init: Pick<RequestOptions, 'query' | 'signal'> = {}): Promise<Blob> {
    const url = buildUrl(options.baseUrl, path, init.query);
    const response = await withAuth(() => fetchOnce('GET', url, init, '*/*'));
    return response.blob();
  }

  function stream(
    path: string,
    init: Pick<RequestOptions, 'query' | 'signal' | 'headers'> & { accept?: string } = {},
  ): Promise<Response> {
    const url = buildUrl(options.baseUrl, path, init.query);
    return withAuth(() => fetchOnce('GET', url, init, init.accept ?? 'text/event-stream'));
  }

  async function upload<T>(path: string, form: FormData, init: UploadOptions = {}): Promise<T> {
    const url = buildUrl(options.baseUrl, path, init.query);
    const response = await withAuth(async () =>
      sendXhr(createXhr, url, await headersFor('application/json', init.headers), form, init),
    );
    return readJson<T>(response, 'POST');
  }

  return {
    request,
    blob,
    stream,
    upload,
    refreshSession,
    signIn,
    url: (path, query) => buildUrl(options.baseUrl, path, query),
  };
}
