import { SupportTicketForm } from '@portal/forms/components';
import { MutedText, PageTitle, Stack } from '@portal/ui';

/** Route auth-help-and-support (sign-in): the support-ticket form, prefilled from /me. */
export function AuthHelpAndSupportPage() {
  return (
    <Stack $gap="lg">
      <PageTitle>Support tickets</PageTitle>
      <MutedText>Tell us what you need; your name, e-mail and phone come from your account.</MutedText>
      <SupportTicketForm />
    </Stack>
  );
}
