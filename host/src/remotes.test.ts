import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteOriginError } from './remote-origins';
import { RETRY_DELAYS_MS, RemoteUnavailableError, loadRemotePage, loadRemoteVersion, registerPortalRemotes } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const load = loadRemote as jest.Mock;
const PORTAL = 'https://portal.example';

function PartsOrderPage() {
  return null;
}

const down = () => Promise.reject(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'));

/** Lets the pending attempt fail and the backoff timers run, one step at a time. */
async function elapse(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  jest.useFakeTimers();
  load.mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  registerPortalRemotes(
    { parts: '/remotes/parts/mf-manifest.json', repair: 'https://cdn.example/repair/mf-manifest.json' },
    ['https://cdn.example'],
    PORTAL,
  );
});

afterEach(() => {
  jest.useRealTimers();
});

describe('registering the remotes', () => {
  it('registers the allowed remotes with the origin plugin', () => {
    expect(registerPlugins).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'portal-remote-origins' })]);
    expect(registerRemotes).toHaveBeenLastCalledWith([
      { name: 'parts', entry: '/remotes/parts/mf-manifest.json' },
      { name: 'repair', entry: 'https://cdn.example/repair/mf-manifest.json' },
    ]);
  });

  it('leaves out a remote on another origin, logs it, and fails its pages at once without retrying', async () => {
    registerPortalRemotes(
      { parts: '/remotes/parts/mf-manifest.json', account: 'https://evil.example/account/mf-manifest.json' },
      [],
      PORTAL,
    );

    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'parts', entry: '/remotes/parts/mf-manifest.json' }]);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("Refused to load remote 'account'"));
    await expect(loadRemotePage('account', 'RmaHistoryPage')).rejects.toMatchObject({
      name: 'RemoteOriginError',
      remote: 'account',
      origin: 'https://evil.example',
    });
    expect(load).not.toHaveBeenCalled();
  });
});

describe('loading a remote page', () => {
  it('returns the named export of the exposed module', async () => {
    load.mockResolvedValue({ PartsOrderPage });

    await expect(loadRemotePage('parts', 'PartsOrderPage')).resolves.toBe(PartsOrderPage);
    expect(load).toHaveBeenCalledWith('parts/PartsOrderPage');
  });

  it('tries again after 0.5 s and 1 s and shows the page once the remote answers', async () => {
    load.mockImplementationOnce(down).mockImplementationOnce(down).mockResolvedValue({ PartsOrderPage });

    const page = loadRemotePage('parts', 'PartsOrderPage');
    await elapse(0);
    expect(load).toHaveBeenCalledTimes(1);
    await elapse(499);
    expect(load).toHaveBeenCalledTimes(1);
    await elapse(1);
    expect(load).toHaveBeenCalledTimes(2);
    await elapse(1_000);

    await expect(page).resolves.toBe(PartsOrderPage);
    expect(load).toHaveBeenCalledTimes(3);
    expect(console.warn).toHaveBeenCalledWith(
      "Loading remote 'parts' failed (attempt 1); trying again in 500 ms",
      expect.any(Error),
    );
  });

  it('gives up after four attempts in 3.5 s with an error naming the remote and the last failure', async () => {
    load.mockImplementation(down);

    const page = loadRemotePage('parts', 'PartsOrderPage');
    const settled = expect(page).rejects.toThrow(
      "Remote 'parts' could not be loaded in 4 attempts: [ Federation Runtime ]: Failed to get manifest.",
    );
    await elapse(RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0));

    await settled;
    await expect(page).rejects.toBeInstanceOf(RemoteUnavailableError);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('loads again on a later call, so a Retry reaches a remote that came back', async () => {
    load.mockImplementation(down);
    const first = loadRemotePage('parts', 'PartsOrderPage', []);
    await expect(first).rejects.toBeInstanceOf(RemoteUnavailableError);

    load.mockResolvedValue({ PartsOrderPage });

    await expect(loadRemotePage('parts', 'PartsOrderPage', [])).resolves.toBe(PartsOrderPage);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one series of attempts between a route's preload and its page", async () => {
    load.mockResolvedValue({ PartsOrderPage });

    const [preload, page] = [loadRemotePage('parts', 'PartsOrderPage'), loadRemotePage('parts', 'PartsOrderPage')];

    expect(preload).toBe(page);
    await page;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the runtime plugin refused an origin the manifest leads to', async () => {
    const refusal = new RemoteOriginError('parts', 'https://evil.example/remoteEntry.js', 'https://evil.example');
    load.mockRejectedValue(refusal);

    await expect(loadRemotePage('parts', 'PartsOrderPage')).rejects.toBe(refusal);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports the refused origin behind a manifest the runtime could not load, without retrying', async () => {
    const plugin = (registerPlugins as jest.Mock).mock.lastCall[0][0];
    load.mockImplementation(async () => {
      // What the runtime does with a refused manifest: the plugin's error becomes its own.
      await plugin.fetch('https://evil.example/parts/mf-manifest.json', {}, { name: 'parts' }).catch(() => undefined);
      throw new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003');
    });

    await expect(loadRemotePage('parts', 'PartsOrderPage')).rejects.toMatchObject({
      name: 'RemoteOriginError',
      origin: 'https://evil.example',
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails at once when the remote does not expose the page', async () => {
    load.mockResolvedValue({ SomethingElse: PartsOrderPage });

    await expect(loadRemotePage('parts', 'PartsOrderPage')).rejects.toThrow("Remote 'parts' did not provide the page 'PartsOrderPage'");
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('the version a remote reports', () => {
  it("is the version its own exposed module exports, asked once from the remote's registered manifest", async () => {
    load.mockResolvedValue({ version: '1.0.1' });

    await expect(loadRemoteVersion('repair')).resolves.toBe('1.0.1');
    await expect(loadRemoteVersion('repair')).resolves.toBe('1.0.1');

    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('repair/version');
  });

  it('fails for a remote built without it, and is asked again next time', async () => {
    load.mockResolvedValueOnce({}).mockResolvedValueOnce({ version: '1.0.0' });

    await expect(loadRemoteVersion('support')).rejects.toThrow("Remote 'support' does not report its version");
    await expect(loadRemoteVersion('support')).resolves.toBe('1.0.0');
  });
});
