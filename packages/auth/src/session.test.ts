import type { User } from 'oidc-client-ts';
import { Session, type UserManagerLike } from './session';
import type { SignOutChannel } from './crossTab';

const profile = {
  sub: 'u1',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Reyes',
  company: 'Acme',
  position: 'Tech',
  phone: '5551234567',
  phoneCountryCode: 'US',
  address: null,
  roles: ['service-portal:customer'],
  org: null,
  flags: { rma: { flatDiscountPercentage: 10 } },
};

function fakeUser(overrides: Partial<User> = {}): User {
  return { access_token: 'at-1', id_token: 'id-1', refresh_token: 'rt-1', expired: false, state: undefined, ...overrides } as User;
}

function json(status: number, body: unknown) {
  return { ok: status < 300, status, statusText: '', json: async () => body, text: async () => JSON.stringify(body) } as Response;
}

function setup({ user = fakeUser() as User | null, responses = [json(200, profile)] } = {}) {
  const events = {
    userLoaded: [] as ((u: User) => void)[],
    silentRenewError: [] as ((e: Error) => void)[],
  };
  const userManager = {
    getUser: jest.fn(async () => user),
    signinRedirect: jest.fn(async () => undefined),
    signinRedirectCallback: jest.fn(async () => fakeUser({ state: { target: '/create-rma/RT10000001' } })),
    signinSilent: jest.fn(async () => fakeUser({ access_token: 'at-2' })),
    signoutRedirect: jest.fn(async () => undefined),
    removeUser: jest.fn(async () => undefined),
    events: {
      addUserLoaded: jest.fn((cb: (u: User) => void) => events.userLoaded.push(cb)),
      addSilentRenewError: jest.fn((cb: (e: Error) => void) => events.silentRenewError.push(cb)),
      addAccessTokenExpired: jest.fn(),
    },
  };
  let signedOutElsewhere: () => void = () => undefined;
  const channel: jest.Mocked<SignOutChannel> = {
    announce: jest.fn(),
    listen: jest.fn((handler) => {
      signedOutElsewhere = handler;
      return () => undefined;
    }),
  };
  const fetch = jest.fn();
  responses.forEach((r) => fetch.mockResolvedValueOnce(r));
  const session = new Session({
    oidc: { authority: 'http://idp.test', clientId: 'service-portal', scope: 'openid offline_access' },
    apiBaseUrl: '',
    userManager: userManager as unknown as UserManagerLike,
    channel,
    fetch: fetch as unknown as typeof globalThis.fetch,
    currentUrl: () => '/create-rma/RT10000001?x=1',
    assign: jest.fn(),
  });
  return { session, userManager, channel, fetch, events, signedOutElsewhere: () => signedOutElsewhere() };
}

