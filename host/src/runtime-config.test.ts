import { loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

const served = {
  apiBaseUrl: '',
  oidc: {
    authority: 'http://127.0.0.1:8080/idp',
    clientId: 'service-portal',
    scope: 'openid profile email roles address phone organization offline_access',
  },
  remotes: { repair: '/remotes/repair/mf-manifest.json' },
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
