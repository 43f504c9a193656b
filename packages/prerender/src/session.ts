import { Session, type UserManagerLike } from '@portal/auth';

const nobody = () => Promise.resolve(null);
const never = () => Promise.reject(new Error('no sign-in while prerendering'));
const ignore = () => () => undefined;

/**
 * A user store with no user in it. A prerendered page is what a visitor who has not signed in
 * sees first; a signed-in visitor's page changes once the app has restored the session.
 */
const noUsers = {
  getUser: nobody,
  removeUser: () => Promise.resolve(),
  signinRedirect: never,
  signinRedirectCallback: never,
  signinSilent: never,
  signoutRedirect: never,
  events: { addUserLoaded: ignore, addSilentRenewError: ignore, addAccessTokenExpired: ignore },
} as unknown as UserManagerLike;

/** The session state a page is prerendered in: before the session is restored, or after it, with nobody signed in. */
export type PrerenderState = 'loading' | 'signed-out';

/** A session in `state` that needs no browser: no storage, no other tabs, no provider. */
export async function prerenderSession(state: PrerenderState): Promise<Session> {
  const session = new Session({
    oidc: { authority: '', clientId: '', scope: '' },
    apiBaseUrl: '',
    userManager: noUsers,
    channel: { announce: () => undefined, listen: ignore },
    currentUrl: () => '/',
    assign: () => undefined,
  });
  if (state === 'signed-out') await session.init();
  return session;
}
