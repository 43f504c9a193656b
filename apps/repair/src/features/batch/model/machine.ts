import type { PreflightRow, ParsedBatchRow } from '@portal/api-client';
import {
  emptyAddress,
  emptyContact,
  emptyPayment,
  type AddressValues,
  type ContactValues,
  type PaymentValues,
  type SortedFieldErrors,
} from '@portal/forms';
import { COPY } from '../copy';
import { defaultPackaging, type PackagingValues } from './packaging';
import { MAX_BATCH_ROWS, type PageRow, type RowValues } from './rows';

/** The page's steps (issue 30: bring the units, pre-flight, one contact and shipment, one payment and submit). */
export const BATCH_STEPS = ['Units', 'Pre-flight', 'Contact & Packaging', 'Confirm & Submit'] as const;

export interface CheckState {
  checking: boolean;
  /** The last pre-flight call's failure, in words. */
  error: string | null;
}

export interface SubmitState {
  status: 'idle' | 'submitting' | 'failed';
  error: string | null;
  /** A 400's field errors sorted onto the forms (contact, address, payment, the rest by path). */
  fields: SortedFieldErrors | null;
}

export interface BatchPageState {
  step: number;
  rows: PageRow[];
  nextKey: number;
  /** Why the last units brought were refused (too many rows). */
  unitsError: string | null;
  check: CheckState;
  contact: ContactValues;
  address: AddressValues;
  packaging: PackagingValues;
  /** The branch whose contact and address were filled in for the rows (once per branch, so edits stay). */
  branchApplied: string | null;
  acknowledgeHddBackup: boolean;
  acknowledgeClickWrapAgreement: boolean;
  payment: PaymentValues;
  submit: SubmitState;
}

export type BatchEvent =
  | { type: 'add'; rows: readonly (RowValues | ParsedBatchRow)[] }
  | { type: 'clear' }
  | { type: 'checking' }
  | { type: 'checked'; judged: readonly PageRow[]; verdicts: readonly PreflightRow[] }
  | { type: 'checkFailed'; message: string }
  | { type: 'edit'; key: number; values: RowValues }
  | { type: 'remove'; key: number }
  | { type: 'fillEmpty'; values: FillValues }
  | { type: 'go'; step: number }
  | { type: 'contact'; values: ContactValues }
  | { type: 'address'; values: AddressValues }
  | { type: 'branchDefault'; branch: string; contact: ContactValues; address: AddressValues }
  | { type: 'packaging'; values: PackagingValues }
  | { type: 'acknowledgeHddBackup'; value: boolean }
  | { type: 'acknowledgeClickWrapAgreement'; value: boolean }
  | { type: 'payment'; values: PaymentValues }
  | { type: 'submitting' }
  | { type: 'submitFailed'; message: string; fields: SortedFieldErrors | null };

export function initialBatchState(init: { contact?: ContactValues; address?: AddressValues } = {}): BatchPageState {
  return {
    step: 1,
    rows: [],
    nextKey: 1,
    unitsError: null,
    check: { checking: false, error: null },
    contact: init.contact ?? emptyContact,
    address: init.address ?? emptyAddress,
    packaging: defaultPackaging,
    branchApplied: null,
    acknowledgeHddBackup: false,
    acknowledgeClickWrapAgreement: false,
    payment: emptyPayment,
    submit: { status: 'idle', error: null, fields: null },
  };
}

function rowOf(input: RowValues | ParsedBatchRow, key: number): PageRow {
  const { serial, fault, problem, notes, customerReference, assetTag, branch, hasData } = input;
  const line = 'line' in input && typeof input.line === 'number' ? input.line : null;
  return { key, line, verdict: null, values: { serial, fault, problem, notes, customerReference, assetTag, branch, hasData } };
}

const idleSubmit: SubmitState = { status: 'idle', error: null, fields: null };

/** What 'Fill empty cells' writes into every row whose cell is empty (a scanned list has only serials). */
export interface FillValues {
  fault: string;
  problem: string;
  notes: string;
}

/** The row with fill's values in its empty cells; the same row (and its verdict) when none was empty. */
export function fillRow(row: PageRow, fill: FillValues): PageRow {
  const values = { ...row.values };
  let changed = false;
  for (const field of ['fault', 'problem', 'notes'] as const) {
    const value = fill[field].trim();
    if (value !== '' && values[field].trim() === '') {
      values[field] = value;
      changed = true;
    }
  }
  return changed ? { ...row, values, verdict: null } : row;
}

