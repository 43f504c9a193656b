/**
 * @jest-environment node
 */
import { createApiClient, type TokenSource } from './index';
import { isApiError } from './errors';

const unit = {
  serial: 'RT10000001',
  model: 'RL14',
  modelFamily: 'Ranger',
  pn: 'RL14-G2-16',
  productType: 'LAPTOP',
  iw: true,
  allowOow: false,
  allowedRepairType: ['STANDARD'],
  rmaExists: false,
  endDeviceWarranty: '2028-06-30',
  warrantyType: 'STANDARD',
  isEOS: false,
  validForNewRma: true,
  cardState: 'warranty',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const invalidToken = { error: 'invalid_token', message: 'token expired' };

function setup(responses: Response[], tokenValues: string[] = ['token-1', 'token-2']) {
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
  const api = createApiClient({
    baseUrl: 'https://api.example.test/',
    tokens,
    fetch: fetch as unknown as typeof globalThis.fetch,
    sessionUrl: () => 'https://portal.example.test/create-rma/RT10000001',
  });
  const headersOf = (call: number) => new Headers(fetch.mock.calls[call]?.[1]?.headers);
  return { api, fetch, tokens, headersOf };
}

describe('api client', () => {
  it('sends the bearer token and the session-metadata header', async () => {
    const { api, fetch, headersOf } = setup([json(200, unit)]);

    await api.repair.verifySerial('RT10000001');

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('https://api.example.test/rma-manager/rma/verify-serial?serial=RT10000001');
    expect(headersOf(0).get('Authorization')).toBe('Bearer token-1');
    expect(headersOf(0).get('X-Session-Url')).toBe('https://portal.example.test/create-rma/RT10000001');
  });

  it('returns a found unit', async () => {
    const { api } = setup([json(200, unit)]);

    await expect(api.repair.verifySerial('RT10000001')).resolves.toEqual({ kind: 'found', unit });
  });

  it("treats a 404 from verify-serial as the result '404'", async () => {
    const { api } = setup([json(404, { error: 'rma.unitNotFound', message: 'Serial Not Found' })]);

    await expect(api.repair.verifySerial('ZZ99999999')).resolves.toEqual({ kind: '404' });
  });

  it('on a 401 refreshes once and retries with the new token', async () => {
    const { api, fetch, tokens, headersOf } = setup([json(401, invalidToken), json(200, unit)]);

    await expect(api.repair.verifySerial('RT10000001')).resolves.toEqual({ kind: 'found', unit });

    expect(tokens.refresh).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(headersOf(1).get('Authorization')).toBe('Bearer token-2');
    expect(tokens.signIn).not.toHaveBeenCalled();
  });

  it('sends the user to sign-in when the retry is still unauthorized', async () => {
    const { api, fetch, tokens } = setup([json(401, invalidToken), json(401, invalidToken)]);

    const failure = api.identity.me();

    await expect(failure).rejects.toMatchObject({ name: 'ApiError', status: 401, error: 'invalid_token' });
    expect(tokens.refresh).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(tokens.signIn).toHaveBeenCalledTimes(1);
  });

  it('sends the user to sign-in without a retry when the refresh fails', async () => {
    const { api, fetch, tokens } = setup([json(401, invalidToken)]);
    tokens.refresh.mockResolvedValueOnce(false);

    await expect(api.identity.me()).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(tokens.signIn).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { api, tokens } = setup([json(401, invalidToken), json(401, invalidToken), json(200, unit), json(200, unit)]);

    await Promise.all([api.repair.verifySerial('RT10000001'), api.repair.verifySerial('RT10000001')]);

    expect(tokens.refresh).toHaveBeenCalledTimes(1);
  });

  it('parses error bodies into a typed ApiError with fields', async () => {
    const { api } = setup([
      json(400, { error: 'validation', message: 'Serial is invalid', fields: { serial: 'Required' } }),
    ]);

    const error: unknown = await api.repair.verifySerial('').catch((e: unknown) => e);

    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 400, error: 'validation', message: 'Serial is invalid', fields: { serial: 'Required' } });
  });

  it('gives a non-JSON failure a status-based error code', async () => {
    const { api } = setup([new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })]);

    await expect(api.identity.me()).rejects.toMatchObject({ status: 502, error: 'http.502', message: 'Bad Gateway' });
  });

  it('uses the page origin when the base URL is empty', async () => {
    const fetch = jest.fn(async () => json(200, unit));
    const api = createApiClient({ baseUrl: '', fetch: fetch as unknown as typeof globalThis.fetch, sessionUrl: () => '' });

    await api.repair.verifySerial('RT10000001');

    expect(fetch).toHaveBeenCalledWith('/rma-manager/rma/verify-serial?serial=RT10000001', expect.anything());
  });
});
