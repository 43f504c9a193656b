export { permissions, type Permission } from './permissions';
export { hasAnyRole, hasAllRoles, hasClientRole, clientRoles } from './roles';
export { createSignOutChannel, type SignOutChannel } from './crossTab';
export {
  Session,
  isLoginRequiredError,
  safeTarget,
  type OidcSettings,
  type SessionOptions,
  type SessionState,
  type UserManagerLike,
} from './session';
export { SessionProvider, useSession, useSessionState, useApi } from './react';