/** The page as a state machine: each event of the customer or of an answer, one transition. */
export function batchMachine(state: BatchPageState, event: BatchEvent): BatchPageState {
  switch (event.type) {
    case 'add': {
      const total = state.rows.length + event.rows.length;
      if (total > MAX_BATCH_ROWS) return { ...state, unitsError: COPY.tooManyRows(total) };
      const added = event.rows.map((row, i) => rowOf(row, state.nextKey + i));
      return { ...state, rows: [...state.rows, ...added], nextKey: state.nextKey + added.length, unitsError: null };
    }
    case 'clear':
      return { ...state, rows: [], unitsError: null, check: { checking: false, error: null } };
    case 'checking':
      return { ...state, check: { checking: true, error: null } };
    case 'checked': {
      // A verdict stands for the values it judged: a row edited while the check ran keeps none.
      const judged = new Map(event.judged.map((row, index) => [row.key, { values: row.values, verdict: event.verdicts[index] ?? null }]));
      const rows = state.rows.map((row) => {
        const answer = judged.get(row.key);
        return answer && answer.values === row.values ? { ...row, verdict: answer.verdict } : row;
      });
      return { ...state, rows, check: { checking: false, error: null } };
    }
    case 'checkFailed':
      return { ...state, check: { checking: false, error: event.message } };
    case 'edit':
      return {
        ...state,
        rows: state.rows.map((row) => (row.key === event.key && row.values !== event.values ? { ...row, values: event.values, verdict: null } : row)),
        submit: idleSubmit,
      };
    case 'fillEmpty':
      return { ...state, rows: state.rows.map((row) => fillRow(row, event.values)), submit: idleSubmit };
    case 'remove':
      return { ...state, rows: state.rows.filter((row) => row.key !== event.key), submit: idleSubmit };
    case 'go':
      return { ...state, step: event.step };
    case 'contact':
      return { ...state, contact: event.values };
    case 'address':
      return { ...state, address: event.values };
    case 'branchDefault':
      return { ...state, contact: event.contact, address: event.address, branchApplied: event.branch };
    case 'packaging':
      return { ...state, packaging: event.values };
    case 'acknowledgeHddBackup':
      return { ...state, acknowledgeHddBackup: event.value };
    case 'acknowledgeClickWrapAgreement':
      return { ...state, acknowledgeClickWrapAgreement: event.value };
    case 'payment':
      return { ...state, payment: event.values };
    case 'submitting':
      return { ...state, submit: { status: 'submitting', error: null, fields: null } };
    case 'submitFailed':
      return { ...state, submit: { status: 'failed', error: event.message, fields: event.fields } };
  }
}

/** Where the rows stand after their checks: every figure the summary and the Continue need. */
export interface RowsSummary {
  rows: number;
  checked: number;
  ok: number;
  failed: number;
  inWarranty: number;
  outOfWarranty: number;
  override: number;
  /** The passing out-of-warranty rows' prices, in cents. */
  totalCents: number;
}

/** '260.10' → 26010; the API writes amounts with two decimals. */
export function cents(amount: string | null): number {
  const match = amount ? /^(\d+)\.(\d{2})$/.exec(amount.trim()) : null;
  return match ? Number(match[1]) * 100 + Number(match[2]) : 0;
}

export function summarize(rows: readonly PageRow[]): RowsSummary {
  const summary: RowsSummary = { rows: rows.length, checked: 0, ok: 0, failed: 0, inWarranty: 0, outOfWarranty: 0, override: 0, totalCents: 0 };
  for (const { verdict } of rows) {
    if (!verdict) continue;
    summary.checked++;
    if (!verdict.ok) {
      summary.failed++;
      continue;
    }
    summary.ok++;
    if (verdict.entitlement === 'IN_WARRANTY') summary.inWarranty++;
    if (verdict.entitlement === 'OVERRIDE') summary.override++;
    if (verdict.entitlement === 'OUT_OF_WARRANTY') {
      summary.outOfWarranty++;
      summary.totalCents += cents(verdict.price);
    }
  }
  return summary;
}

/**
 * Why the pre-flight cannot go on, in the words shown next to its button; null when every row is
 * checked as it stands and passes. Nothing is submitted while a row fails.
 */
export function preflightBlock(summary: RowsSummary): string | null {
  if (summary.rows === 0) return COPY.noRows;
  if (summary.failed > 0) return COPY.rowsFail(summary.failed);
  if (summary.checked < summary.rows) return COPY.rowsUnchecked(summary.rows - summary.checked);
  return null;
}

/** Out-of-warranty rows pass: the batch is paid (by PO or card) or saved as one quote. */
export function needsPayment(summary: RowsSummary): boolean {
  return summary.outOfWarranty > 0;
}
