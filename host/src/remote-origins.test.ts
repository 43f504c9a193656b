import { RemoteOriginError, RemoteOriginGuard } from './remote-origins';

const PORTAL = 'https://portal.example';
const CDN = 'https://cdn.example';

function manifestResponse(metaData: Record<string, unknown>, ok = true): Response {
  return { ok, status: ok ? 200 : 404, clone: () => ({ json: async () => ({ metaData }) }) } as unknown as Response;
}

function setup(served: Response = manifestResponse({ publicPath: 'auto' })) {
  const fetchImpl = jest.fn(async (_url: string | URL | Request, _init?: RequestInit) => served);
  const guard = new RemoteOriginGuard(PORTAL, [CDN], fetchImpl as typeof fetch);
  // The hooks as the runtime calls them; their argument types name the runtime's internals.
  const plugin = guard.plugin() as unknown as {
    fetch(url: string, init: RequestInit, remoteInfo?: { name: string }): Promise<Response>;
    loadEntry(args: { remoteInfo: { name: string; entry: string } }): void;
    createScript(args: { url: string; remoteInfo?: { name: string } }): void;
    createLink(args: { url: string; remoteInfo?: { name: string } }): void;
  };
  return { guard, plugin, fetchImpl };
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('the remote origin rule', () => {
  it.each([
    ['a path on the portal itself', '/remotes/parts/mf-manifest.json'],
    ['the portal origin', `${PORTAL}/remotes/parts/mf-manifest.json`],
    ['an allowed remote origin', `${CDN}/parts/mf-manifest.json`],
  ])('allows %s', (_name, url) => {
    expect(() => setup().guard.check('parts', url)).not.toThrow();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it.each([
    ['another host', 'https://evil.example/parts/mf-manifest.json', 'https://evil.example'],
    ['an allowed host on another port', 'https://cdn.example:8443/parts/mf-manifest.json', 'https://cdn.example:8443'],
    ['an allowed host over plain http', 'http://cdn.example/parts/mf-manifest.json', 'http://cdn.example'],
    ['a protocol-relative URL to another host', '//evil.example/parts/mf-manifest.json', 'https://evil.example'],
    ['a data URL', 'data:text/javascript,alert(1)', 'null'],
  ])('refuses %s, naming the remote and the origin, and logs it', (_name, url, origin) => {
    const { guard } = setup();

    let refusal: unknown;
    try {
      guard.check('parts', url);
    } catch (error) {
      refusal = error;
    }

    expect(refusal).toBeInstanceOf(RemoteOriginError);
    expect(refusal).toMatchObject({ remote: 'parts', url, origin });
    expect(consoleError).toHaveBeenCalledWith(`Refused to load remote 'parts' from ${url}: ${origin} is not an allowed remote origin`);
  });
});

describe('the federation runtime plugin', () => {
  it('fetches an allowed manifest whose chunks come from where its entry is', async () => {
    const served = manifestResponse({ publicPath: 'auto' });
    const { plugin, fetchImpl } = setup(served);

    await expect(plugin.fetch(`${CDN}/parts/mf-manifest.json`, {}, { name: 'parts' })).resolves.toBe(served);
    expect(fetchImpl).toHaveBeenCalledWith(`${CDN}/parts/mf-manifest.json`, {});
  });

  it('accepts a manifest whose publicPath is on an allowed origin', async () => {
    const { plugin } = setup(manifestResponse({ publicPath: `${CDN}/parts/` }));

    await expect(plugin.fetch(`${PORTAL}/remotes/parts/mf-manifest.json`, {}, { name: 'parts' })).resolves.toBeDefined();
  });

  it('refuses a manifest URL on another origin without fetching it, and keeps the refusal for the page', async () => {
    const { plugin, fetchImpl, guard } = setup();

    await expect(plugin.fetch('https://evil.example/parts/mf-manifest.json', {}, { name: 'parts' })).rejects.toBeInstanceOf(
      RemoteOriginError,
    );
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(guard.takeRefusal('parts')).toMatchObject({ origin: 'https://evil.example' });
    expect(guard.takeRefusal('parts')).toBeUndefined();
  });

  it("refuses a manifest whose publicPath sends the remote's chunks to another origin", async () => {
    const { plugin, guard } = setup(manifestResponse({ publicPath: 'https://evil.example/chunks/' }));

    await expect(plugin.fetch(`${PORTAL}/remotes/parts/mf-manifest.json`, {}, { name: 'parts' })).rejects.toMatchObject({
      remote: 'parts',
      url: 'https://evil.example/chunks/',
    });
    expect(guard.takeRefusal('parts')).toBeInstanceOf(RemoteOriginError);
  });

  it('hands an unreachable manifest back to the runtime, which reports it as a failed load', async () => {
    const missing = manifestResponse({}, false);
    const { plugin, guard } = setup(missing);

    await expect(plugin.fetch(`${PORTAL}/remotes/parts/mf-manifest.json`, {}, { name: 'parts' })).resolves.toBe(missing);
    expect(guard.takeRefusal('parts')).toBeUndefined();
  });

  it('refuses a remote entry on another origin', () => {
    const { plugin } = setup();

    expect(() => plugin.loadEntry({ remoteInfo: { name: 'parts', entry: `${CDN}/parts/remoteEntry.js` } })).not.toThrow();
    expect(() => plugin.loadEntry({ remoteInfo: { name: 'parts', entry: 'https://evil.example/remoteEntry.js' } })).toThrow(
      RemoteOriginError,
    );
  });

  it('refuses scripts and preload links on another origin', () => {
    const { plugin } = setup();

    expect(() => plugin.createScript({ url: `${PORTAL}/remotes/parts/905.js`, remoteInfo: { name: 'parts' } })).not.toThrow();
    expect(() => plugin.createLink({ url: `${CDN}/parts/905.js`, remoteInfo: { name: 'parts' } })).not.toThrow();
    expect(() => plugin.createScript({ url: 'https://evil.example/905.js', remoteInfo: { name: 'parts' } })).toThrow(
      "Refused to load remote 'parts'",
    );
    expect(() => plugin.createLink({ url: 'https://evil.example/905.js' })).toThrow(RemoteOriginError);
  });
});
