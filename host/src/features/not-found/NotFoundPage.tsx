import { Link } from '@portal/router';
import { pathFor } from '@portal/routes';
import { MutedText, PageTitle, Stack } from '@portal/ui';

export function NotFoundPage() {
  return (
    <Stack>
      <PageTitle>Page not found</PageTitle>
      <MutedText>We could not find the page you were looking for. Check the address, or start again from the home page.</MutedText>
      <p>
        <Link to={pathFor('home')}>Go to the home page</Link>
      </p>
    </Stack>
  );
}
