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
import { MAX_BATCH_ROWS, citesRows, renumbered, type PageRow, type RowValues } from './rows';
import type { Submission } from './submission';

/** The page's steps (issue 30: bring the units, pre-flight, one contact and shipment, one payment and submit). */
export const BATCH_STEPS = ['Units', 'Pre-flight', 'Contact & Packaging', 'Confirm & Submit'] as const;

export interface CheckState {
  checking: boolean;
  /** A removal made verdicts that cite rows by number stale: the page checks the rows again. */
  recheck: boolean;
  /** The last pre-flight call's failure, in words. */
  error: string | null;
}

export interface SubmitState {
  status: 'idle' | 'submitting' | 'failed';
  error: string | null;
  /** A 400's field errors sorted onto the forms (contact, address, payment, the rest by path). */
  fields: SortedFieldErrors | null;
}

/**
 * Where the page stands beyond its steps: editing the batch; a submission whose outcome is not
 * known (the page reloaded before the answer, or the submit met a network error or a 5xx), which
 * is sent again with its key or discarded, never changed; the creation of a batch the server
 * named; or leaving for the card provider.
 */
export type Phase =
  | { kind: 'editing' }
  | { kind: 'interrupted'; submission: Submission; reloaded: boolean }
  | { kind: 'processing'; batchId: string; resumed: boolean }
  | { kind: 'leaving' };

/** The row being edited and its values as typed so far (Done writes them to the row). */
export interface RowDraft {
  key: number;
  values: RowValues;
}

