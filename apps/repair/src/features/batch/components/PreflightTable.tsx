import { memo, useState } from 'react';
import styled from 'styled-components';
import { Table, controlStyles, formatUsdString } from '@portal/ui';
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

/**
 * The table's looks, given once to its plain cells by class: a styled component per cell (1,000
 * rows hold some 15,000 cells and 2,000 buttons) would cost a class computation each render.
 */
const TableLooks = styled.div`
  .reason {
    display: block;
    color: ${({ theme }) => theme.colors.error.fg};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  .mark {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .mark.ok {
    color: ${({ theme }) => theme.colors.success.fg};
  }
  .mark.fail {
    color: ${({ theme }) => theme.colors.error.fg};
  }
  .actions {
    display: flex;
    gap: ${({ theme }) => theme.space.xs};
  }
  button.row-action {
    font: inherit;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.brand};
    cursor: pointer;
  }
  button.row-action:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  button.row-action:focus-visible {
    outline: ${({ theme }) => `${theme.size.focusWidth} solid ${theme.colors.focus}`};
  }
  /* Text for assistive technology only (ui's VisuallyHidden, as a class). */
  .hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
    border: 0;
  }
`;

const CellInput = styled.input`
  ${controlStyles}
  min-width: 8rem;
`;

const CellSelect = styled.select`
  ${controlStyles}
`;

const HEADINGS = ['Row', 'Check', 'Serial', 'Model', 'Entitlement', 'Price', ...EDITABLE_COLUMNS.slice(1).map(([, h]) => h), 'Has data', 'Actions'];

function Reasons({ messages }: { messages: readonly string[] }) {
  return messages.length === 0 ? null : (
    <>
      {messages.map((message) => (
        <span className="reason" key={message}>
          {message}
        </span>
      ))}
    </>
  );
}

function Verdict({ row }: { row: PageRow }) {
  const { verdict } = row;
  if (!verdict) {
    return (
      <span className="mark" title={COPY.notChecked}>
        …<span className="hidden">{COPY.notChecked}</span>
      </span>
    );
  }
  return (
    <>
      <span className={verdict.ok ? 'mark ok' : 'mark fail'} aria-hidden="true">
        {verdict.ok ? '✓' : '✗'}
      </span>
      <span className="hidden">{verdict.ok ? 'Passes' : 'Fails'}</span>
      <Reasons messages={otherReasons(verdict)} />
    </>
  );
}

interface RowViewProps {
  row: PageRow;
  number: number;
  onEdit: (key: number) => void;
  onRemove: (key: number) => void;
}

/** A row as plain cells; memoized, so an edit elsewhere does not render it again. */
const RowView = memo(function RowView({ row, number, onEdit, onRemove }: RowViewProps) {
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
        <div className="actions">
          <button type="button" className="row-action" aria-label={COPY.edit(number)} onClick={() => onEdit(row.key)}>
            Edit
          </button>
          <button type="button" className="row-action" aria-label={COPY.remove(number)} onClick={() => onRemove(row.key)}>
            Remove
          </button>
        </div>
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
        <div className="actions">
          <button type="button" className="row-action" onClick={() => onDone(values)}>
            {COPY.done}
          </button>
          <button type="button" className="row-action" onClick={onCancel}>
            {COPY.cancel}
          </button>
        </div>
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
    <TableLooks>
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
            <RowView key={row.key} row={row} number={index + 1} onEdit={onEdit} onRemove={onRemove} />
          ),
        )}
      </tbody>
      </Table>
    </TableLooks>
  );
}
