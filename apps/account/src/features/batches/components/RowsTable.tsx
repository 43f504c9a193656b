import { memo } from 'react';
import type { BatchRow } from '@portal/api-client';
import { Link } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Button, Table, formatUsdString } from '@portal/ui';
import { statusText } from '../../../shared/statusText';
import { BATCH_COPY, ENTITLEMENT_WORDS, ROW_STATUS_WORDS } from '../copy';

export interface RowsTableProps {
  rows: BatchRow[];
  /** The owner may still remove the rows awaiting payment (the quote is open); null otherwise. */
  onRemove: ((row: BatchRow) => void) | null;
}

/** Where an RMA's details open: Your RMAs with ?rma=<number>, as the RMA e-mails link them. */
export function rmaDetailsHref(rmaNumber: string): string {
  return `${pathFor('rma-history')}?rma=${encodeURIComponent(rmaNumber)}`;
}

/**
 * The batch's rows as submitted (row n is the submitted row's index + 1): the unit, its
 * entitlement and price, what became of it (its RMA and that RMA's status, its box and the box's
 * tracking number) and, for a row that failed, why in one RMA's words.
 */
function RowsTableView({ rows, onRemove }: RowsTableProps) {
  return (
    <Table aria-label="Rows of the batch">
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Serial</th>
          <th scope="col">Model</th>
          <th scope="col">Entitlement</th>
          <th scope="col">Price</th>
          <th scope="col">Status</th>
          <th scope="col">RMA</th>
          <th scope="col">Box</th>
          <th scope="col">Reasons</th>
          {onRemove ? <th scope="col">Remove</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.index}>
            <th scope="row">{row.index + 1}</th>
            <td>{row.serial}</td>
            <td>{row.model ?? ''}</td>
            <td>{row.entitlement ? ENTITLEMENT_WORDS[row.entitlement] ?? row.entitlement : ''}</td>
            <td>{row.price ? formatUsdString(row.price) : ''}</td>
            <td>{ROW_STATUS_WORDS[row.status] ?? row.status}</td>
            <td>
              {row.rmaNumber ? (
                <>
                  <Link to={rmaDetailsHref(row.rmaNumber)}>{row.rmaNumber}</Link>
                  {row.rmaStatus ? ` (${statusText(row.rmaStatus)})` : null}
                </>
              ) : null}
            </td>
            <td>
              {row.box ?? ''}
              {row.trackingNumber ? ` · ${row.trackingNumber}` : null}
            </td>
            <td>
              {row.reasons.length > 0 ? (
                <ul>
                  {row.reasons.map((reason, i) => (
                    <li key={`${reason.field}-${i}`}>{reason.message}</li>
                  ))}
                </ul>
              ) : null}
            </td>
            {onRemove ? (
              <td>
                {row.status === 'AWAITING_PAYMENT' ? (
                  <Button type="button" $variant="secondary" onClick={() => onRemove(row)}>
                    {BATCH_COPY.remove(row.index + 1)}
                  </Button>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * Memoized: up to 1,000 rows are rendered again only when the batch read changes them, not when
 * something else on the page (a notice, a dialog, a download's state) changes.
 */
export const RowsTable = memo(RowsTableView);