export interface BatchPageState {
  phase: Phase;
  step: number;
  rows: PageRow[];
  /** The next row's number: rows keep theirs when others are removed. */
  nextKey: number;
  editing: RowDraft | null;
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
  | { type: 'editStart'; key: number }
  | { type: 'editDraft'; values: RowValues }
  | { type: 'editDone' }
  | { type: 'editCancel' }
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
  /** The server named the batch: its RMAs are being created. */
  | { type: 'submitted'; batchId: string }
  /** The server answered with the card provider's page: the page leaves for it. */
  | { type: 'leaving' }
  /** The server refused the body (4xx): it is corrected and sent as a new attempt. */
  | { type: 'submitFailed'; message: string; fields: SortedFieldErrors | null }
  /** No answer, or a 5xx: the batch may exist, so only the same submission may go again. */
  | { type: 'submitUncertain'; submission: Submission; message: string }
  /** The customer gives up an uncertain submission, explicitly, to change the batch. */
  | { type: 'discard' };

export interface BatchInit {
  contact?: ContactValues;
  address?: AddressValues;
  /** The batch a reload of the progress view follows (?batch=). */
  resumedBatch?: string | null;
  /** A submission left unanswered in this tab by a reload. */
  stored?: Submission | null;
}

function initialPhase({ resumedBatch, stored }: BatchInit): Phase {
  if (resumedBatch) return { kind: 'processing', batchId: resumedBatch, resumed: true };
  if (stored) return { kind: 'interrupted', submission: stored, reloaded: true };
  return { kind: 'editing' };
}

export function initialBatchState(init: BatchInit = {}): BatchPageState {
  return {
    phase: initialPhase(init),
    step: 1,
    rows: [],
    nextKey: 1,
    editing: null,
    unitsError: null,
    check: { checking: false, recheck: false, error: null },
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
  return { key, verdict: null, values: { serial, fault, problem, notes, customerReference, assetTag, branch, hasData } };
}

/** The rows with the open draft written to its row (its verdict forgotten when it changed), and no draft. */
export function commitDraft(state: BatchPageState): BatchPageState {
  const { editing } = state;
  if (!editing) return state;
  return {
    ...state,
    editing: null,
    rows: state.rows.map((row) => (row.key === editing.key && row.values !== editing.values ? { ...row, values: editing.values, verdict: null } : row)),
  };
}

/** The verdict as the page shows it: the rows it cites numbered as the page numbers them. */
function shownVerdict(verdict: PreflightRow | null, judged: readonly PageRow[]): PreflightRow | null {
  if (!verdict) return null;
  return { ...verdict, reasons: verdict.reasons.map((reason) => ({ ...reason, message: renumbered(reason.message, judged) })) };
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

/**
 * The state holding a submission's rows to edit again: after a reload the page holds none, so the
 * rows of the submission it gives up come back (checked again); rows it holds stay as they are.
 */
function withRowsOf(state: BatchPageState, submission: Submission): BatchPageState {
  if (state.rows.length > 0 || submission.body.rows.length === 0) return state;
  const added = batchMachine(state, { type: 'add', rows: submission.body.rows });
  return { ...added, check: { ...added.check, recheck: true } };
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
      return { ...state, rows: [], nextKey: 1, editing: null, unitsError: null, check: { checking: false, recheck: false, error: null } };
    case 'checking':
      // The check judges the rows as they stand, an open row's draft included (the page sends the same).
      return { ...commitDraft(state), check: { checking: true, recheck: false, error: null } };
    case 'checked': {
      // A verdict stands for the values it judged: a row edited while the check ran keeps none.
      const judged = new Map(
        event.judged.map((row, index) => [row.key, { values: row.values, verdict: shownVerdict(event.verdicts[index] ?? null, event.judged) }]),
      );
      const rows = state.rows.map((row) => {
        const answer = judged.get(row.key);
        return answer && answer.values === row.values ? { ...row, verdict: answer.verdict } : row;
      });
      return { ...state, rows, check: { checking: false, recheck: false, error: null } };
    }
    case 'checkFailed':
      return { ...state, check: { checking: false, recheck: false, error: event.message } };
    case 'edit':
      return {
        ...state,
        rows: state.rows.map((row) => (row.key === event.key && row.values !== event.values ? { ...row, values: event.values, verdict: null } : row)),
        submit: idleSubmit,
      };
    case 'editStart': {
      const row = state.rows.find((r) => r.key === event.key);
      if (!row) return state;
      // Opening another row keeps the open one's typing: it is written to its row first.
      return { ...commitDraft(state), editing: { key: row.key, values: row.values } };
    }
    case 'editDraft':
      return state.editing ? { ...state, editing: { ...state.editing, values: event.values } } : state;
    case 'editDone':
      return state.editing ? { ...commitDraft(state), submit: idleSubmit } : state;
    case 'editCancel':
      return { ...state, editing: null };
    case 'fillEmpty':
      return { ...state, rows: state.rows.map((row) => fillRow(row, event.values)), submit: idleSubmit };
    case 'remove': {
      // A verdict that cites rows by number ('Listed twice: rows 3 and 7') may cite the row removed:
      // it is forgotten, and the page checks the rows again.
      let stale = false;
      const rows = state.rows
        .filter((row) => row.key !== event.key)
        .map((row) => {
          if (!citesRows(row.verdict)) return row;
          stale = true;
          return { ...row, verdict: null };
        });
      const editing = state.editing?.key === event.key ? null : state.editing;
      return { ...state, rows, editing, check: stale && rows.length > 0 ? { ...state.check, recheck: true } : state.check, submit: idleSubmit };
    }
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
    case 'submitted':
      return { ...state, phase: { kind: 'processing', batchId: event.batchId, resumed: false }, submit: idleSubmit };
    case 'leaving':
      return { ...state, phase: { kind: 'leaving' } };
    case 'submitFailed': {
      const fields = event.fields;
      // Refusals of the contact, address or packaging are shown on their step.
      const onDetails =
        fields !== null &&
        (Object.keys(fields.contact).length > 0 || Object.keys(fields.address).length > 0 || Object.keys(fields.other).some((path) => path.startsWith('packaging.')));
      // A reloaded submission refused: its rows come back, on the pre-flight, checked again.
      const restored = state.phase.kind === 'interrupted' ? withRowsOf(state, state.phase.submission) : state;
      const step = onDetails ? 3 : restored !== state ? 2 : state.step;
      return {
        ...restored,
        phase: { kind: 'editing' },
        step,
        submit: { status: 'failed', error: event.message, fields },
      };
    }
    case 'submitUncertain':
      return {
        ...state,
        phase: { kind: 'interrupted', submission: event.submission, reloaded: false },
        submit: { status: 'failed', error: event.message, fields: null },
      };
    case 'discard':
      if (state.phase.kind !== 'interrupted') return state;
      return { ...withRowsOf(state, state.phase.submission), phase: { kind: 'editing' }, submit: idleSubmit };
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
 * checked as it stands and passes and no row is being edited (editingRow: its number). Nothing is
 * submitted while a row fails.
 */
export function preflightBlock(summary: RowsSummary, editingRow: number | null = null): string | null {
  if (summary.rows === 0) return COPY.noRows;
  if (editingRow !== null) return COPY.finishEditing(editingRow);
  if (summary.failed > 0) return COPY.rowsFail(summary.failed);
  if (summary.checked < summary.rows) return COPY.rowsUnchecked(summary.rows - summary.checked);
  return null;
}

/** Out-of-warranty rows pass: the batch is paid (by PO or card) or saved as one quote. */
export function needsPayment(summary: RowsSummary): boolean {
  return summary.outOfWarranty > 0;
}
