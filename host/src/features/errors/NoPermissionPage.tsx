import { Link } from '@portal/router';
import { pathFor } from '@portal/routes';
import { MutedText, PageTitle, Stack } from '@portal/ui';

/** The route named '401': the user is signed in but lacks the permission a page needs. */
export function NoPermissionPage() {
  return (
    <Stack>
      <PageTitle>No permission</PageTitle>
      <p>Your account does not have permission to open this page.</p>
      <MutedText>
        If you need access, ask your organization's administrator or contact support, then sign in again.
      </MutedText>
      <p>
        <Link to={pathFor('home')}>Go to the home page</Link>
      </p>
    </Stack>
  );
}
