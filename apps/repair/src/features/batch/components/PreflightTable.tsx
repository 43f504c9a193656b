import { memo, useState } from 'react';
import styled from 'styled-components';
import { Button, Table, VisuallyHidden, controlStyles, formatUsdString } from '@portal/ui';
import { COPY } from '../copy';
import {
  EDITABLE_COLUMNS,
  entitlementWords,
  hasDataValue,
  hasDataWord,
  otherReasons,
  reasonsOf,
  type PageRow,
  type RowValues,
  type TextColumn,
} from '../model/rows';

// 1,000 rows stay usable because a row is plain cells of text: no field components, one
// memoized row that renders again only when its own row changes, and the inputs exist only for
// the one row being edited.

const Reason = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.error.fg};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Mark = styled.span<{ $ok: boolean | null }>`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme, $ok }) => ($ok === null ? theme.colors.textMuted : $ok ? theme.colors.success.fg : theme.colors.error.fg)};
`;

const CellInput = styled.input`
  ${controlStyles}
  min-width: 8rem;
`;

const CellSelect = styled.select`
  ${controlStyles}
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const HEADINGS = ['Row', 'Check', 'Serial', 'Model', 'Entitlement', 'Price', ...EDITABLE_COLUMNS.slice(1).map(([, h]) => h), 'Has data', 'Actions'];

function Reasons({ messages }: { messages: readonly string[] }) {
  return messages.length === 0 ? null : (
    <>
      {messages.map((message) => (
        <Reason key={message}>{message}</Reason>
      ))}
    </>
  );
}

function Verdict({ row }: { row: PageRow }) {
  const { verdict } = row;
  if (!verdict) {
    return (
      <Mark $ok={null} title={COPY.notChecked}>
        …<VisuallyHidden>{COPY.notChecked}</VisuallyHidden>
      </Mark>
    );
  }
  return (
    <>
      <Mark $ok={verdict.ok} aria-hidden="true">
        {verdict.ok ? '✓' : '✗'}
      </Mark>
      <VisuallyHidden>{verdict.ok ? 'Passes' : 'Fails'}</VisuallyHidden>
      <Reasons messages={otherReasons(verdict)} />
    </>
  );
}

interface RowViewProps {
  row: PageRow;
  number: number;
  editable: boolean;
  onEdit: (key: number) => void;
  onRemove: (key: number) => void;
}

const RowView = memo(function RowView({ row, number, editable, onEdit, onRemove }: RowViewProps) {
  const { values, verdict } = row;
  const text = (field: TextColumn) => (
    <td key={field}>
      {values[field]}
      <Reasons messages={reasonsOf(verdict, field)} />
    </td>
  );
  return (
    <tr>
      <th scope="row">{number}</th>
      <td>
        <Verdict row={row} />
      </td>
      {text('serial')}
      <td>{verdict?.model ?? ''}</td>
      <td>{verdict ? entitlementWords(verdict.entitlement) : ''}</td>
      <td>{verdict?.price ? formatUsdString(verdict.price) : ''}</td>
      {EDITABLE_COLUMNS.slice(1).map(([field]) => text(field))}
      <td>
        {hasDataWord(values.hasData)}
        <Reasons messages={reasonsOf(verdict, 'hasData')} />
      </td>
      <td>
        <Actions>
          <Button $variant="link" aria-label={COPY.edit(number)} aria-disabled={!editable || undefined} onClick={() => editable && onEdit(row.key)}>
            Edit
          </Button>
          <Button $variant="link" aria-label={COPY.remove(number)} onClick={() => onRemove(row.key)}>
            Remove
          </Button>
        </Actions>
      </td>
    </tr>
  );
});

interface RowEditorProps {
  row: PageRow;
  number: number;
  onDone: (values: RowValues) => void;
  onCancel: () => void;
}

/** The one row being edited: its cells become inputs, named by column and row, with its reasons beside them. */
function RowEditor({ row, number, onDone, onCancel }: RowEditorProps) {
  const [values, setValues] = useState(row.values);
  const { verdict } = row;
  const input = (field: TextColumn, heading: string) => (
    <td key={field}>
      <CellInput
        aria-label={COPY.cellLabel(heading, number)}
        value={values[field]}
        autoFocus={field === 'serial'}
        aria-invalid={reasonsOf(verdict, field).length > 0 || undefined}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onDone(values);
          }
          if (event.key === 'Escape') onCancel();
        }}
      />
      <Reasons messages={reasonsOf(verdict, field)} />
    </td>
  );
  const [serial, ...rest] = EDITABLE_COLUMNS;
  return (
    <tr>
      <th scope="row">{number}</th>
      <td>
        <Verdict row={row} />
      </td>
      {input(serial[0], serial[1])}
      <td>{verdict?.model ?? ''}</td>
      <td>{verdict ? entitlementWords(verdict.entitlement) : ''}</td>
      <td>{verdict?.price ? formatUsdString(verdict.price) : ''}</td>
      {rest.map(([field, heading]) => input(field, heading))}
      <td>
        <CellSelect
          aria-label={COPY.cellLabel('Has data', number)}
          value={hasDataWord(values.hasData)}
          onChange={(event) => setValues({ ...values, hasData: hasDataValue(event.target.value) })}
        >
          <option value="">—</option>
          <option value="yes">yes</option>
          <option value="no">no</option>
        </CellSelect>
        <Reasons messages={reasonsOf(verdict, 'hasData')} />
      </td>
      <td>
        <Actions>
          <Button $variant="secondary" onClick={() => onDone(values)}>
            {COPY.done}
          </Button>
          <Button $variant="link" onClick={onCancel}>
            {COPY.cancel}
          </Button>
        </Actions>
      </td>
    </tr>
  );
}

export interface PreflightTableProps {
  rows: readonly PageRow[];
  editing: number | null;
  onEdit: (key: number | null) => void;
  onChange: (key: number, values: RowValues) => void;
  onRemove: (key: number) => void;
}

/** Every row with its ✓ or ✗, its reasons beside the cells they concern, its entitlement in words and its price. */
export function PreflightTable({ rows, editing, onEdit, onChange, onRemove }: PreflightTableProps) {
  return (
    <Table>
      <caption>{COPY.tableCaption}</caption>
      <thead>
        <tr>
          {HEADINGS.map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) =>
          row.key === editing ? (
            <RowEditor
              key={row.key}
              row={row}
              number={index + 1}
              onDone={(values) => {
                onChange(row.key, values);
                onEdit(null);
              }}
              onCancel={() => onEdit(null)}
            />
          ) : (
            <RowView key={row.key} row={row} number={index + 1} editable={editing === null} onEdit={onEdit} onRemove={onRemove} />
          ),
        )}
      </tbody>
    </Table>
  );
}
