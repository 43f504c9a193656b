import { SupportTicketForm } from '@portal/forms/components';
import { Card, CardTitle, MutedText, PageTitle, Stack } from '@portal/ui';

export const BATTERY_CONTACT = { phone: '1-800-555-0199', email: 'recycling@rugged.example' } as const;

/** Route recycle-battery (sign-in): certifications, battery take-back, and the support-ticket form. */
export function RecycleBatteryPage() {
  return (
    <Stack $gap="lg">
      <PageTitle>Battery recycling</PageTitle>
      <Card aria-label="Environmental certifications">
        <CardTitle as="h2">Environmental certifications</CardTitle>
        <Stack>
          <p>
            Batteries and units we take back are handled only by recyclers that hold recognised environmental and
            electronics-recycling certifications, such as ISO 14001 (environmental management), R2v3 (Responsible
            Recycling) or e-Stewards.
          </p>
          <MutedText>
            We work with certified recyclers rather than recycling batteries ourselves. Ask us and we will tell you which
            certified partner handles the returns from your region.
          </MutedText>
        </Stack>
      </Card>
      <Card aria-label="Battery take-back">
        <CardTitle as="h2">Battery take-back</CardTitle>
        <Stack>
          <p>We take back the batteries of our devices at no cost to you. To arrange a return:</p>
          <ul>
            <li>
              Call us at <a href={`tel:+1${BATTERY_CONTACT.phone.slice(2).replace(/-/g, '')}`}>{BATTERY_CONTACT.phone}</a>
            </li>
            <li>
              E-mail <a href={`mailto:${BATTERY_CONTACT.email}`}>{BATTERY_CONTACT.email}</a>
            </li>
          </ul>
          <p>
            <strong>Drop-off points.</strong> Batteries can also be left at a drop-off point of our recycling network.
            To find the nearest one, call or e-mail us with your postal code (or open a support ticket below) and we
            will send you its address and opening hours.
          </p>
          <MutedText>
            Tape over the terminals of each battery, and never send a swollen or damaged battery by mail: contact us
            first and we will explain how to return it safely.
          </MutedText>
        </Stack>
      </Card>
      <SupportTicketForm />
    </Stack>
  );
}
