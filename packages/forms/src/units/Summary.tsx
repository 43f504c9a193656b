import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Country, Unit } from '@portal/api-client';
import { formatPhone, type AddressValues, type ContactValues } from '../index';
import { Button, Card, FactList } from '@portal/ui';

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

/** A titled summary card, with an Edit button when `onEdit` is given. */
export function SummaryCard({ title, onEdit, children }: { title: string; onEdit?: () => void; children: ReactNode }) {
  return (
    <Card aria-label={title}>
      <Head>
        <h3>{title}</h3>
        {onEdit ? (
          <Button $variant="secondary" onClick={onEdit} aria-label={`Edit ${title}`}>
            Edit
          </Button>
        ) : null}
      </Head>
      {children}
    </Card>
  );
}

export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <FactList>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value === '' || value === null || value === undefined ? '—' : value}</dd>
        </Fragment>
      ))}
    </FactList>
  );
}

export function UnitFacts({ unit, serial }: { unit: Unit | null; serial: string }) {
  return (
    <Facts
      rows={[
        ['Serial', serial],
        ['Model', unit?.model ?? ''],
        ['Model Family', unit?.modelFamily ?? ''],
        ['Part Number', unit?.pn ?? ''],
      ]}
    />
  );
}

export function ContactFacts({ contact }: { contact: ContactValues }) {
  return (
    <Facts
      rows={[
        ['Name', `${contact.firstName} ${contact.lastName}`.trim()],
        ['Company', contact.company],
        ['Position', contact.position],
        ['Email', contact.email],
        ['Phone', formatPhone(contact.phone, contact.phoneCountryCode)],
      ]}
    />
  );
}

export function AddressFacts({ address, countries }: { address: AddressValues; countries: readonly Country[] }) {
  const country = countries.find((c) => c.countryCode === address.country)?.name ?? address.country;
  return (
    <Facts
      rows={[
        ['Address', [address.line1, address.line2].filter((l) => l.trim()).join(', ')],
        ['City', address.city],
        ['State / Province', address.state],
        ['Country', country],
        ['Postal Code', address.postalCode],
      ]}
    />
  );
}
