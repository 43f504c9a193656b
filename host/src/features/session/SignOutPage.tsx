import { useEffect } from 'react';
import { Link } from '@portal/router';
import { useSession, useSessionState } from '@portal/auth';
import { pathFor } from '@portal/routes';
import { PageTitle, Row, Spinner, Stack } from '@portal/ui';

/** Signs the user out (here, in other tabs and at the identity provider), or confirms they are. */
export function SignOutPage() {
  const session = useSession();
  const state = useSessionState();

  useEffect(() => {
    if (state.status === 'signed-in') void session.signOut();
  }, [session, state.status]);

  if (state.status === 'signed-out') {
    return (
      <Stack>
        <PageTitle>You are signed out</PageTitle>
        <p>
          <Link to={pathFor('home')}>Go to the home page</Link>
        </p>
      </Stack>
    );
  }
  return (
    <Row $gap="sm" role="status">
      <Spinner />
      <span>Signing you out…</span>
    </Row>
  );
}
