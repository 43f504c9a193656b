import { memo, useCallback, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { RepairSelection } from '@portal/api-client';
import styled from 'styled-components';
import { Table, VisuallyHidden, controlStyles, formatUsdString } from '@portal/ui';
import { COPY } from '../copy';
import type { FaultOptions } from '../hooks/useFaultOptions';
import type { RowDraft } from '../model/machine';
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
`;

const CellInput = styled.input`
  ${controlStyles}
  min-width: 8rem;
`;

const CellSelect = styled.select`
  ${controlStyles}
`;

const HEADINGS = ['Row', 'Check', 'Serial', 'Model', 'Entitlement', 'Price', ...EDITABLE_COLUMNS.slice(1).map(([, h]) => h), 'Has data', 'Actions'];

/** A cell's reasons; id names them for the input they concern (its aria-describedby). */
function Reasons({ messages, id }: { messages: readonly string[]; id?: string }) {
  return messages.length === 0 ? null : (
    <span id={id}>
      {messages.map((message) => (
        <span className="reason" key={message}>
          {message}
        </span>
      ))}
    </span>
  );
}

function Verdict({ row }: { row: PageRow }) {
  const { verdict } = row;
  if (!verdict) {
    return (
      <span className="mark" title={COPY.notChecked}>
        …<VisuallyHidden>{COPY.notChecked}</VisuallyHidden>
      </span>
    );
  }
  return (
    <>
      <span className={verdict.ok ? 'mark ok' : 'mark fail'} aria-hidden="true">
        {verdict.ok ? '✓' : '✗'}
      </span>
      <VisuallyHidden>{verdict.ok ? 'Passes' : 'Fails'}</VisuallyHidden>
      <Reasons messages={otherReasons(verdict)} />
    </>
  );
}

interface RowViewProps {
  row: PageRow;
  onEdit: (key: number) => void;
  onRemove: (key: number) => void;
}

/** A row as plain cells, numbered by its stable number; memoized, so an edit elsewhere does not render it again. */
const RowView = memo(function RowView({ row, onEdit, onRemove }: RowViewProps) {
  const { values, verdict, key: number } = row;
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
          <button type="button" className="row-action" aria-label={COPY.edit(number)} data-edit-row={number} onClick={() => onEdit(row.key)}>
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
  values: RowValues;
  /** The faults and problems of the row's model; null when its model or options are not known. */
  faults: readonly RepairSelection[] | null;
  onDraft: (values: RowValues) => void;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The one row being edited: its cells become inputs, named by column and row, each described by
 * its reasons. Fault and problem are chosen from the model's repair options when they are known
 * (the problems of the chosen fault); the typing is the page's draft, so a check keeps it.
 */
function RowEditor({ row, values, faults, onDraft, onDone, onCancel }: RowEditorProps) {
  const { verdict, key: number } = row;
  const reasonsId = useId();
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      onDone();
    }
    if (event.key === 'Escape') onCancel();
  };
  const described = (field: string) => {
    const invalid = reasonsOf(verdict, field).length > 0;
    return { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? `${reasonsId}-${field}` : undefined };
  };
  const reasons = (field: string) => <Reasons messages={reasonsOf(verdict, field)} id={`${reasonsId}-${field}`} />;
  const input = (field: TextColumn, heading: string) => (
    <td key={field}>
      <CellInput
        aria-label={COPY.cellLabel(heading, number)}
        value={values[field]}
        autoFocus={field === 'serial'}
        {...described(field)}
        onChange={(event) => onDraft({ ...values, [field]: event.target.value })}
        onKeyDown={keys}
      />
      {reasons(field)}
    </td>
  );
  const chosenFault = faults?.find((fault) => fault.name === values.fault) ?? null;
  const choice = (field: 'fault' | 'problem', heading: string, names: readonly string[], placeholder: string) => {
    // A value the list does not hold (a file's typo) stays shown, so the customer sees what to replace.
    const shown = values[field] !== '' && !names.includes(values[field]) ? [values[field], ...names] : names;
    return (
      <td key={field}>
        <CellSelect
          aria-label={COPY.cellLabel(heading, number)}
          value={values[field]}
          {...described(field)}
          onChange={(event) => {
            const next = { ...values, [field]: event.target.value };
            // Another fault offers other problems: a problem it does not offer is cleared.
            if (field === 'fault') {
              const fault = faults?.find((f) => f.name === event.target.value);
              if (!fault?.options.some((o) => o.name === values.problem)) next.problem = '';
            }
            onDraft(next);
          }}
          onKeyDown={keys}
        >
          <option value="">{placeholder}</option>
          {shown.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </CellSelect>
        {reasons(field)}
      </td>
    );
  };
  const cell = (field: TextColumn, heading: string) => {
    if (faults && faults.length > 0 && field === 'fault') return choice('fault', heading, faults.map((f) => f.name), COPY.chooseFault);
    if (faults && faults.length > 0 && field === 'problem')
      return choice('problem', heading, chosenFault?.options.map((o) => o.name) ?? [], COPY.chooseProblem);
    return input(field, heading);
  };
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
      {rest.map(([field, heading]) => cell(field, heading))}
      <td>
        <CellSelect
          aria-label={COPY.cellLabel('Has data', number)}
          value={hasDataWord(values.hasData)}
          {...described('hasData')}
          onChange={(event) => onDraft({ ...values, hasData: hasDataValue(event.target.value) })}
          onKeyDown={keys}
        >
          <option value="">—</option>
          <option value="yes">yes</option>
          <option value="no">no</option>
        </CellSelect>
        {reasons('hasData')}
      </td>
      <td>
        <div className="actions">
          <button type="button" className="row-action" onClick={onDone}>
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

/** focusNext's value when the removed row was the last: the caption takes the focus. */
const NO_ROW = -1;

export interface PreflightTableProps {
  rows: readonly PageRow[];
  editing: RowDraft | null;
  faults: FaultOptions;
  onEdit: (key: number) => void;
  onDraft: (values: RowValues) => void;
  onDone: () => void;
  onCancel: () => void;
  onRemove: (key: number) => void;
}

/**
 * Every row with its ✓ or ✗, its reasons beside the cells they concern, its entitlement in words
 * and its price. The focus never falls to the page's top: Done and Cancel give it back to the
 * row's Edit, Remove to the next row's (the last row's: the one before).
 */
export function PreflightTable({ rows, editing, faults, onEdit, onDraft, onDone, onCancel, onRemove }: PreflightTableProps) {
  const looks = useRef<HTMLDivElement>(null);
  const caption = useRef<HTMLTableCaptionElement>(null);
  const focusNext = useRef<number | null>(null);
  const current = useRef(rows);
  useLayoutEffect(() => {
    current.current = rows;
    if (focusNext.current === null) return;
    // No row left to go to: the table's caption takes the focus, not the page's top.
    const target = focusNext.current === NO_ROW ? caption.current : looks.current?.querySelector<HTMLButtonElement>(`[data-edit-row="${focusNext.current}"]`);
    target?.focus();
    focusNext.current = null;
  });
  // Stable, so the memoized rows do not render again for it.
  const remove = useCallback(
    (key: number) => {
      const list = current.current;
      const at = list.findIndex((row) => row.key === key);
      focusNext.current = (list[at + 1] ?? list[at - 1])?.key ?? NO_ROW;
      onRemove(key);
    },
    [onRemove],
  );
  const leaveEditing = (then: () => void) => {
    focusNext.current = editing?.key ?? null;
    then();
  };
  return (
    <TableLooks ref={looks}>
      <Table>
      <caption ref={caption} tabIndex={-1}>
        {COPY.tableCaption}
      </caption>
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
        {rows.map((row) =>
          row.key === editing?.key ? (
            <RowEditor
              key={row.key}
              row={row}
              values={editing.values}
              faults={row.verdict?.model ? (faults.get(row.verdict.model) ?? null) : null}
              onDraft={onDraft}
              onDone={() => leaveEditing(onDone)}
              onCancel={() => leaveEditing(onCancel)}
            />
          ) : (
            <RowView key={row.key} row={row} onEdit={onEdit} onRemove={remove} />
          ),
        )}
      </tbody>
      </Table>
    </TableLooks>
  );
}
