import { hasClientRole, permissions, useSession, useSessionState } from '@portal/auth';
import { Banner } from '@portal/ui';

/** Where a customer without the ordering permission is sent (the host's 401 page sends her there too). */
const SUPPORT_EMAIL = 'service@rugged.example';

export const ORDER_PERMISSION_COPY = {
  title: 'Your account cannot order parts.',
  what: 'You can browse the catalogue and fill a cart, but placing the order needs the parts ordering permission (service:partorder:create).',
  askAdmin: (org: string) => `Ask your organization's administrator at ${org} to grant it, then sign in again.`,
  askSupport: `Ask support at ${SUPPORT_EMAIL} to enable parts ordering for your account, then sign in again.`,
} as const;

/**
 * Says, where a cart is filled, that the signed-in account may not place the order, and whom to
 * ask: her organization's administrator, or support when she belongs to none. Nothing for an
 * account that may order, or for a visitor who has not signed in (the checkout asks for that).
 * The API refuses the order all the same (403 'Your account cannot order parts…').
 */
export function OrderPermissionNote() {
  const session = useSessionState();
  const { clientId } = useSession();
  if (session.status !== 'signed-in' || hasClientRole(session.roles, clientId, permissions.createPartOrder)) return null;
  const org = session.profile.org?.name;
  return (
    <Banner variant="warning" title={ORDER_PERMISSION_COPY.title}>
      {ORDER_PERMISSION_COPY.what} {org ? ORDER_PERMISSION_COPY.askAdmin(org) : ORDER_PERMISSION_COPY.askSupport}
    </Banner>
  );
}
