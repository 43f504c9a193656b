import styled from 'styled-components';
import type { RecycleResult, Unit } from '@portal/api-client';
import type { AddressValues, ContactValues } from '@portal/forms';
import { AddressFacts, ContactFacts, SummaryCard, useCountries, useDocumentLink } from '@portal/forms/units';
import { Banner, Button, MutedText, Row, Spinner, Stack, buttonStyles, type ButtonVariant } from '@portal/ui';
import { RECYCLE_COPY } from '../copy';
import { UnitDescription } from './ConfirmStep';

const LinkButton = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;

/**
 * One button, 'Download Shipping Label' (with ' & Commercial Invoice' when there is one): the link
 * opens the label in a new window and the same click opens the invoice in another. A plain link
 * to the invoice stays beside it, for browsers that block the second window.
 */
function DocumentsButton({ label, invoice }: { label: string; invoice: string | null }) {
  const labelLink = useDocumentLink(label);
  const invoiceLink = useDocumentLink(invoice);
  const text = `${RECYCLE_COPY.downloadLabel}${invoice ? RECYCLE_COPY.withInvoice : ''}`;
  const invoiceUrl = invoiceLink.status === 'ready' ? invoiceLink.url : null;
  if (labelLink.status === 'failed') return <Banner variant="error">{labelLink.message}</Banner>;
  if (labelLink.status !== 'ready' || (invoice && invoiceLink.status === 'loading')) {
    return (
      <Button aria-disabled="true" aria-busy="true">
        <Spinner />
        {text}
      </Button>
    );
  }
  return (
    <Row>
      <LinkButton
        href={labelLink.url}
        target="_blank"
        rel="noopener"
        onClick={() => {
          if (invoiceUrl) window.open(invoiceUrl, '_blank', 'noopener');
        }}
      >
        {text}
      </LinkButton>
      {invoiceUrl ? (
        <a href={invoiceUrl} target="_blank" rel="noopener">
          {RECYCLE_COPY.invoiceFallback}
        </a>
      ) : null}
      {invoiceLink.status === 'failed' ? <Banner variant="error">{invoiceLink.message}</Banner> : null}
    </Row>
  );
}

export interface DownloadStepProps {
  result: RecycleResult | null;
  unit: Unit | null;
  serial: string;
  contact: ContactValues;
  address: AddressValues;
}

/** Step 4: the label, what happens next, and the summary. */
export function DownloadStep({ result, unit, serial, contact, address }: DownloadStepProps) {
  const countries = useCountries();
  const warning = <Banner variant="warning">{RECYCLE_COPY.recyclingWarning}</Banner>;
  if (!result || !result.rmaNumber || !result.label) {
    return (
      <Stack>
        <Banner variant="error">{RECYCLE_COPY.notCreated}</Banner>
        <MutedText>{RECYCLE_COPY.notCreatedHelp}</MutedText>
        {warning}
      </Stack>
    );
  }
  return (
    <Stack $gap="lg">
      <h3>{RECYCLE_COPY.processed}</h3>
      {warning}
      <div>
        <DocumentsButton label={result.label} invoice={result.commercialInvoice} />
      </div>
      <MutedText>{RECYCLE_COPY.emailed(contact.email.trim())}</MutedText>
      <Stack>
        <h3>{RECYCLE_COPY.summary(result.rmaNumber)}</h3>
        <SummaryCard title="Unit Description">
          <UnitDescription unit={unit} serial={serial} />
        </SummaryCard>
        <SummaryCard title="Contact Information">
          <ContactFacts contact={contact} />
        </SummaryCard>
        <SummaryCard title="Your Address">
          <AddressFacts address={address} countries={countries} />
        </SummaryCard>
      </Stack>
    </Stack>
  );
}
