import { Link } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Card, MutedText, PageTitle, Stack } from '@portal/ui';

/** Route help-support/complete (public): thanks after the contact form. */
export function HelpSupportCompletePage() {
  return (
    <Stack $gap="lg">
      <PageTitle>Thank you for your message</PageTitle>
      <Card>
        <Stack>
          <p>We have received your message and will reply by e-mail, usually within one business day.</p>
          <MutedText>
            Need anything else? <Link to={pathFor('help-support')}>Back to Help &amp; Support</Link>
          </MutedText>
        </Stack>
      </Card>
    </Stack>
  );
}
