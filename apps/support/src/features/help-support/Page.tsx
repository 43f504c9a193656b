import { SupportTicketForm } from '@portal/forms/components';
import { MutedText, PageTitle, Stack } from '@portal/ui';
import { ContactUsForm } from './ContactUsForm';

/** Route help-support (public): the contact form, and the support-ticket form for signed-in users. */
export function HelpSupportPage() {
  return (
    <Stack $gap="lg">
      <PageTitle>Help &amp; Support</PageTitle>
      <MutedText>Send us a message and we will get back to you, or open a support ticket to follow your request.</MutedText>
      <ContactUsForm />
      <SupportTicketForm />
    </Stack>
  );
}