describe('Session', () => {
  it('restores a stored user and loads the profile from GET /me with its token', async () => {
    const { session, fetch } = setup();

    await session.init();

    expect(session.getState()).toMatchObject({ status: 'signed-in', roles: ['service-portal:customer'] });
    expect(fetch).toHaveBeenCalledWith('/me', expect.anything());
    expect(new Headers(fetch.mock.calls[0][1].headers).get('Authorization')).toBe('Bearer at-1');
    expect(session.hasClientAccess()).toBe(true);
  });

  it('is signed out without a stored user', async () => {
    const { session, fetch } = setup({ user: null });

    await session.init();

    expect(session.getState()).toEqual({ status: 'signed-out' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('has the stored token before GET /me has answered, and none for a visitor or once signed out', async () => {
    let answerMe: (response: Response) => void = () => undefined;
    const { session, fetch } = setup({ responses: [] });
    fetch.mockReturnValueOnce(new Promise<Response>((resolve) => (answerMe = resolve)));

    const init = session.init();
    await expect(session.hasToken()).resolves.toBe(true);
    expect(session.getState()).toEqual({ status: 'loading' });
    answerMe(json(500, { error: 'internal', message: 'boom' }));
    await init;
    await expect(session.hasToken()).resolves.toBe(false);

    await expect(setup({ user: null }).session.hasToken()).resolves.toBe(false);
    await expect(setup({ user: fakeUser({ expired: true, refresh_token: '' }) }).session.hasToken()).resolves.toBe(false);
  });

  it('has the token of a sign-in completed after the stored session was found empty', async () => {
    const { session } = setup({ user: null });

    await expect(session.hasToken()).resolves.toBe(false);
    await session.completeSignIn('http://portal.test/oidc-callback?code=c&state=s');
    await expect(session.hasToken()).resolves.toBe(true);
  });

  it('stores the target URL when starting sign-in', async () => {
    const { session, userManager } = setup();

    await session.signIn();

    expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { target: '/create-rma/RT10000001?x=1' } });
  });

  it('returns to the stored target after the callback', async () => {
    const { session } = setup({ user: null });

    await expect(session.completeSignIn('http://portal.test/oidc-callback?code=c&state=s')).resolves.toBe(
      '/create-rma/RT10000001',
    );
    expect(session.getState().status).toBe('signed-in');
  });

  it('sends the user to sign-in when GET /me answers invalid_token even after a refresh', async () => {
    const invalid = json(401, { error: 'invalid_token', message: 'expired' });
    const { session, userManager } = setup({ responses: [invalid, invalid] });

    await session.init();

    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
    expect(userManager.signinRedirect).toHaveBeenCalledTimes(1);
    expect(session.getState()).toEqual({ status: 'signed-out' });
  });

  it('signs the user out when the server fails while starting', async () => {
    const { session, userManager } = setup({ responses: [json(500, { error: 'internal', message: 'boom' })] });

    await session.init();

    expect(userManager.removeUser).toHaveBeenCalled();
    expect(session.getState()).toEqual({ status: 'signed-out' });
  });

  it('sends the user to sign-in when silent renew fails with login_required', () => {
    const { userManager, events } = setup();

    events.silentRenewError.forEach((cb) => cb(Object.assign(new Error('login required'), { error: 'login_required' })));

    expect(userManager.signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('ignores silent renew errors that are not about signing in', () => {
    const { userManager, events } = setup();

    events.silentRenewError.forEach((cb) => cb(new Error('network down')));

    expect(userManager.signinRedirect).not.toHaveBeenCalled();
  });

  it('tells the other tabs when signing out, and ends the session here', async () => {
    const { session, channel, userManager } = setup();
    await session.init();

    await session.signOut();

    expect(channel.announce).toHaveBeenCalledTimes(1);
    expect(userManager.removeUser).toHaveBeenCalled();
    expect(userManager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
    expect(session.getState()).toEqual({ status: 'signed-out' });
  });

  it('ends the session when another tab signs out', async () => {
    const { session, signedOutElsewhere, userManager } = setup();
    await session.init();
    const listener = jest.fn();
    session.subscribe(listener);

    signedOutElsewhere();
    await Promise.resolve();
    await Promise.resolve();

    expect(userManager.removeUser).toHaveBeenCalled();
    expect(session.getState()).toEqual({ status: 'signed-out', reason: 'elsewhere' });
    expect(session.getAccessToken()).toBeNull();
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
    expect(listener).toHaveBeenCalled();
  });

  it('refreshes silently and uses the new token', async () => {
    const { session } = setup();
    await session.init();

    await expect(session.refresh()).resolves.toBe(true);
    expect(session.getAccessToken()).toBe('at-2');
  });
  it('reloads the profile from GET /me after settings change, telling the listeners', async () => {
    const saved = { ...profile, position: 'Lead tech', address: { shipping: { line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' } } };
    const { session, fetch } = setup({ responses: [json(200, profile), json(200, saved)] });
    await session.init();
    const listener = jest.fn();
    session.subscribe(listener);

    await session.reloadProfile();

    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1][0]).toBe('/me');
    expect(session.getState()).toMatchObject({ status: 'signed-in', profile: { position: 'Lead tech', address: saved.address } });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the profile it had when the reload fails', async () => {
    const { session } = setup({ responses: [json(200, profile), json(500, { error: 'internal', message: 'Something went wrong.' })] });
    await session.init();

    await expect(session.reloadProfile()).rejects.toMatchObject({ status: 500 });
    expect(session.getState()).toMatchObject({ status: 'signed-in', profile: { position: 'Tech' } });
  });

  it('does not load a profile for a signed-out session', async () => {
    const { session, fetch } = setup({ user: null });
    await session.init();

    await session.reloadProfile();

    expect(fetch).not.toHaveBeenCalled();
    expect(session.getState()).toEqual({ status: 'signed-out' });
  });
});
