import type { DepotRma } from '@portal/api-client';
import { Card, CardTitle, FactList, formatDate, formatDateTime } from '@portal/ui';
import { statusLabel, warrantyLabel } from '../../../shared/statuses';

/** The RMA's facts: the unit, its customer, where it stands and the ship-back date promised. */
export function Facts({ rma }: { rma: DepotRma }) {
  return (
    <Card aria-labelledby="rma-facts">
      <CardTitle id="rma-facts">RMA</CardTitle>
      <FactList>
        <dt>Status</dt>
        <dd>{statusLabel(rma.status)}</dd>
        <dt>Serial</dt>
        <dd>{rma.serial}</dd>
        <dt>Model</dt>
        <dd>{rma.model}</dd>
        <dt>Type</dt>
        <dd>{rma.rmaType}</dd>
        <dt>Warranty type</dt>
        <dd>{warrantyLabel(rma.warrantyType)}</dd>
        <dt>Customer</dt>
        <dd>{[rma.customer, rma.company].filter(Boolean).join(', ')}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(rma.createdAt)}</dd>
        <dt>Received</dt>
        <dd>{rma.receivedAt ? formatDateTime(rma.receivedAt) : 'Not yet'}</dd>
        <dt>Promised ship-back date</dt>
        <dd>{rma.promisedShipDate ? formatDate(rma.promisedShipDate) : rma.receivedAt ? 'None' : 'Set when the unit is received'}</dd>
        {rma.returnTrackingNumber ? (
          <>
            <dt>Return tracking</dt>
            <dd>{rma.returnTrackingNumber}</dd>
          </>
        ) : null}
        <dt>Fault</dt>
        <dd>{rma.problem.fault || '—'}</dd>
        <dt>Problem</dt>
        <dd>{rma.problem.problem || '—'}</dd>
        {rma.problem.notes ? (
          <>
            <dt>Customer's notes</dt>
            <dd>{rma.problem.notes}</dd>
          </>
        ) : null}
      </FactList>
    </Card>
  );
}
