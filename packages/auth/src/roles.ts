/** True when the user holds at least one of the required roles (an empty list requires nothing). */
export function hasAnyRole(userRoles: readonly string[], required: readonly string[]): boolean {
  return required.length === 0 || required.some((role) => userRoles.includes(role));
}

/** True when the user holds every required role. */
export function hasAllRoles(userRoles: readonly string[], required: readonly string[]): boolean {
  return required.every((role) => userRoles.includes(role));
}

/**
 * Client roles carry the client id as prefix (`service-portal:service:payment:po`). Without a
 * role name: does the user hold any role of this client at all (needed to use the client)?
 */
export function hasClientRole(userRoles: readonly string[], clientId: string, role?: string): boolean {
  const prefix = `${clientId}:`;
  if (role === undefined) return userRoles.some((r) => r.startsWith(prefix) && r.length > prefix.length);
  return userRoles.includes(`${prefix}${role}`);
}

/** The user's roles for one client, prefix removed: the names the permission constants use. */
export function clientRoles(userRoles: readonly string[], clientId: string): string[] {
  const prefix = `${clientId}:`;
  return userRoles.filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
}
