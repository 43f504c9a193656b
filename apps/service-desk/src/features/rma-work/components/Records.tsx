import styled from 'styled-components';
import type { DepotRma } from '@portal/api-client';
import { Card, CardTitle, FactList, MutedText, Stack, Table, formatDate, formatDateTime, formatUsdString } from '@portal/ui';
import { AuthPhoto } from '../../../shared/AuthPhoto';

const Photos = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;
  margin: 0;
  padding: 0;
`;

const choiceLabels: Record<string, string> = {
  APPROVE: 'Approve the repair',
  RETURN_UNREPAIRED: 'Return unrepaired',
  RECYCLE: 'Recycle',
};

/** The receipt: the condition photos and notes taken when the unit arrived. */
export function ReceiptRecord({ receipt }: { receipt: NonNullable<DepotRma['receipt']> }) {
  return (
    <Card aria-labelledby="rma-receipt">
      <CardTitle id="rma-receipt">Receipt</CardTitle>
      <Stack $gap="sm">
        <MutedText>Received {formatDateTime(receipt.at)}</MutedText>
        <Photos aria-label="Condition photos">
          {receipt.photos.map((photo, index) => (
            <li key={photo.id}>
              <AuthPhoto id={photo.id} alt={`Condition photo ${index + 1}`} />
            </li>
          ))}
        </Photos>
        {receipt.notes ? <p>{receipt.notes}</p> : null}
      </Stack>
    </Card>
  );
}

/** The diagnosis: findings with their photos, the work quoted and, for a revised quote, the customer's choices. */
export function DiagnosisRecord({ diagnosis }: { diagnosis: NonNullable<DepotRma['diagnosis']> }) {
  return (
    <Card aria-labelledby="rma-diagnosis">
      <CardTitle id="rma-diagnosis">Diagnosis</CardTitle>
      <Stack>
        <MutedText>
          {formatDateTime(diagnosis.at)} · {diagnosis.outcome === 'COVERED' ? 'Covered' : 'Revised quote'}
        </MutedText>
        {diagnosis.findings.map((finding, index) => (
          <Stack $gap="sm" key={`${finding.code}-${index}`}>
            <strong>
              {finding.label}
              {finding.removesCover ? ' (removes warranty cover)' : ''}
            </strong>
            <p>{finding.description}</p>
            {finding.photos.length > 0 ? (
              <Photos aria-label={`Photos of finding ${index + 1}`}>
                {finding.photos.map((photo, n) => (
                  <li key={photo.id}>
                    <AuthPhoto id={photo.id} alt={`${finding.label} photo ${n + 1}`} />
                  </li>
                ))}
              </Photos>
            ) : null}
          </Stack>
        ))}
        {diagnosis.technicianNote ? <p>Technician's note: {diagnosis.technicianNote}</p> : null}
        {diagnosis.lineItems.length > 0 ? (
          <Table>
            <caption>Work quoted</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantity</th>
                <th scope="col">Unit price</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {diagnosis.lineItems.map((item, index) => (
                <tr key={`${item.code}-${index}`}>
                  <td>{item.description || item.code}</td>
                  <td>{item.quantity}</td>
                  <td>{formatUsdString(item.unitPrice)}</td>
                  <td>{formatUsdString(item.amount)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : null}
        <FactList>
          <dt>Total</dt>
          <dd>{formatUsdString(diagnosis.total)}</dd>
          <dt>Already paid</dt>
          <dd>{formatUsdString(diagnosis.alreadyPaid)}</dd>
          <dt>Amount due</dt>
          <dd>{formatUsdString(diagnosis.amountDue)}</dd>
          {diagnosis.decideBy ? (
            <>
              <dt>Customer decides by</dt>
              <dd>{formatDate(diagnosis.decideBy)}</dd>
            </>
          ) : null}
          {diagnosis.choices.length > 0 ? (
            <>
              <dt>Customer's decision</dt>
              <dd>
                {diagnosis.decision
                  ? `${choiceLabels[diagnosis.decision.choice] ?? diagnosis.decision.choice}, ${formatDateTime(diagnosis.decision.at)}${diagnosis.decision.paid ? ', paid' : ''}`
                  : 'Awaiting the customer'}
              </dd>
            </>
          ) : null}
        </FactList>
      </Stack>
    </Card>
  );
}

/** The repair: the work recorded and its QA checklist. */
export function RepairRecord({ repair }: { repair: NonNullable<DepotRma['repair']> }) {
  return (
    <Card aria-labelledby="rma-repair">
      <CardTitle id="rma-repair">Repair</CardTitle>
      <FactList>
        <dt>Recorded</dt>
        <dd>{formatDateTime(repair.at)}</dd>
        <dt>Work performed</dt>
        <dd>{repair.workPerformed}</dd>
        <dt>Parts replaced</dt>
        <dd>{repair.partsReplaced || 'None'}</dd>
        <dt>QA</dt>
        <dd>{repair.qa.map((check) => `${check.check}: ${check.passed ? 'passed' : 'failed'}`).join('; ')}</dd>
      </FactList>
    </Card>
  );
}
