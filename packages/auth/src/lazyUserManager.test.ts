import type { User, UserManager } from 'oidc-client-ts';
import { LazyUserManager, USER_STORE_PREFIX } from './lazyUserManager';

const user = { access_token: 'at-1' } as User;

function fakeManager() {
  const listeners = { userLoaded: [] as unknown[], silentRenewError: [] as unknown[], accessTokenExpired: [] as unknown[] };
  const remove = (list: unknown[], listener: unknown) => () => {
    list.splice(list.indexOf(listener), 1);
  };
  const manager = {
    getUser: jest.fn(async () => user),
    signinRedirect: jest.fn(async () => undefined),
    signinRedirectCallback: jest.fn(async () => user),
    signinSilent: jest.fn(async () => user),
    signoutRedirect: jest.fn(async () => undefined),
    removeUser: jest.fn(async () => undefined),
    events: {
      addUserLoaded: jest.fn((l: unknown) => (listeners.userLoaded.push(l), remove(listeners.userLoaded, l))),
      addSilentRenewError: jest.fn((l: unknown) => (listeners.silentRenewError.push(l), remove(listeners.silentRenewError, l))),
      addAccessTokenExpired: jest.fn((l: unknown) => (listeners.accessTokenExpired.push(l), remove(listeners.accessTokenExpired, l))),
    },
  };
  return { manager: manager as unknown as UserManager, calls: manager, listeners };
}

function setup() {
  const fake = fakeManager();
  const load = jest.fn(async () => fake.manager);
  sessionStorage.clear();
  return { ...fake, load, lazy: new LazyUserManager(load, sessionStorage) };
}

test('with no stored user, a visitor who does not sign in never loads the client', async () => {
  const { lazy, load } = setup();
  sessionStorage.setItem('something-else', 'x');
  lazy.events.addUserLoaded(() => undefined);

  await expect(lazy.getUser()).resolves.toBeNull();
  await expect(lazy.signinSilent()).resolves.toBeNull();
  await expect(lazy.removeUser()).resolves.toBeUndefined();
  expect(load).not.toHaveBeenCalled();
});

test('a stored user loads the client once, and listeners added before reach it', async () => {
  const { lazy, load, calls, listeners } = setup();
  sessionStorage.setItem(`${USER_STORE_PREFIX}user:https://idp.example:portal`, '{}');
  const onLoaded = () => undefined;
  const onExpired = () => undefined;
  lazy.events.addUserLoaded(onLoaded);
  lazy.events.addAccessTokenExpired(onExpired);

  await expect(lazy.getUser()).resolves.toBe(user);
  await expect(lazy.signinSilent()).resolves.toBe(user);
  expect(load).toHaveBeenCalledTimes(1);
  expect(listeners.userLoaded).toEqual([onLoaded]);
  expect(listeners.accessTokenExpired).toEqual([onExpired]);
  expect(calls.getUser).toHaveBeenCalledTimes(1);
});

test('signing in loads the client even with nothing stored, and later calls use it', async () => {
  const { lazy, load, calls } = setup();
  await lazy.signinRedirect({ state: { target: '/parts-order' } });
  expect(calls.signinRedirect).toHaveBeenCalledWith({ state: { target: '/parts-order' } });

  // Loaded now: the user store is no longer consulted.
  await expect(lazy.getUser()).resolves.toBe(user);
  await lazy.removeUser();
  expect(calls.removeUser).toHaveBeenCalled();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a listener added once the client is loaded reaches it, and its removal removes it', async () => {
  const { lazy, listeners } = setup();
  await lazy.signinRedirectCallback('http://portal.test/oidc-callback?code=c&state=s');
  const onError = () => undefined;
  const remove = lazy.events.addSilentRenewError(onError);
  await Promise.resolve();
  expect(listeners.silentRenewError).toEqual([onError]);
  remove();
  expect(listeners.silentRenewError).toEqual([]);
});

test('a listener removed before the client loads is never added', async () => {
  const { lazy, listeners } = setup();
  const remove = lazy.events.addUserLoaded(() => undefined);
  remove();
  await lazy.signinRedirect();
  expect(listeners.userLoaded).toEqual([]);
});

test('a load that failed is tried again by the next call', async () => {
  const { manager, calls } = fakeManager();
  const load = jest.fn<Promise<UserManager>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(manager);
  const lazy = new LazyUserManager(load, sessionStorage);
  const onLoaded = () => undefined;
  lazy.events.addUserLoaded(onLoaded);

  await expect(lazy.signinRedirect()).rejects.toThrow('offline');
  await lazy.signinRedirect();
  expect(load).toHaveBeenCalledTimes(2);
  expect(calls.signinRedirect).toHaveBeenCalledTimes(1);
  expect(calls.events.addUserLoaded).toHaveBeenCalledWith(onLoaded);
});
