import type { SigninRedirectArgs, SignoutRedirectArgs, User, UserManager } from 'oidc-client-ts';
import type { UserManagerLike } from './session';

/** The prefix of the keys under which the signed-in user is kept in sessionStorage. */
export const USER_STORE_PREFIX = 'oidc.';

type Events = UserManagerLike['events'];

/**
 * The browser client, loaded when a session first needs it. oidc-client-ts is the largest script
 * of a page after React and the router, and a visitor who is not signed in needs none of it until
 * they sign in: while the user store holds nothing, getUser answers null and removeUser and
 * signinSilent have nothing to act on, without loading it. Everything else loads it once, and
 * event listeners added before are added to it then.
 */
export class LazyUserManager implements UserManagerLike {
  private manager: Promise<UserManager> | null = null;
  private readonly pending: ((manager: UserManager) => void)[] = [];

  constructor(
    private readonly load: () => Promise<UserManager>,
    private readonly userStore: Storage,
  ) {}

  readonly events: Events = {
    addUserLoaded: (listener) => this.listen((m) => m.events.addUserLoaded(listener)),
    addSilentRenewError: (listener) => this.listen((m) => m.events.addSilentRenewError(listener)),
    addAccessTokenExpired: (listener) => this.listen((m) => m.events.addAccessTokenExpired(listener)),
  };

  async getUser(): Promise<User | null> {
    if (!this.manager && !this.holdsUser()) return null;
    return (await this.loaded()).getUser();
  }

  async signinRedirect(args?: SigninRedirectArgs): Promise<void> {
    return (await this.loaded()).signinRedirect(args);
  }

  async signinRedirectCallback(url?: string): Promise<User> {
    return (await this.loaded()).signinRedirectCallback(url);
  }

  async signinSilent(): Promise<User | null> {
    // Without a stored user there is no refresh token to renew with.
    if (!this.manager && !this.holdsUser()) return null;
    return (await this.loaded()).signinSilent();
  }

  async signoutRedirect(args?: SignoutRedirectArgs): Promise<void> {
    return (await this.loaded()).signoutRedirect(args);
  }

  async removeUser(): Promise<void> {
    if (!this.manager && !this.holdsUser()) return;
    return (await this.loaded()).removeUser();
  }

  private loaded(): Promise<UserManager> {
    if (!this.manager) {
      this.manager = this.load().then((manager) => {
        this.pending.splice(0).forEach((add) => add(manager));
        return manager;
      });
      // A failed load (the network, say) is tried again by the next call.
      this.manager.catch(() => {
        this.manager = null;
      });
    }
    return this.manager;
  }

  /** Adds a listener now if the client is loaded, else when it loads; returns its removal. */
  private listen(add: (manager: UserManager) => () => void): () => void {
    let remove: (() => void) | null = null;
    let removed = false;
    const addTo = (manager: UserManager) => {
      if (!removed) remove = add(manager);
    };
    if (this.manager) void this.manager.then(addTo, () => this.pending.push(addTo));
    else this.pending.push(addTo);
    return () => {
      removed = true;
      remove?.();
    };
  }

  private holdsUser(): boolean {
    for (let i = 0; i < this.userStore.length; i++) {
      if (this.userStore.key(i)?.startsWith(USER_STORE_PREFIX)) return true;
    }
    return false;
  }
}
