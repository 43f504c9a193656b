import type { User, UserManager, UserManagerSettings } from 'oidc-client-ts';
import { createApiClient, isApiError, type ApiClient, type Me, type TokenSource } from '@portal/api-client';
import { createSignOutChannel, type SignOutChannel } from './crossTab';
import { LazyUserManager, USER_STORE_PREFIX } from './lazyUserManager';
import { hasClientRole } from './roles';

/** The identity provider settings from the runtime config. */
export interface OidcSettings {
  authority: string;
  clientId: string;
  /** Space-separated; includes offline_access so silent renew can use the refresh token. */
  scope: string;
}

export type SessionState =
  | { status: 'loading' }
  /** `elsewhere`: the user signed out in another tab of this browser. */
  | { status: 'signed-out'; reason?: 'elsewhere' }
  | { status: 'signed-in'; profile: Me; roles: readonly string[] };

/** The parts of oidc-client-ts's UserManager the session uses (tests pass a fake). */
export type UserManagerLike = Pick<
  UserManager,
  'getUser' | 'signinRedirect' | 'signinRedirectCallback' | 'signinSilent' | 'signoutRedirect' | 'removeUser'
> & {
  events: Pick<UserManager['events'], 'addUserLoaded' | 'addSilentRenewError' | 'addAccessTokenExpired'>;
};

export interface SessionOptions {
  oidc: OidcSettings;
  /** Base URL of the API host ('' = same origin). */
  apiBaseUrl: string;
  userManager?: UserManagerLike;
  channel?: SignOutChannel;
  fetch?: typeof fetch;
  /** The URL to come back to after sign-in (defaults to the current path, query and hash). */
  currentUrl?: () => string;
  /** Where to go when the identity provider offers no end-session endpoint. */
  assign?: (url: string) => void;
}

interface SignInState {
  target: string;
}

/** OAuth errors after which only an interactive sign-in helps. */
const LOGIN_REQUIRED_ERRORS = new Set(['login_required', 'interaction_required', 'consent_required', 'invalid_grant']);

export function isLoginRequiredError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    LOGIN_REQUIRED_ERRORS.has(String((error as { error?: unknown }).error ?? ''))
  );
}

/**
 * The browser client's settings. Sign-out goes to the provider's end_session_endpoint, read from
 * its discovery document; a provider without one makes signoutRedirect fail, and signOut then
 * ends the session here only. The user is kept in sessionStorage, oidc-client-ts's default,
 * under USER_STORE_PREFIX (loadUserManager names both).
 */
export function userManagerSettings(oidc: OidcSettings, origin = window.location.origin): UserManagerSettings {
  return {
    authority: oidc.authority,
    client_id: oidc.clientId,
    redirect_uri: `${origin}/oidc-callback`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code', // authorization code; oidc-client-ts adds PKCE (S256)
    scope: oidc.scope,
    automaticSilentRenew: true, // uses the refresh token (offline_access) when there is one
    loadUserInfo: false, // the profile comes from GET /me
  };
}

/** Loads oidc-client-ts and makes the browser client. */
export async function loadUserManager(oidc: OidcSettings, origin = window.location.origin): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  return new UserManager({
    ...userManagerSettings(oidc, origin),
    userStore: new WebStorageStateStore({ store: window.sessionStorage, prefix: USER_STORE_PREFIX }),
  });
}

function defaultCurrentUrl(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Only same-origin paths are followed after sign-in, so a crafted state cannot send users away. */
export function safeTarget(target: unknown): string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}

/**
 * The signed-in user: OIDC tokens (code + PKCE, silent renew), the profile from GET /me, and
 * sign-out across tabs. It is also the token source of the API client.
 */
export class Session implements TokenSource {
  readonly clientId: string;
  readonly api: ApiClient;
  private readonly userManager: UserManagerLike;
  private readonly channel: SignOutChannel;
  private readonly currentUrl: () => string;
  private readonly assign: (url: string) => void;
  private user: User | null = null;
  private state: SessionState = { status: 'loading' };
  private readonly listeners = new Set<() => void>();
  private initialized: Promise<void> | null = null;
  private tokenRestored: Promise<void> | null = null;

