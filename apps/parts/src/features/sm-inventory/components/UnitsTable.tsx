import { Link } from '@portal/router';
import type { InventoryUnit } from '@portal/api-client';
import { pathFor } from '@portal/routes';
import { Table } from '@portal/ui';
import { COPY, SOURCE_TEXT, WARRANTY_TEXT, formatDay, statusText } from '../copy';

/** The inventory's page of units: each serial links to its profile, an open RMA to Your RMAs. */
export function UnitsTable({ units }: { units: InventoryUnit[] }) {
  return (
    <Table>
      <caption>{COPY.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{COPY.columns.serial}</th>
          <th scope="col">{COPY.columns.model}</th>
          <th scope="col">{COPY.columns.warranty}</th>
          <th scope="col">{COPY.columns.warrantyEnd}</th>
          <th scope="col">{COPY.columns.openRma}</th>
          <th scope="col">{COPY.columns.sources}</th>
        </tr>
      </thead>
      <tbody>
        {units.map((unit) => (
          <tr key={unit.serial}>
            <th scope="row">
              <Link to={`${pathFor('sm-inventory-profile')}?serial=${encodeURIComponent(unit.serial)}`}>{unit.serial}</Link>
            </th>
            <td>{unit.model}</td>
            <td>{WARRANTY_TEXT[unit.warrantyState] ?? unit.warrantyState}</td>
            <td>{formatDay(unit.warrantyEnd)}</td>
            <td>
              {unit.openRma ? (
                <Link to={pathFor('rma-history')}>
                  {unit.openRma.rmaNumber} ({statusText(unit.openRma.status)})
                </Link>
              ) : (
                COPY.none
              )}
            </td>
            <td>{unit.sources.map((s) => SOURCE_TEXT[s] ?? s).join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
