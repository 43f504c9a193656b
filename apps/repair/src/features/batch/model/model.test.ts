import type { PreflightRow } from '@portal/api-client';
import { emptyPayment } from '@portal/forms';
import { batchMachine, cents, commitDraft, fillRow, initialBatchState, preflightBlock, summarize, type BatchPageState } from './machine';
import { boxesFor, toPackagingBody, validatePackaging } from './packaging';
import { buildSubmitBody } from './payload';
import { citesRows, emptyRow, pastedCsv, renumbered, rowsBranch, scannedRow, type PageRow } from './rows';
import { ApiError } from '@portal/api-client';
import { sortFieldErrors } from '@portal/forms';
import { progressAnnouncement } from '../components/SubmitProgress';
import { isUncertain, messageOf, unshownFieldErrors } from './errors';
import { clearSubmission, loadSubmission, resumedBatch, submissionFor } from './submission';

const verdict = (over: Partial<PreflightRow> = {}): PreflightRow => ({
  index: 0,
  serial: 'RT10001003',
  ok: true,
  reasons: [],
  model: 'RL14',
  entitlement: 'IN_WARRANTY',
  price: null,
  ...over,
});

function withRows(serials: string[]): BatchPageState {
  return batchMachine(initialBatchState(), { type: 'add', rows: serials.map(scannedRow) });
}

describe('pastedCsv', () => {
  it('reads serials one per line under a serial header, blank lines left out', () => {
    expect(pastedCsv(' rt10001003\n\nRT10001004 \r\n')).toBe('serial\nrt10001003\nRT10001004\n');
  });

  it('sends CSV text with its own header as it is', () => {
    expect(pastedCsv('Serial,Fault,Problem\nRT10001003,Display,Cracked screen')).toBe('Serial,Fault,Problem\nRT10001003,Display,Cracked screen\n');
  });

  it('has nothing to send for blank text', () => {
    expect(pastedCsv(' \n \n')).toBeNull();
  });
});

describe('the page machine', () => {
  it('adds scanned serials as rows, upper case and trimmed, with stable keys', () => {
    const state = withRows([' rt10001003 ', 'RT10001004']);
    expect(state.rows.map((r) => [r.key, r.values.serial, r.verdict])).toEqual([
      [1, 'RT10001003', null],
      [2, 'RT10001004', null],
    ]);
  });

  it('refuses units past 1,000 rows, keeping the rows it has', () => {
    const state = withRows(Array.from({ length: 999 }, (_, i) => `RT${10001000 + i}`));
    const next = batchMachine(state, { type: 'add', rows: [scannedRow('RT1'), scannedRow('RT2')] });
    expect(next.rows).toHaveLength(999);
    expect(next.unitsError).toBe('A batch holds at most 1,000 rows; this would make 1,001.');
  });

  it('puts each verdict on the row it judged, unless the row changed while the check ran', () => {
    const state = withRows(['RT1', 'RT2']);
    const judged = state.rows;
    const edited = batchMachine(state, { type: 'edit', key: 2, values: { ...emptyRow, serial: 'RT3' } });
    const checked = batchMachine(edited, { type: 'checked', judged, verdicts: [verdict(), verdict({ index: 1, ok: false })] });
    expect(checked.rows[0]?.verdict?.ok).toBe(true);
    expect(checked.rows[1]?.verdict).toBeNull();
    expect(checked.rows[1]?.values.serial).toBe('RT3');
  });

  it('forgets a row’s verdict when it is edited, and drops a removed row', () => {
    let state = withRows(['RT1', 'RT2']);
    state = batchMachine(state, { type: 'checked', judged: state.rows, verdicts: [verdict(), verdict({ ok: false })] });
    state = batchMachine(state, { type: 'edit', key: 1, values: { ...emptyRow, serial: 'RT9' } });
    expect(state.rows[0]?.verdict).toBeNull();
    state = batchMachine(state, { type: 'remove', key: 2 });
    expect(state.rows.map((r) => r.key)).toEqual([1]);
  });
});

