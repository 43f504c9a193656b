import styled from 'styled-components';
import type { RmaHistoryItem, RmaSort, RmaSortField } from '@portal/api-client';
import { Button, Table, formatDate } from '@portal/ui';
import { Badge } from '../../../shared/Badge';
import { rmaTypeText, statusText } from '../../../shared/statusText';
import { BatchLink } from './BatchLink';
import { PayOrCancel } from './PayOrCancel';

const SortButton = styled.button`
  font: inherit;
  color: inherit;
  background: none;
  border: 0;
  padding: 0;
  cursor: pointer;
  text-decoration: underline dotted;
`;

const Clickable = styled.tr`
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const NoWrap = styled.td`
  white-space: nowrap;
`;

const NumberButton = styled(Button)`
  white-space: nowrap;
`;

const Sub = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

/** The columns a customer can sort by, and which way a first click sorts (newest dates first). */
const SORTABLE: { field: RmaSortField; label: string; firstDesc: boolean }[] = [
  { field: 'RMA_NUMBER', label: 'RMA number', firstDesc: false },
  { field: 'CREATED_AT', label: 'Created', firstDesc: true },
  { field: 'UPDATED_AT', label: 'Updated', firstDesc: true },
  { field: 'STATUS', label: 'Status', firstDesc: false },
];

function SortHeader({ column, sort, onSort }: { column: (typeof SORTABLE)[number]; sort: RmaSort; onSort: (sort: RmaSort) => void }) {
  const active = sort.field === column.field;
  const direction = active ? (sort.desc ? 'descending' : 'ascending') : 'none';
  return (
    <th scope="col" aria-sort={direction}>
      <SortButton
        type="button"
        onClick={() => onSort({ field: column.field, desc: active ? !sort.desc : column.firstDesc })}
        aria-label={`Sort by ${column.label}`}
      >
        {column.label}
        {active ? (sort.desc ? ' ▼' : ' ▲') : ''}
      </SortButton>
    </th>
  );
}

export interface HistoryTableProps {
  items: readonly RmaHistoryItem[];
  sort: RmaSort;
  onSort: (sort: RmaSort) => void;
  onOpen: (item: RmaHistoryItem) => void;
  /** An RMA awaiting its payment was paid from its row: the page reads the history again. */
  onChanged?: () => void;
}

/** The history table; a row (or its RMA number button, for keyboards) opens the details window. */
export function HistoryTable({ items, sort, onSort, onOpen, onChanged }: HistoryTableProps) {
  const header = (field: RmaSortField) => {
    const column = SORTABLE.find((c) => c.field === field);
    return column ? <SortHeader column={column} sort={sort} onSort={onSort} /> : null;
  };
  return (
    <Scroll>
      <Table aria-label="Your RMAs">
        <thead>
          <tr>
            {header('RMA_NUMBER')}
            <th scope="col">Unit</th>
            <th scope="col">Problem</th>
            {header('STATUS')}
            {header('CREATED_AT')}
            {header('UPDATED_AT')}
            <th scope="col">Opened by</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <Clickable key={item.uid} onClick={() => onOpen(item)}>
              <td>
                <NumberButton
                  $variant="secondary"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(item);
                  }}
                  aria-label={`Details of ${item.rmaNumber}`}
                >
                  {item.rmaNumber}
                </NumberButton>
                <Sub>{rmaTypeText(item.rmaType)}</Sub>
                {item.batchId ? (
                  <Sub>
                    <BatchLink batchId={item.batchId} />
                  </Sub>
                ) : null}
              </td>
              <td>
                {item.serial}
                <Sub>{item.model}</Sub>
              </td>
              <td>
                {item.problem}
                {item.customerReference ? <Sub>Ref. {item.customerReference}</Sub> : null}
              </td>
              <td>
                {statusText(item.status)}
                <PayOrCancel rma={item} onPaid={onChanged} />
              </td>
              <NoWrap>{formatDate(item.createdAt)}</NoWrap>
              <NoWrap>{formatDate(item.updatedAt)}</NoWrap>
              <td>
                {item.mine ? 'You' : item.openedBy}
                {item.mine ? null : (
                  <div>
                    <Badge>Organization</Badge>
                  </div>
                )}
              </td>
            </Clickable>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
