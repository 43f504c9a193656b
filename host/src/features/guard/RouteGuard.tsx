import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from '@portal/router';
import { useSession, useSessionState } from '@portal/auth';
import { pathFor } from '@portal/routes';
import { Button, Loading, MutedText, PageTitle, Stack } from '@portal/ui';
import { decideAccess, type RouteMeta } from './access';

export const SIGNING_IN_TEXT = 'Taking you to sign-in…';
export const SIGNED_OUT_ELSEWHERE_TEXT = 'You signed out in another window.';

/**
 * Applies a route's access meta: renders the page, starts sign-in (coming back to this URL), or
 * sends a user without permission to the 401 route (and one outside any organization from an
 * org-only route home).
 */
export function RouteGuard({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const session = useSession();
  const state = useSessionState();
  const location = useLocation();
  const decision = decideAccess(meta, state, session.clientId);
  const target = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (decision === 'sign-in') void session.signIn(target);
  }, [decision, session, target]);

  if (decision === 'allow') return <>{children}</>;
  if (decision === 'forbidden') return <Navigate to={pathFor('401')} replace />;
  if (decision === 'home') return <Navigate to={pathFor('home')} replace />;
  if (decision === 'signed-out-elsewhere') {
    return (
      <Stack>
        <PageTitle>Signed out</PageTitle>
        <MutedText>{SIGNED_OUT_ELSEWHERE_TEXT} Sign in again to continue here.</MutedText>
        <div>
          <Button onClick={() => void session.signIn(target)}>Sign in</Button>
        </div>
      </Stack>
    );
  }
  return <Loading>{decision === 'sign-in' ? SIGNING_IN_TEXT : 'Checking your session…'}</Loading>;
}
