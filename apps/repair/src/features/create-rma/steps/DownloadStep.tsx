import styled from 'styled-components';
import type { CreateRmaResult, PaymentReceipt, Unit } from '@portal/api-client';
import { messages, type AddressValues, type ContactValues } from '@portal/forms';
import { Banner, Button, MutedText, Row, Spinner, Stack, buttonStyles, type ButtonVariant } from '@portal/ui';
import { AddressFacts, ContactFacts, SummaryCard, UnitFacts } from '@portal/forms/units';
import { ProblemFacts } from '../components/Summary';
import { Receipt } from '../components/Receipt';
import { useCountries } from '@portal/forms/units';
import { COPY } from '../copy';
import { useDocumentLink } from '@portal/forms/units';
import { packagingTitle, type PackagingKind } from '../model/packaging';
import type { ProblemValues } from '../model/problem';

const LinkButton = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;

function DocumentButton({ path, label }: { path: string; label: string }) {
  const link = useDocumentLink(path);
  if (link.status === 'ready') {
    return (
      <LinkButton href={link.url} target="_blank" rel="noopener">
        {label}
      </LinkButton>
    );
  }
  if (link.status === 'failed') return <Banner variant="error">{link.message}</Banner>;
  return (
    <Button aria-disabled="true" aria-busy="true">
      <Spinner />
      {label}
    </Button>
  );
}

export interface DownloadStepProps {
  result: CreateRmaResult | null;
  unit: Unit | null;
  serial: string;
  problem: ProblemValues;
  contact: ContactValues;
  address: AddressValues;
  packaging: PackagingKind | '';
  /** What was paid for the RMA (an out-of-warranty RMA's), shown as well as e-mailed. */
  receipt?: PaymentReceipt | null;
  onNewRequest: () => void;
}

/** Step 5: the result, the documents, and a way to start over. */
export function DownloadStep({ result, unit, serial, problem, contact, address, packaging, receipt = null, onNewRequest }: DownloadStepProps) {
  const countries = useCountries();
  const again = (
    <div>
      <Button $variant="secondary" onClick={onNewRequest}>
        {COPY.newRequest}
      </Button>
    </div>
  );
  if (!result) {
    return (
      <Stack>
        <Banner variant="error">{messages.rmaNotCreated}</Banner>
        <MutedText>{COPY.rmaNotCreatedHelp}</MutedText>
        {again}
      </Stack>
    );
  }

  return (
    <Stack $gap="lg">
      <Banner title={COPY.created(result.rmaNumber)}>{result.label ? COPY.labelHelp : null}</Banner>
      {result.shippingError ? <Banner variant="warning">{COPY.shippingError}</Banner> : null}
      {packaging === 'box' ? <Banner>{COPY.boxComing}</Banner> : null}
      {packaging === 'qr' && result.label ? <Banner>{COPY.qrDropOff}</Banner> : null}
      {packaging === 'international' ? <Banner variant="warning">{COPY.internationalDone}</Banner> : null}
      {result.label || result.commercialInvoice ? (
        <Row>
          {result.label ? <DocumentButton path={result.label} label="Download Shipping Label" /> : null}
          {result.commercialInvoice ? <DocumentButton path={result.commercialInvoice} label="Download Commercial Invoice" /> : null}
        </Row>
      ) : null}
      {receipt ? <Receipt receipt={receipt} /> : null}
      <Stack>
        <h3>RMA# {result.rmaNumber} Summary</h3>
        <SummaryCard title="Unit Description">
          <UnitFacts unit={unit} serial={serial} />
        </SummaryCard>
        <SummaryCard title="Problem Description">
          <ProblemFacts problem={problem} unit={unit} />
        </SummaryCard>
        <SummaryCard title="Packaging">
          <p>{packagingTitle(packaging)}</p>
        </SummaryCard>
        <SummaryCard title="Contact Information">
          <ContactFacts contact={contact} />
        </SummaryCard>
        <SummaryCard title="Shipping Information">
          <AddressFacts address={address} countries={countries} />
        </SummaryCard>
      </Stack>
      {again}
    </Stack>
  );
}