describe('fill empty cells', () => {
  const fill = { fault: ' Battery / Power ', problem: 'Battery does not hold a charge', notes: '' };

  it('writes the shared values into the empty cells only, and forgets the verdict of a row it changed', () => {
    let state = withRows(['RT1', 'RT2']);
    state = batchMachine(state, { type: 'edit', key: 2, values: { ...state.rows[1]!.values, fault: 'Display' } });
    state = batchMachine(state, { type: 'checked', judged: state.rows, verdicts: [verdict({ ok: false }), verdict({ ok: false })] });
    const filled = batchMachine(state, { type: 'fillEmpty', values: fill });
    expect(filled.rows.map((r) => [r.values.fault, r.values.problem, r.values.notes, r.verdict])).toEqual([
      ['Battery / Power', 'Battery does not hold a charge', '', null],
      ['Display', 'Battery does not hold a charge', '', null],
    ]);
  });

  it('leaves a row with nothing empty as it was, verdict and all', () => {
    const [row] = withRows(['RT1']).rows;
    const full = { ...row!, values: { ...row!.values, fault: 'F', problem: 'P', notes: 'N' }, verdict: verdict() };
    expect(fillRow(full, fill)).toBe(full);
  });
});

describe('summarize and preflightBlock', () => {
  function checked(verdicts: PreflightRow[]): PageRow[] {
    const state = withRows(verdicts.map((v) => v.serial));
    return batchMachine(state, { type: 'checked', judged: state.rows, verdicts }).rows;
  }

  it('counts the passing rows per entitlement and sums the out-of-warranty prices', () => {
    const rows = checked([
      verdict(),
      verdict({ entitlement: 'OUT_OF_WARRANTY', price: '260.10' }),
      verdict({ entitlement: 'OUT_OF_WARRANTY', price: '1000.05' }),
      verdict({ entitlement: 'OVERRIDE' }),
      verdict({ ok: false, entitlement: 'OUT_OF_WARRANTY', price: '99.00' }),
    ]);
    expect(summarize(rows)).toEqual({ rows: 5, checked: 5, ok: 4, failed: 1, inWarranty: 1, outOfWarranty: 2, override: 1, totalCents: 126015 });
  });

  it('blocks while a row fails or is unchecked, and passes when every row passes', () => {
    const failing = checked([verdict(), verdict({ ok: false })]);
    expect(preflightBlock(summarize(failing))).toBe(
      'Nothing is submitted while a row fails: fix or remove the 1 row marked ✗, then Check again.',
    );
    expect(preflightBlock(summarize(withRows(['RT1', 'RT2']).rows))).toBe('2 rows have changed since the check: Check again before you continue.');
    expect(preflightBlock(summarize([]))).toBe('Add units before you continue.');
    expect(preflightBlock(summarize(checked([verdict()])))).toBeNull();
  });

  it('reads the API’s amounts digit by digit', () => {
    expect(cents('260.10')).toBe(26010);
    expect(cents(null)).toBe(0);
    expect(cents('12')).toBe(0);
  });
});

describe('packaging', () => {
  it('asks 1 to 50 units a box for own boxes only', () => {
    expect(validatePackaging({ kind: 'OWN_BOXES', unitsPerBox: '10' })).toBeUndefined();
    expect(validatePackaging({ kind: 'OWN_BOXES', unitsPerBox: '' })).toBe('Required');
    expect(validatePackaging({ kind: 'OWN_BOXES', unitsPerBox: '51' })).toBe('Must be 1 to 50');
    expect(validatePackaging({ kind: 'OWN_BOXES', unitsPerBox: '2.5' })).toBe('Must be 1 to 50');
    expect(validatePackaging({ kind: 'REQUEST_BOXES', unitsPerBox: '' })).toBeUndefined();
  });

  it('sends unitsPerBox only for own boxes and counts the boxes', () => {
    expect(toPackagingBody({ kind: 'OWN_BOXES', unitsPerBox: ' 8 ' })).toEqual({ kind: 'OWN_BOXES', unitsPerBox: 8 });
    expect(toPackagingBody({ kind: 'REQUEST_BOXES', unitsPerBox: '8' })).toEqual({ kind: 'REQUEST_BOXES' });
    expect(boxesFor(21, { kind: 'OWN_BOXES', unitsPerBox: '10' })).toBe(3);
  });
});

