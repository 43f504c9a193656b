import type { Entitlement, BatchRowInput, PreflightRow } from '@portal/api-client';
import { normalizeSerial } from '@portal/forms';

/** The most rows one batch holds (the API's limit: the parse and the pre-flight refuse more). */
export const MAX_BATCH_ROWS = 1000;

/** A row's columns as the page edits them: the API's row, field for field. */
export type RowValues = BatchRowInput;

/** The columns a customer edits, in the table's order, with their headings. */
export const EDITABLE_COLUMNS = [
  ['serial', 'Serial'],
  ['fault', 'Fault'],
  ['problem', 'Problem'],
  ['notes', 'Notes'],
  ['customerReference', 'Customer reference'],
  ['assetTag', 'Asset tag'],
  ['branch', 'Branch'],
] as const satisfies readonly (readonly [Exclude<keyof RowValues, 'hasData'>, string])[];

export type TextColumn = (typeof EDITABLE_COLUMNS)[number][0];

/**
 * One row of the page: its values and the pre-flight's verdict on exactly these values; null once
 * the row changed after its check, so a verdict never stands for values it did not judge.
 */
export interface PageRow {
  /**
   * Stable across edits and removals: React's key, the row's handle and the number the page shows
   * (its place when it was brought, 1 for the first), so 'row 7' keeps meaning one row after row 3
   * is removed.
   */
  key: number;
  values: RowValues;
  verdict: PreflightRow | null;
}

export const emptyRow: RowValues = {
  serial: '',
  fault: '',
  problem: '',
  notes: '',
  customerReference: '',
  assetTag: '',
  branch: '',
  hasData: null,
};

/** A scanned (or typed) serial as a row of its own: the other columns are filled in the table. */
export function scannedRow(serial: string): RowValues {
  return { ...emptyRow, serial: normalizeSerial(serial) };
}

/**
 * Pasted text as the CSV the parse reads. CSV text whose first line names a `serial` column goes
 * as it is; anything else is read as serials, one a line, under a `serial` header, so both go
 * through the one parse (its rules, limits and messages) rather than a second reader here.
 */
export function pastedCsv(text: string): string | null {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return null;
  const header = (lines[0] ?? '')
    .split(/[,;\t]/)
    .map((cell) => cell.trim().replace(/^"|"$/g, '').toLowerCase().replace(/\s+/g, ''));
  if (header.includes('serial')) return `${lines.join('\n')}\n`;
  return `serial\n${lines.map((line) => line.trim()).join('\n')}\n`;
}

/** The pasted CSV as the file the parse takes. */
export function pastedFile(csv: string): File {
  return new File([csv], 'pasted.csv', { type: 'text/csv' });
}

/** The API's row of a page row: its values, trimmed as the single stepper trims its body. */
export function toRowInput(row: PageRow): BatchRowInput {
  const v = row.values;
  return {
    serial: v.serial.trim(),
    fault: v.fault.trim(),
    problem: v.problem.trim(),
    notes: v.notes.trim(),
    customerReference: v.customerReference.trim(),
    assetTag: v.assetTag.trim(),
    branch: v.branch.trim(),
    hasData: v.hasData,
  };
}

/** How the page names an entitlement: in words, never the API's code. */
export function entitlementWords(entitlement: Entitlement | null): string {
  switch (entitlement) {
    case 'IN_WARRANTY':
      return 'In warranty';
    case 'OUT_OF_WARRANTY':
      return 'Out of warranty';
    case 'OVERRIDE':
      return 'Out of warranty, override (no payment first)';
    default:
      return '—';
  }
}

/** The verdict's reasons on one column (the cell shows them), and those no column shows. */
export function reasonsOf(verdict: PreflightRow | null, field: string): string[] {
  return verdict ? verdict.reasons.filter((r) => r.field === field).map((r) => r.message) : [];
}

const SHOWN_FIELDS: readonly string[] = [...EDITABLE_COLUMNS.map(([field]) => field), 'hasData'];

export function otherReasons(verdict: PreflightRow | null): string[] {
  return verdict ? verdict.reasons.filter((r) => !SHOWN_FIELDS.includes(r.field)).map((r) => r.message) : [];
}

/**
 * Whether a row's data question was answered yes: the data-handling agreement (the camera
 * click-wrap) is then the batch's to accept. The pre-flight asks the question of VERETOS units
 * only (hasData 'Required' on any other is never asked), so a yes stands for a camera with data.
 */
export function rowsWithData(rows: readonly PageRow[]): number {
  return rows.filter((row) => row.values.hasData === true).length;
}

/** hasData as the table's select shows it, and back. */
export function hasDataWord(value: boolean | null): '' | 'yes' | 'no' {
  return value === null ? '' : value ? 'yes' : 'no';
}

export function hasDataValue(word: string): boolean | null {
  return word === 'yes' ? true : word === 'no' ? false : null;
}

/** A branch name as the API matches it: whatever its case and spaces. */
export function branchKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The one branch the rows name (as the first row writes it), or null when they name none or several. */
export function rowsBranch(rows: readonly PageRow[]): string | null {
  const named = rows.map((row) => row.values.branch.trim()).filter((branch) => branch !== '');
  const first = named[0];
  if (first === undefined) return null;
  return named.every((branch) => branchKey(branch) === branchKey(first)) ? first : null;
}

/** The pre-flight's reasons that cite rows by number ('Listed twice: rows 3 and 7'). */
const CITES_ROWS = /^(Listed (?:twice|\d+ times): rows )(.+)$/;

/**
 * The message with the rows it cites as the page numbers them: the pre-flight numbers the rows by
 * their place in what it was sent (1 for the first), the page by each row's stable number.
 */
export function renumbered(message: string, judged: readonly PageRow[]): string {
  const match = CITES_ROWS.exec(message);
  if (!match) return message;
  return match[1] + match[2]!.replace(/\d+/g, (n) => String(judged[Number(n) - 1]?.key ?? n));
}

/** Whether a verdict cites other rows, so a row's removal makes it stale. */
export function citesRows(verdict: PreflightRow | null): boolean {
  return verdict !== null && verdict.reasons.some((reason) => CITES_ROWS.test(reason.message));
}
