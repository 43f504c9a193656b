// Sign-out through oidc-client-ts itself (not a stand-in): its UserManager reads the provider's
// discovery document and sends the browser to end_session_endpoint when the provider has one.
// Only the browser's navigation is recorded instead of performed.
import { User, UserManager, type INavigator } from 'oidc-client-ts';
import { Session, userManagerSettings } from './session';
import type { SignOutChannel } from './crossTab';

const AUTHORITY = 'https://login.independent.example/realms/rugged';
const ORIGIN = 'http://portal.test';
const oidc = { authority: AUTHORITY, clientId: 'service-portal', scope: 'openid profile offline_access' };

const profile = {
  sub: 'ind-riley',
  email: 'riley.quinn@independent.example',
  firstName: 'Riley',
  lastName: 'Quinn',
  company: '',
  position: '',
  phone: '7375550163',
  phoneCountryCode: 'US',
  address: null,
  roles: ['service-portal:customer'],
  org: null,
  flags: { rma: { flatDiscountPercentage: 0 } },
};

function discovery(extra: Record<string, string>): Record<string, string> {
  return {
    issuer: AUTHORITY,
    authorization_endpoint: `${AUTHORITY}/auth`,
    token_endpoint: `${AUTHORITY}/token`,
    jwks_uri: `${AUTHORITY}/jwks`,
    userinfo_endpoint: `${AUTHORITY}/me`,
    ...extra,
  };
}

async function signedInSession(document: Record<string, string>) {
  const providerFetch = jest.fn(async (url: string | URL | Request) => {
    if (String(url) !== `${AUTHORITY}/.well-known/openid-configuration`) throw new Error(`unexpected ${String(url)}`);
    return new Response(JSON.stringify(document), { headers: { 'Content-Type': 'application/json' } });
  });
  globalThis.fetch = providerFetch as unknown as typeof fetch;

  const navigated: string[] = [];
  const redirect: INavigator = {
    prepare: async () => ({
      navigate: async ({ url }) => {
        navigated.push(url);
        return { url };
      },
      close: () => undefined,
    }),
    callback: async () => undefined,
  };
  const userManager = new UserManager(userManagerSettings(oidc, ORIGIN), redirect);
  const now = Math.floor(Date.now() / 1000);
  await userManager.storeUser(
    new User({
      access_token: 'at-1',
      id_token: 'id-token-1',
      refresh_token: 'rt-1',
      token_type: 'Bearer',
      scope: oidc.scope,
      expires_at: now + 900,
      profile: { sub: 'ind-riley', iss: AUTHORITY, aud: 'service-portal', exp: now + 900, iat: now },
    }),
  );
  const channel: jest.Mocked<SignOutChannel> = { announce: jest.fn(), listen: jest.fn((_handler: () => void) => () => undefined) };
  const assign = jest.fn();
  const apiFetch = jest.fn(async () => new Response(JSON.stringify(profile), { headers: { 'Content-Type': 'application/json' } }));
  const session = new Session({ oidc, apiBaseUrl: '', userManager, channel, fetch: apiFetch as unknown as typeof fetch, assign });
  await session.init();
  expect(session.getState()).toMatchObject({ status: 'signed-in' });
  return { session, userManager, navigated, assign, channel, providerFetch };
}

describe('signing out at the identity provider', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    window.sessionStorage.clear();
  });

  it('goes to the provider’s end_session_endpoint with the id token hint and comes back to the portal', async () => {
    const { session, userManager, navigated, assign, channel } = await signedInSession(
      discovery({ end_session_endpoint: `${AUTHORITY}/session/end` }),
    );

    await session.signOut();

    expect(navigated).toHaveLength(1);
    const url = new URL(navigated[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${AUTHORITY}/session/end`);
    expect(url.searchParams.get('id_token_hint')).toBe('id-token-1');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/`);
    expect(assign).not.toHaveBeenCalled();
    expect(channel.announce).toHaveBeenCalledTimes(1);
    expect(await userManager.getUser()).toBeNull();
    expect(session.getState()).toEqual({ status: 'signed-out' });
  });

  it('ends the session here and goes home when the provider has no end_session_endpoint', async () => {
    const { session, userManager, navigated, assign, channel } = await signedInSession(discovery({}));

    await session.signOut();

    expect(navigated).toEqual([]);
    expect(assign).toHaveBeenCalledWith('/');
    expect(channel.announce).toHaveBeenCalledTimes(1);
    expect(await userManager.getUser()).toBeNull();
    expect(session.getState()).toEqual({ status: 'signed-out' });
  });
});
