import { Link } from '@portal/router';
import { pathFor } from '@portal/routes';
import { MutedText, PageTitle, Stack } from '@portal/ui';

/** Public page for a sign-in the identity provider or the portal refused. */
export function UnauthorizedPage() {
  return (
    <Stack>
      <PageTitle>Not authorized</PageTitle>
      <p>This account is not authorized to use the service portal.</p>
      <MutedText>Sign out and sign in with another account, or contact support to get access.</MutedText>
      <p>
        <Link to={pathFor('sign-out')}>Sign out</Link> · <Link to={pathFor('home')}>Go to the home page</Link>
      </p>
    </Stack>
  );
}