describe('rowsBranch', () => {
  const rowsNaming = (...branches: string[]) =>
    batchMachine(initialBatchState(), { type: 'add', rows: branches.map((branch) => ({ ...emptyRow, serial: 'RT1', branch })) }).rows;

  it('is the one branch the rows name, whatever its case and spaces', () => {
    expect(rowsBranch(rowsNaming('Reno  Depot', '', 'reno depot'))).toBe('Reno  Depot');
  });

  it('is none when rows name several branches or none', () => {
    expect(rowsBranch(rowsNaming('Reno', 'Austin'))).toBeNull();
    expect(rowsBranch(rowsNaming('', ''))).toBeNull();
  });
});

describe('buildSubmitBody', () => {
  const state: BatchPageState = {
    ...withRows(['rt1']),
    acknowledgeHddBackup: true,
    acknowledgeClickWrapAgreement: true,
    payment: { ...emptyPayment, method: 'PO', poNumber: ' 4500012345 ', poRelease: '0042', poFile: { fileId: 'f1', originalname: 'po.pdf' } as never },
  };

  it('sends a PO with its release and file, and no click-wrap without a camera with data', () => {
    const body = buildSubmitBody(state, 'PO', { methods: ['PO', 'PayPal'], defaultMethod: 'PO', poReleaseRequired: true, discountPercent: 10 } as never);
    expect(body.rows).toEqual([{ ...emptyRow, serial: 'RT1' }]);
    expect(body.packaging).toEqual({ kind: 'OWN_BOXES', unitsPerBox: 10 });
    expect(body.acknowledgeClickWrapAgreement).toBe(false);
    expect(body.paymentData).toEqual({ paymentMethod: 'PO', customerPO: '4500012345-0042', customerPOFileId: 'f1' });
  });

  it('sends nothing of the PO when saving, and no paymentData when nothing is paid', () => {
    expect(buildSubmitBody(state, 'SAVE', null).paymentData).toEqual({ paymentMethod: 'SAVE', customerPO: '', customerPOFileId: '' });
    expect(buildSubmitBody(state, null, null)).not.toHaveProperty('paymentData');
  });
});

describe('the submission kept in sessionStorage', () => {
  beforeEach(() => clearSubmission());
  const body = buildSubmitBody(withRows(['RT1']), null, null);

  it('keeps one key per body across a reload, and a new key for another body', () => {
    const first = submissionFor(body);
    expect(loadSubmission()).toEqual(first);
    expect(submissionFor(JSON.parse(JSON.stringify(body))).key).toBe(first.key);
    expect(submissionFor({ ...body, acknowledgeHddBackup: true }).key).not.toBe(first.key);
  });

  it('forgets the submission once cleared', () => {
    submissionFor(body);
    clearSubmission();
    expect(loadSubmission()).toBeNull();
  });

  it('reads the batch a reload of the progress view follows from its URL, and nothing else', () => {
    expect(resumedBatch('?batch=BT-7K2M9Q4X')).toBe('BT-7K2M9Q4X');
    expect(resumedBatch('?batch=BT-7K2M9Q4')).toBeNull();
    expect(resumedBatch('?batch=../x')).toBeNull();
    expect(resumedBatch('')).toBeNull();
  });
});

