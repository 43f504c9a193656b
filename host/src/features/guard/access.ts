import { clientRoles, hasAllRoles, hasAnyRole, hasClientRole, type SessionState } from '@portal/auth';

/** Who may open a route (spec §2): everyone, or signed-in users, optionally with roles. */
export interface RouteMeta {
  access: 'public' | 'sign-in';
  /** Client permissions (without the client prefix), at least one of which is needed. */
  anyRole?: readonly string[];
  /** Client permissions (without the client prefix), all of which are needed. */
  allRoles?: readonly string[];
  /** Only for members of an organization (spec §2 branches); anyone else is sent home. */
  orgOnly?: boolean;
}

/**
 * `signed-out-elsewhere`: the user signed out in another tab. Starting sign-in by ourselves could
 * race that tab's sign-out at the identity provider and sign the user straight back in, so the
 * guard asks instead.
 */
export type AccessDecision = 'allow' | 'pending' | 'sign-in' | 'signed-out-elsewhere' | 'forbidden' | 'home';

/**
 * Public routes are open to everyone. Any other route needs a signed-in user who holds at least
 * one role of this client, plus the route's any-role / all-roles permissions. An org-only route
 * sends a signed-in user without an organization home (spec §2), not to the 401 route.
 */
export function decideAccess(meta: RouteMeta, state: SessionState, clientId: string): AccessDecision {
  const needsRoles = Boolean(meta.anyRole?.length || meta.allRoles?.length);
  if (meta.access === 'public' && !needsRoles) return 'allow';
  if (state.status === 'loading') return 'pending';
  if (state.status === 'signed-out') return state.reason === 'elsewhere' ? 'signed-out-elsewhere' : 'sign-in';
  if (!hasClientRole(state.roles, clientId)) return 'forbidden';
  const granted = clientRoles(state.roles, clientId);
  if (meta.anyRole?.length && !hasAnyRole(granted, meta.anyRole)) return 'forbidden';
  if (meta.allRoles?.length && !hasAllRoles(granted, meta.allRoles)) return 'forbidden';
  // The profile from /me carries the organization (spec §3 org.name); no name, no organization.
  if (meta.orgOnly && !state.profile.org?.name) return 'home';
  return 'allow';
}

/**
 * Whether the main navigation lists a route: every route that needs no role does (signing in is
 * part of opening it), one that needs roles only for a user who holds them, so a customer never
 * sees the depot's service desk.
 */
export function listedInNav(meta: RouteMeta, state: SessionState, clientId: string): boolean {
  const needsRoles = Boolean(meta.anyRole?.length || meta.allRoles?.length);
  return !needsRoles || decideAccess(meta, state, clientId) === 'allow';
}
