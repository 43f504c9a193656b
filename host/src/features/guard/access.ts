import { clientRoles, hasAllRoles, hasAnyRole, hasClientRole, type SessionState } from '@portal/auth';

/** Who may open a route (spec §2): everyone, or signed-in users, optionally with roles. */
export interface RouteMeta {
  access: 'public' | 'sign-in';
  /** Client permissions (without the client prefix), at least one of which is needed. */
  anyRole?: readonly string[];
  /** Client permissions (without the client prefix), all of which are needed. */
  allRoles?: readonly string[];
}

export type AccessDecision = 'allow' | 'pending' | 'sign-in' | 'forbidden';

/**
 * Public routes are open to everyone. Any other route needs a signed-in user who holds at least
 * one role of this client, plus the route's any-role / all-roles permissions.
 */
export function decideAccess(meta: RouteMeta, state: SessionState, clientId: string): AccessDecision {
  const needsRoles = Boolean(meta.anyRole?.length || meta.allRoles?.length);
  if (meta.access === 'public' && !needsRoles) return 'allow';
  if (state.status === 'loading') return 'pending';
  if (state.status === 'signed-out') return 'sign-in';
  if (!hasClientRole(state.roles, clientId)) return 'forbidden';
  const granted = clientRoles(state.roles, clientId);
  if (meta.anyRole?.length && !hasAnyRole(granted, meta.anyRole)) return 'forbidden';
  if (meta.allRoles?.length && !hasAllRoles(granted, meta.allRoles)) return 'forbidden';
  return 'allow';
}