describe('the page machine’s phases', () => {
  const body = buildSubmitBody(withRows(['RT1']), null, null);
  const submission = { key: 'k-1', body };

  it('starts following the batch of its URL, else interrupted by a stored submission, else editing', () => {
    expect(initialBatchState({ resumedBatch: 'BT-7K2M9Q4X', stored: submission }).phase).toEqual({ kind: 'processing', batchId: 'BT-7K2M9Q4X', resumed: true });
    expect(initialBatchState({ stored: submission }).phase).toEqual({ kind: 'interrupted', submission, reloaded: true });
    expect(initialBatchState().phase).toEqual({ kind: 'editing' });
  });

  it('follows the batch the server named, or leaves for the card provider', () => {
    const sending = batchMachine(withRows(['RT1']), { type: 'submitting' });
    expect(sending.submit.status).toBe('submitting');
    expect(batchMachine(sending, { type: 'submitted', batchId: 'BT-7K2M9Q4X' }).phase).toEqual({ kind: 'processing', batchId: 'BT-7K2M9Q4X', resumed: false });
    expect(batchMachine(sending, { type: 'leaving' }).phase).toEqual({ kind: 'leaving' });
  });

  it('holds an unanswered submit as interrupted, with its submission, until it is sent again or discarded', () => {
    let state = batchMachine(batchMachine(withRows(['RT1']), { type: 'submitting' }), { type: 'submitUncertain', submission, message: 'No answer' });
    expect(state.phase).toEqual({ kind: 'interrupted', submission, reloaded: false });
    expect(state.submit).toMatchObject({ status: 'failed', error: 'No answer' });
    state = batchMachine(state, { type: 'discard' });
    expect(state.phase).toEqual({ kind: 'editing' });
    expect(state.rows.map((r) => r.values.serial)).toEqual(['RT1']);
  });

  it('gives back a reloaded submission’s rows to edit when it is discarded', () => {
    const state = batchMachine(initialBatchState({ stored: { key: 'k', body: { ...body, rows: [{ ...emptyRow, serial: 'RT7' }] } } }), { type: 'discard' });
    expect(state.phase).toEqual({ kind: 'editing' });
    expect(state.rows.map((r) => [r.key, r.values.serial])).toEqual([[1, 'RT7']]);
    expect(state.check.recheck).toBe(true);
  });

  it('gives back a reloaded submission’s rows on the pre-flight when the server refuses it', () => {
    const stored = { key: 'k', body: { ...body, rows: [{ ...emptyRow, serial: 'RT7' }] } };
    const state = batchMachine(batchMachine(initialBatchState({ stored }), { type: 'submitting' }), {
      type: 'submitFailed',
      message: 'Some details were refused: see the messages below.',
      fields: sortFieldErrors({ 'rows.0.serial': 'RMA Already Exists For This Unit' }),
    });
    expect([state.phase.kind, state.step, state.rows.map((r) => r.values.serial), state.check.recheck]).toEqual(['editing', 2, ['RT7'], true]);
  });

  it('goes back to editing on a refusal, on the contact step when the contact, address or packaging was refused', () => {
    const sending = batchMachine({ ...withRows(['RT1']), step: 4 }, { type: 'submitting' });
    const onDetails = batchMachine(sending, { type: 'submitFailed', message: 'm', fields: sortFieldErrors({ 'packaging.unitsPerBox': 'Must be 1 to 50' }) });
    expect([onDetails.phase.kind, onDetails.step]).toEqual(['editing', 3]);
    const onRows = batchMachine(sending, { type: 'submitFailed', message: 'm', fields: sortFieldErrors({ rows: 'Required' }) });
    expect(onRows.step).toBe(4);
  });
});

describe('the row being edited', () => {
  it('keeps the typing as a draft that Done writes to its row, and Cancel drops', () => {
    let state = withRows(['RT1', 'RT2']);
    state = batchMachine(state, { type: 'editStart', key: 2 });
    state = batchMachine(state, { type: 'editDraft', values: { ...emptyRow, serial: 'RT9' } });
    expect(state.rows[1]?.values.serial).toBe('RT2');
    expect(preflightBlock(summarize(state.rows), state.editing?.key ?? null)).toBe('Finish editing row 2 (Done or Cancel) before you continue.');
    expect(batchMachine(state, { type: 'editCancel' }).rows[1]?.values.serial).toBe('RT2');
    const done = batchMachine(state, { type: 'editDone' });
    expect([done.editing, done.rows[1]?.values.serial]).toEqual([null, 'RT9']);
  });

  it('checks the draft as typed: checking writes it to its row', () => {
    let state = withRows(['RT1']);
    state = batchMachine(state, { type: 'editStart', key: 1 });
    state = batchMachine(state, { type: 'editDraft', values: { ...emptyRow, serial: 'RT9' } });
    const judged = commitDraft(state).rows;
    state = batchMachine(state, { type: 'checking' });
    expect([state.editing, state.rows[0]?.values.serial]).toEqual([null, 'RT9']);
    state = batchMachine(state, { type: 'checked', judged, verdicts: [verdict({ serial: 'RT9' })] });
    expect(state.rows[0]?.verdict?.ok).toBe(true);
  });
});

