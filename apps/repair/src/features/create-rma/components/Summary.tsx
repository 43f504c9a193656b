import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Country, Unit } from '@portal/api-client';
import { formatPhone, type AddressValues, type ContactValues } from '@portal/forms';
import { Button, Card, FactList } from '@portal/ui';
import type { ProblemValues } from '../model/problem';
import { asksAboutData } from '../model/problem';

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

function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
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

const yes = (value: boolean) => (value ? 'Yes' : 'No');

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

export function ProblemFacts({ problem, unit }: { problem: ProblemValues; unit: Unit | null }) {
  const accessories = (
    [
      ['hardCase', 'Hard Case'],
      ['acPower', 'AC Adapter'],
      ['battery', 'Battery'],
      ['storage', 'HDD/SSD'],
    ] as const
  )
    .filter(([key]) => problem.acc[key])
    .map(([, label]) => label);
  const veretos = unit ? asksAboutData(unit) : false;
  return (
    <Facts
      rows={[
        ['Primary Fault', problem.primaryFault],
        ['Problem', problem.problem],
        ['Service Request Notes', problem.initialNotes],
        ['Re-image', yes(problem.reimage === 'yes')],
        ['BIOS update', yes(problem.biosFirmware === 'yes')],
        ['Accessories', accessories.join(', ') || 'None'],
        ...(veretos ? ([['Data on the device', yes(problem.hasDeviceData === 'yes')]] as const) : []),
        ['Reference Id', problem.customerReference],
        ['Asset Tag', problem.assetTag],
        ['Attachments', problem.attachments.map((f) => f.originalname).join(', ')],
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
