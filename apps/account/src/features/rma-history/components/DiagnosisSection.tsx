import styled from 'styled-components';
import type { RmaDiagnosis } from '@portal/api-client';
import { FactList, Table, formatDate, formatUsdString } from '@portal/ui';
import { Badge } from '../../../shared/Badge';
import { FindingPhotos } from './FindingPhotos';

export const DIAGNOSIS_COPY = {
  heading: 'Diagnosis',
  removesCover: 'Removes warranty cover',
  covered: 'The repair is covered: there is nothing more to pay.',
  technicianNote: 'Technician’s note',
} as const;

const Findings = styled.ol`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding-left: ${({ theme }) => theme.space.lg};

  li + li {
    margin-top: ${({ theme }) => theme.space.md};
  }
  p {
    margin: ${({ theme }) => theme.space.xs} 0 0;
  }
`;

const Num = styled.td`
  text-align: right;
  white-space: nowrap;
`;

const Totals = styled(FactList)`
  margin-top: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.size.fieldMaxWidth};
`;

/**
 * What the depot found on inspection: each finding with its photos and whether it removes the
 * warranty's cover, the technician's note, the priced lines, and what is left to pay.
 */
export function DiagnosisSection({ diagnosis, mine }: { diagnosis: RmaDiagnosis; mine: boolean }) {
  return (
    <section aria-label={DIAGNOSIS_COPY.heading}>
      <h3>{DIAGNOSIS_COPY.heading}</h3>
      <p>
        Diagnosed on <time dateTime={diagnosis.at}>{formatDate(diagnosis.at)}</time>.
        {diagnosis.outcome === 'COVERED' ? ` ${DIAGNOSIS_COPY.covered}` : null}
      </p>
      <Findings aria-label="Findings">
        {diagnosis.findings.map((finding, index) => (
          <li key={`${finding.code}-${index}`}>
            <strong>{finding.label}</strong> {finding.removesCover ? <Badge>{DIAGNOSIS_COPY.removesCover}</Badge> : null}
            <p>{finding.description}</p>
            <FindingPhotos photos={finding.photos} label={finding.label} viewable={mine} />
          </li>
        ))}
      </Findings>
      {diagnosis.technicianNote ? (
        <p>
          <strong>{DIAGNOSIS_COPY.technicianNote}:</strong> {diagnosis.technicianNote}
        </p>
      ) : null}
      {diagnosis.lineItems.length > 0 ? (
        <Table aria-label="Repair costs">
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Qty</th>
              <th scope="col">Unit price</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {diagnosis.lineItems.map((line, index) => (
              <tr key={`${line.kind}-${line.code}-${index}`}>
                <td>{line.description}</td>
                <Num>{line.quantity}</Num>
                <Num>{formatUsdString(line.unitPrice)}</Num>
                <Num>{formatUsdString(line.amount)}</Num>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      <Totals aria-label="Totals">
        <dt>Total</dt>
        <dd>{formatUsdString(diagnosis.total)}</dd>
        <dt>Already paid</dt>
        <dd>{formatUsdString(diagnosis.alreadyPaid)}</dd>
        <dt>Amount due</dt>
        <dd>
          <strong>{formatUsdString(diagnosis.amountDue)}</strong>
        </dd>
      </Totals>
    </section>
  );
}