  constructor(options: SessionOptions) {
    this.clientId = options.oidc.clientId;
    this.userManager =
      options.userManager ?? new LazyUserManager(() => loadUserManager(options.oidc), window.sessionStorage);
    this.channel = options.channel ?? createSignOutChannel();
    this.currentUrl = options.currentUrl ?? defaultCurrentUrl;
    this.assign = options.assign ?? ((url) => window.location.assign(url));
    this.api = createApiClient({ baseUrl: options.apiBaseUrl, tokens: this, fetch: options.fetch });

    this.userManager.events.addUserLoaded((user) => {
      this.user = user;
    });
    this.userManager.events.addSilentRenewError((error) => {
      if (isLoginRequiredError(error)) void this.signIn();
    });
    this.userManager.events.addAccessTokenExpired(() => {
      void this.refresh();
    });
    this.channel.listen(() => void this.endLocally('elsewhere'));
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** True when the user may use this client at all (holds one of its client roles). */
  hasClientAccess(): boolean {
    return this.state.status === 'signed-in' && hasClientRole(this.state.roles, this.clientId);
  }

  /** Restores a stored session and loads the profile. Safe to call more than once. */
  init(): Promise<void> {
    this.initialized ??= this.restore();
    return this.initialized;
  }

  /**
   * Restores a stored session as far as its token, before GET /me confirms it: whether the API
   * can be asked as the user now. A route's preload asks it meanwhile, so the answer is in when
   * the page (which waits for the profile) opens. Safe to call more than once.
   */
  async hasToken(): Promise<boolean> {
    this.tokenRestored ??= this.restoreToken();
    await this.tokenRestored;
    return this.getAccessToken() !== null;
  }

  private async restore(): Promise<void> {
    if (await this.hasToken()) await this.loadProfile();
  }

  private async restoreToken(): Promise<void> {
    const user = await this.userManager.getUser().catch(() => null);
    if (!user || (user.expired && !user.refresh_token)) {
      this.setState({ status: 'signed-out' });
      return;
    }
    this.user = user;
    if (user.expired && !(await this.refresh())) {
      // The guard asks for sign-in again where a route needs it.
      await this.endLocally();
    }
  }

  /**
   * Loads GET /me. An invalid token is handled by the API client (refresh, then sign-in); a
   * server error while starting ends the session.
   */
  private async loadProfile(): Promise<void> {
    try {
      const profile = await this.api.identity.me();
      this.setState({ status: 'signed-in', profile, roles: profile.roles });
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        // The client has already sent the user to sign-in.
        this.setState({ status: 'signed-out' });
        return;
      }
      await this.endLocally();
    }
  }

  /**
   * Loads GET /me again after the user changed what it answers (account settings), so every form
   * that prefills from the profile (create-rma, recycle-unit, …) reads the new one. Only a
   * signed-in session changes; a failure rejects and the profile stays as it was.
   */
  async reloadProfile(): Promise<void> {
    if (this.state.status !== 'signed-in') return;
    const profile = await this.api.identity.me();
    // Signed out meanwhile (another tab): the answer is no longer anyone's.
    if (this.state.status !== 'signed-in') return;
    this.setState({ status: 'signed-in', profile, roles: profile.roles });
  }

  /** Starts the authorization-code sign-in and remembers where to come back to. */
  async signIn(target: string = this.currentUrl()): Promise<void> {
    const state: SignInState = { target: safeTarget(target) };
    await this.userManager.signinRedirect({ state });
  }

  /** Finishes sign-in on the callback route; returns the URL the user was heading to. */
  async completeSignIn(url?: string): Promise<string> {
    // Let a restore that is already running settle first, so it cannot overwrite the new user.
    await this.init().catch(() => undefined);
    const user = await this.userManager.signinRedirectCallback(url);
    this.user = user;
    this.initialized = Promise.resolve();
    await this.loadProfile();
    return safeTarget((user.state as SignInState | undefined)?.target);
  }

  /** Signs out here, in every other tab, and at the identity provider. */
  async signOut(): Promise<void> {
    const idToken = this.user?.id_token;
    this.channel.announce();
    await this.endLocally();
    try {
      await this.userManager.signoutRedirect({ id_token_hint: idToken });
    } catch {
      this.assign('/');
    }
  }

  // TokenSource, for the API client.
  getAccessToken(): string | null {
    return this.user?.access_token ?? null;
  }

  async refresh(): Promise<boolean> {
    try {
      const user = await this.userManager.signinSilent();
      if (!user) return false;
      this.user = user;
      return true;
    } catch {
      return false;
    }
  }

  private async endLocally(reason?: 'elsewhere'): Promise<void> {
    this.user = null;
    await this.userManager.removeUser().catch(() => undefined);
    this.setState(reason ? { status: 'signed-out', reason } : { status: 'signed-out' });
  }

  private setState(next: SessionState): void {
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}
