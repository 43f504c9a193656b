import { createApiClient, type TokenSource } from '../index';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An XMLHttpRequest stand-in that records what is sent and is answered by the test. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key.toLowerCase()] = value;
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

/** An API client over a mocked fetch and FakeXhr, with a token that changes on refresh. */
export function setupClient(responses: Response[] = [], tokenValues: string[] = ['token-1', 'token-2']) {
  const fetch = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>();
  responses.forEach((response) => fetch.mockResolvedValueOnce(response));
  let token = tokenValues[0] ?? null;
  const tokens: jest.Mocked<TokenSource> = {
    getAccessToken: jest.fn(() => token),
    refresh: jest.fn(async () => {
      token = tokenValues[1] ?? null;
      return true;
    }),
    signIn: jest.fn(),
  };
  FakeXhr.instances = [];
  const api = createApiClient({
    baseUrl: 'https://api.example.test',
    tokens,
    fetch: fetch as unknown as typeof globalThis.fetch,
    createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    sessionUrl: () => 'https://portal.example.test/create-rma',
  });
  const call = (index: number) => {
    const [url, init] = fetch.mock.calls[index] ?? [];
    return {
      url: String(url),
      method: init?.method,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
  };
  return { api, fetch, tokens, call };
}

/** Lets queued promise callbacks run (the client awaits the token before sending). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}