describe('stable row numbers', () => {
  it('keeps each row’s number when another is removed, and numbers the pre-flight’s citations as the page does', () => {
    let state = withRows(['RT1', 'RT2', 'RT3', 'RT1']);
    state = batchMachine(state, { type: 'remove', key: 2 });
    const judged = state.rows;
    const twice = (rows: string) => verdict({ ok: false, reasons: [{ field: 'serial', message: `Listed twice: rows ${rows}` }] });
    // The pre-flight was sent RT1, RT3, RT1: it cites its rows 1 and 3, the page's rows 1 and 4.
    state = batchMachine(state, { type: 'checked', judged, verdicts: [twice('1 and 3'), verdict(), twice('1 and 3')] });
    expect(state.rows.map((r) => r.key)).toEqual([1, 3, 4]);
    expect(state.rows[0]?.verdict?.reasons[0]?.message).toBe('Listed twice: rows 1 and 4');
    expect(renumbered('Listed 3 times: rows 1, 2 and 3', judged)).toBe('Listed 3 times: rows 1, 3 and 4');
    expect(renumbered('Serial Not Found', judged)).toBe('Serial Not Found');
  });

  it('forgets the verdicts that cite rows when a row is removed, and asks for a check again', () => {
    let state = withRows(['RT1', 'RT1', 'RT2']);
    const cited = verdict({ ok: false, reasons: [{ field: 'serial', message: 'Listed twice: rows 1 and 2' }] });
    state = batchMachine(state, { type: 'checked', judged: state.rows, verdicts: [cited, cited, verdict()] });
    state = batchMachine(state, { type: 'remove', key: 2 });
    expect(state.rows.map((r) => [r.key, r.verdict?.ok ?? null])).toEqual([
      [1, null],
      [3, true],
    ]);
    expect(state.check.recheck).toBe(true);
    expect(batchMachine(state, { type: 'checking' }).check.recheck).toBe(false);
    expect(citesRows(null)).toBe(false);
  });

  it('numbers rows from 1 again after the units are cleared', () => {
    const state = batchMachine(batchMachine(withRows(['RT1', 'RT2']), { type: 'clear' }), { type: 'add', rows: [scannedRow('RT3')] });
    expect(state.rows.map((r) => r.key)).toEqual([1]);
  });
});

describe('errors in the API’s words', () => {
  it('shows a 400’s field messages, the rows’ in their own words', () => {
    expect(messageOf(new ApiError(400, { error: 'validation', message: 'Some fields are invalid.', fields: { rows: 'A batch holds at most 1,000 rows' } }))).toBe(
      'A batch holds at most 1,000 rows',
    );
    expect(messageOf(new ApiError(400, { error: 'validation', message: 'x', fields: { 'rows.2.serial': 'Required' } }))).toBe('Row 3, serial: Required');
    expect(messageOf(new ApiError(0, { error: 'network', message: '' }))).toBe('The server could not be reached. Check your connection and try again.');
  });

  it('takes no answer and a 5xx as an unknown outcome, a 4xx as a refusal', () => {
    expect(isUncertain(new ApiError(0, { error: 'network', message: '' }))).toBe(true);
    expect(isUncertain(new ApiError(502, { error: 'upstream', message: 'Bad gateway' }))).toBe(true);
    expect(isUncertain(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUncertain(new ApiError(400, { error: 'validation', message: 'x' }))).toBe(false);
  });

  it('lists the refused fields no field of the page shows', () => {
    const fields = sortFieldErrors({
      'contact.email': 'Must be a valid e-mail address',
      'packaging.unitsPerBox': 'Must be 1 to 50',
      'rows.0.serial': 'RMA Already Exists For This Unit',
      'paymentData.paymentMethod': 'Required',
      acknowledgeClickWrapAgreement: 'Required',
    });
    expect(unshownFieldErrors(fields, { payment: false, clickWrap: false })).toEqual([
      'Row 1, serial: RMA Already Exists For This Unit',
      'acknowledgeClickWrapAgreement: Required',
      'Payment (method): Required',
    ]);
    expect(unshownFieldErrors(fields, { payment: true, clickWrap: true })).toEqual(['Row 1, serial: RMA Already Exists For This Unit']);
  });
});

describe('the progress’s announcements', () => {
  it('changes only at each tenth done and at the end', () => {
    const said = Array.from({ length: 51 }, (_, done) => progressAnnouncement(done, 50));
    expect(new Set(said).size).toBe(11);
    expect(progressAnnouncement(4, 50)).toBe('0% of the RMAs created');
    expect(progressAnnouncement(5, 50)).toBe('10% of the RMAs created');
    expect(progressAnnouncement(49, 50)).toBe('90% of the RMAs created');
    expect(progressAnnouncement(50, 50)).toBe('Every row is done: opening the batch page.');
    expect(progressAnnouncement(0, 0)).toBe('');
  });
});
