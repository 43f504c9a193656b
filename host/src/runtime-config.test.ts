import { loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

const served = {
  apiBaseUrl: '',
  oidc: {
    authority: 'http://127.0.0.1:8080/idp',
    clientId: 'service-portal',
    scope: 'openid profile email roles address phone organization offline_access',
  },
  remotes: { repair: '/remotes/repair/mf-manifest.json' },
  allowedRemoteOrigins: ['https://cdn.example'],
};

describe('runtime config', () => {
  it('accepts what the portal binary serves', () => {
    expect(parseRuntimeConfig(served)).toEqual(served);
  });

  it('drops a trailing slash from the API base URL', () => {
    expect(parseRuntimeConfig({ ...served, apiBaseUrl: 'https://api.example.test/' }).apiBaseUrl).toBe(
      'https://api.example.test',
    );
  });

  it('allows only the portal\'s own origin when the config lists no remote origins', () => {
    expect(parseRuntimeConfig({ ...served, allowedRemoteOrigins: undefined }).allowedRemoteOrigins).toEqual([]);
  });

  it('normalises the allowed origins the way browsers write them', () => {
    expect(parseRuntimeConfig({ ...served, allowedRemoteOrigins: ['HTTPS://CDN.Example:443/'] }).allowedRemoteOrigins).toEqual([
      'https://cdn.example',
    ]);
  });

  it.each([
    ['a path', 'https://cdn.example/remotes'],
    ['a scheme that is not http', 'javascript:alert(1)'],
    ['a host name only', 'cdn.example'],
    ['a wildcard', '*'],
  ])('rejects an allowed origin with %s', (_name, origin) => {
    expect(() => parseRuntimeConfig({ ...served, allowedRemoteOrigins: [origin] })).toThrow(
      `allowedRemoteOrigins holds '${origin}', which is not an origin`,
    );
  });

  it('rejects allowed origins that are not a list', () => {
    expect(() => parseRuntimeConfig({ ...served, allowedRemoteOrigins: 'https://cdn.example' })).toThrow(
      'allowedRemoteOrigins must be a list of origins',
    );
  });

  it.each([
    ['without oidc', { ...served, oidc: undefined }],
    ['without a client id', { ...served, oidc: { ...served.oidc, clientId: 1 } }],
    ['with a remote that is not a URL string', { ...served, remotes: { repair: 42 } }],
  ])('rejects a config %s', (_name, config) => {
    expect(() => parseRuntimeConfig(config)).toThrow('/runtime-config.json is missing');
  });

  it('fetches /runtime-config.json without caching', async () => {
    const fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => served }) as Response);

    await expect(loadRuntimeConfig(fetch)).resolves.toEqual(served);
    expect(fetch).toHaveBeenCalledWith('/runtime-config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('fails when the file is not served', async () => {
    const fetch = jest.fn(async () => ({ ok: false, status: 404 }) as Response);

    await expect(loadRuntimeConfig(fetch)).rejects.toThrow('/runtime-config.json answered 404');
  });
});
