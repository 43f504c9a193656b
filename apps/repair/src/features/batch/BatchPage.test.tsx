import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiError,
  type BatchProgress,
  type BatchResult,
  type BatchRowInput,
  type Branches,
  type Me,
  type PaymentOptions,
  type POFile,
  type Preflight,
  type PreflightRow,
  type RepairSelection,
  type SubmitBatchBody,
  type UploadProgressOptions,
} from '@portal/api-client';
import { browser } from '@portal/forms/payable';
import { profile, sessionWith } from '@portal/forms/testing';
import { countries, paymentOptions, poOptions, renderAt, usStates } from '../../test/flow';
import { BatchPage } from './BatchPage';
import { COPY } from './copy';
import { loadSubmission, submissionFor } from './model/submission';

const BATCH_ID = 'BT-7K2M9Q4X';

/** A Blob's text (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** A verdict as the server's pre-flight gives it; by default an in-warranty row that passes. */
function verdict(index: number, serial: string, over: Partial<PreflightRow> = {}): PreflightRow {
  return { index, serial, ok: true, reasons: [], model: 'RL14', entitlement: 'IN_WARRANTY', price: null, ...over };
}

function preflightOf(rows: PreflightRow[]): Preflight {
  const ok = rows.filter((r) => r.ok);
  return {
    rows,
    summary: { rows: rows.length, ok: ok.length, failed: rows.length - ok.length, inWarranty: 0, outOfWarranty: 0, override: 0, total: '0.00' },
  };
}

/** Judges rows as the tests need: a serial in `bad` fails on its serial; one in `oow` is out of warranty at 260.10. */
function judge(bad: Record<string, string> = {}, oow: readonly string[] = []) {
  return jest.fn(async (rows: BatchRowInput[]) =>
    preflightOf(
      rows.map((row, index) =>
        bad[row.serial]
          ? verdict(index, row.serial, { ok: false, model: null, entitlement: null, reasons: [{ field: 'serial', message: bad[row.serial]! }] })
          : oow.includes(row.serial)
            ? verdict(index, row.serial, { entitlement: 'OUT_OF_WARRANTY', price: '260.10' })
            : verdict(index, row.serial),
      ),
    ),
  );
}

/** The RL14's faults and problems, as the repair options give them. */
const FAULTS = [
  { name: 'Display', options: [{ name: 'Cracked screen', price: { cents: 26010, currency: 'USD' }, tip: '' }] },
  { name: 'Battery / Power', options: [{ name: 'Battery does not hold a charge', price: { cents: 9000, currency: 'USD' }, tip: '' }] },
] as RepairSelection[];

const submitted = (paymentUrl: string | null = null): BatchResult => ({
  batch: { id: BATCH_ID } as BatchResult['batch'],
  paymentUrl,
});

async function setup({
  preflight = judge(),
  payment = paymentOptions,
  me = profile,
  url = '/create-rma/batch',
}: { preflight?: ReturnType<typeof judge>; payment?: PaymentOptions; me?: Me; url?: string } = {}) {
  let finish: (progress: BatchProgress) => void = () => undefined;
  const batch = {
    downloadBatchTemplate: jest.fn(async () => new Blob(['serial\n'], { type: 'text/csv' })),
    parseBatchFile: jest.fn(async (file: Blob) => {
      const [, ...lines] = (await textOf(file)).trim().split('\n');
      return lines.map((serial, i) => ({ line: i + 2, serial: serial.trim().toUpperCase(), fault: '', problem: '', notes: '', customerReference: '', assetTag: '', branch: '', hasData: null }));
    }),
    preflightBatch: preflight,
    submitBatch: jest.fn(async (_body: SubmitBatchBody, _key: string) => submitted()),
    watchBatch: jest.fn(
      (_id: string, onProgress: (p: BatchProgress) => void) =>
        new Promise<BatchProgress | null>((resolve) => {
          onProgress({ status: 'PROCESSING', rows: 4, done: 1, created: 1, failed: 0, pending: 3 });
          finish = (progress) => {
            onProgress(progress);
            resolve(progress);
          };
        }),
    ),
  };
  const api = {
    batch,
    repair: { paymentOptions: jest.fn(async () => payment), repairFormSelections: jest.fn(async () => FAULTS) },
    identity: { me: jest.fn() },
    accountManager: { branches: jest.fn(async (): Promise<Branches> => ({ organization: me.org?.name ?? '', branches: [] })) },
    locations: {
      countries: jest.fn(async () => countries),
      states: jest.fn(async (id: number) => (id === 6252001 ? usStates : [])),
      cities: jest.fn(async () => []),
    },
    uploads: {
      uploadPurchaseOrder: jest.fn(async (file: File, opts?: UploadProgressOptions): Promise<POFile[]> => {
        opts?.onProgress?.(1);
        return [{ fileId: `po/${file.name}`, originalname: file.name }];
      }),
    },
  };
  const user = userEvent.setup();
  const view = renderAt(<BatchPage />, {
    path: '/create-rma/batch',
    url,
    routes: [{ path: '/your-account/batches/:id', element: <h1>Batch page</h1> }],
    session: sessionWith(api, me),
    loader: () => ({ countries }),
  });
  // The route's loader answers before the page renders, as the host's does.
  await screen.findByRole('heading', { name: 'Create a batch of RMAs' }, { timeout: 10_000 });
  return { api, batch, user, finish: (p: BatchProgress) => finish(p), ...view };
}

type User = ReturnType<typeof userEvent.setup>;

async function paste(user: User, serials: string[]) {
  await user.click(screen.getByRole('textbox', { name: 'Paste a list' }));
  await user.paste(serials.join('\n'));
  await user.click(screen.getByRole('button', { name: 'Add the pasted units' }));
  await screen.findByText(`${serials.length.toLocaleString('en-US')} ${serials.length === 1 ? 'row' : 'rows'} added.`);
}

async function toPreflight(user: User, serials: string[]) {
  await paste(user, serials);
  await user.click(screen.getByRole('button', { name: 'Check the units' }));
  return screen.findByRole('table', { name: /each checked as one RMA would be/ });
}

function rowOf(table: HTMLElement, n: number) {
  return within(table).getByRole('rowheader', { name: String(n) }).closest('tr') as HTMLElement;
}

async function toSubmitStep(user: User) {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('form', { name: 'Contact & Packaging' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('form', { name: 'Confirm & Submit' });
}

let assign: jest.SpyInstance;
beforeEach(() => {
  sessionStorage.clear();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

describe('bringing the units', () => {
  it('shows the parse refusal as the API words it', async () => {
    const { user, batch } = await setup();
    const message = 'Unknown column "Serail". The columns are: serial, fault, problem, notes, customer reference, asset tag, branch, has data';
    batch.parseBatchFile.mockRejectedValueOnce(new ApiError(400, { error: 'batch.badFile', message }));

    await user.upload(screen.getByLabelText('Choose a CSV or XLSX file'), new File(['Serail\nRT1\n'], 'fleet.csv', { type: 'text/csv' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('0 units in this batch')).toBeInTheDocument();
  });

  it('sends a pasted list of serials to the parse as a CSV under a serial header', async () => {
    const { user, batch } = await setup();
    await paste(user, ['rt10001003', 'RT10001004']);

    const sent = batch.parseBatchFile.mock.calls[0]![0] as File;
    expect(await textOf(sent)).toBe('serial\nrt10001003\nRT10001004\n');
    expect(screen.getByText('2 units in this batch')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Paste a list' })).toHaveValue('');
  });

  it('adds a row per scanned serial, each ended by Enter, keeping the focus on the scan field', async () => {
    await setup();
    const user = userEvent.setup();
    const scan = screen.getByRole('textbox', { name: 'Scan or type a serial' });
    expect(scan).toHaveFocus();

    await user.keyboard('rt10001003{Enter}RT10001004{Enter}');

    expect(screen.getByText('2 units in this batch')).toBeInTheDocument();
    expect(screen.getByText('Last added: RT10001004')).toBeInTheDocument();
    expect(scan).toHaveValue('');
  });

  it('refuses a file that would take the batch past 1,000 rows', async () => {
    const { user, batch } = await setup();
    batch.parseBatchFile.mockResolvedValueOnce(
      Array.from({ length: 1001 }, (_, i) => ({ line: i + 2, serial: `RT${i}`, fault: '', problem: '', notes: '', customerReference: '', assetTag: '', branch: '', hasData: null })),
    );
    await user.upload(screen.getByLabelText('Choose a CSV or XLSX file'), new File(['serial\n'], 'big.csv', { type: 'text/csv' }));

    expect(await screen.findByText('A batch holds at most 1,000 rows; this would make 1,001.')).toBeInTheDocument();
  });
});

describe('the pre-flight', () => {
  it('shows each row’s ✓ or ✗, its reasons beside the cell, its entitlement in words and price, and the summary', async () => {
    const { user } = await setup({ preflight: judge({ RT404: 'Serial Not Found' }, ['RT10001004']) });
    const table = await toPreflight(user, ['RT10001003', 'RT10001004', 'RT404']);

    await within(table).findAllByText('Passes');
    const second = rowOf(table, 2);
    expect(within(second).getByText('Out of warranty')).toBeInTheDocument();
    expect(within(second).getByText('$260.10')).toBeInTheDocument();
    const third = rowOf(table, 3);
    expect(within(third).getByText('Fails')).toBeInTheDocument();
    const serialCell = within(third).getByText('RT404').closest('td') as HTMLElement;
    expect(within(serialCell).getByText('Serial Not Found')).toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent('Rows3Pass2Fail1In warranty1Out of warranty1Total$260.10');
    expect(screen.getByText('Nothing is submitted while a row fails: fix or remove the 1 row marked ✗, then Check again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('fills the empty cells of a scanned list once, then checks the rows as filled', async () => {
    const preflight = jest.fn(async (rows: BatchRowInput[]) =>
      preflightOf(rows.map((row, index) => (row.notes ? verdict(index, row.serial) : verdict(index, row.serial, { ok: false, reasons: [{ field: 'notes', message: 'Required' }] })))),
    );
    const { user } = await setup({ preflight });
    await toPreflight(user, ['RT10001003', 'RT10001004']);
    await screen.findByText('Nothing is submitted while a row fails: fix or remove the 2 rows marked ✗, then Check again.');

    const fill = screen.getByRole('group', { name: 'Fill the empty cells of every row' });
    // The faults of the rows' model, then the chosen fault's problems, from the repair options.
    const fault = await within(fill).findByRole('combobox', { name: 'Fault' });
    expect(within(fault).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a fault', 'Display', 'Battery / Power']);
    await user.selectOptions(fault, 'Battery / Power');
    await user.selectOptions(within(fill).getByRole('combobox', { name: 'Problem' }), 'Battery does not hold a charge');
    await user.type(within(fill).getByRole('textbox', { name: 'Notes' }), 'Runs 20 minutes');
    await user.click(screen.getByRole('button', { name: 'Fill empty cells' }));
    await user.click(screen.getByRole('button', { name: 'Check again' }));

    expect(await screen.findByText('Every row passes.')).toBeInTheDocument();
    expect(preflight.mock.calls[1]![0].map((r) => [r.fault, r.problem, r.notes])).toEqual([
      ['Battery / Power', 'Battery does not hold a charge', 'Runs 20 minutes'],
      ['Battery / Power', 'Battery does not hold a charge', 'Runs 20 minutes'],
    ]);
  });

  it('fixes a row in place and removes another, then Check again sends the rows as they stand and lets the batch go on', async () => {
    const preflight = judge({ RT404: 'Serial Not Found', RT405: 'Serial Not Found' });
    const { user } = await setup({ preflight });
    const table = await toPreflight(user, ['RT10001003', 'RT404', 'RT405']);
    await within(table).findAllByText('Fails');

    await user.click(screen.getByRole('button', { name: 'Edit row 2' }));
    const serial = screen.getByRole('textbox', { name: 'Serial, row 2' });
    await user.clear(serial);
    await user.type(serial, 'RT10001005');
    await user.type(screen.getByRole('textbox', { name: 'Notes, row 2' }), 'Cracked screen');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(within(rowOf(table, 2)).getByText('Not checked yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove row 3' }));
    expect(within(table).queryByText('RT405')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit row 2' })).toHaveFocus();
    expect(screen.getByText('1 row has changed since the check: Check again before you continue.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(preflight).toHaveBeenCalledTimes(2));
    expect(preflight.mock.calls[1]![0].map((r) => [r.serial, r.notes])).toEqual([
      ['RT10001003', ''],
      ['RT10001005', 'Cracked screen'],
    ]);
    expect(await screen.findByText('Every row passes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('contact, packaging and payment', () => {
  it('asks 1 to 50 units a box for own boxes', async () => {
    const { user } = await setup();
    await toPreflight(user, ['RT10001003']);
    await screen.findByText('Every row passes.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('form', { name: 'Contact & Packaging' });

    const perBox = screen.getByRole('textbox', { name: 'Units per box' });
    expect(perBox).toHaveValue('10');
    await user.clear(perBox);
    await user.type(perBox, '60');
    expect(screen.getByText('Must be 1 to 50')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Send me boxes' }));
    expect(screen.queryByRole('textbox', { name: 'Units per box' })).not.toBeInTheDocument();
  });

  it('submits an in-warranty batch without a payment, follows its progress and opens the batch page', async () => {
    const { user, batch, router, finish } = await setup();
    await toPreflight(user, ['RT10001003']);
    await screen.findByText('Every row passes.');
    await toSubmitStep(user);
    expect(screen.getByText('Every row is in warranty or has an override: nothing is paid before the RMAs are created.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit Batch' }));
    expect(screen.getByText('Missing Required Fields!')).toBeInTheDocument();
    expect(batch.submitBatch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: /backed up the data on the hard drives/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Batch' }));

    await screen.findByText(`Batch ${BATCH_ID} is submitted.`);
    const [body, key] = batch.submitBatch.mock.calls[0]!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toMatchObject({ rows: [{ serial: 'RT10001003' }], packaging: { kind: 'OWN_BOXES', unitsPerBox: 10 }, acknowledgeHddBackup: true });
    expect(body).not.toHaveProperty('paymentData');
    // The batch is named: the tab's storage forgets the submission, the URL carries the batch.
    expect(loadSubmission()).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(`?batch=${BATCH_ID}`));
    expect(screen.getByRole('progressbar', { name: 'Creating the RMAs' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('20% of the RMAs created')).toBeInTheDocument();

    act(() => finish({ status: 'COMPLETED', rows: 4, done: 4, created: 4, failed: 0, pending: 0 }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/your-account/batches/${BATCH_ID}`));

    // A later visit to the page in this tab starts a new batch, not the old one's progress.
    await act(() => router.navigate('/create-rma/batch'));
    expect(await screen.findByRole('textbox', { name: 'Paste a list' })).toBeInTheDocument();
    expect(screen.queryByText(`Batch ${BATCH_ID} is being created.`)).not.toBeInTheDocument();
  });

  it('pays out-of-warranty rows by PO with the single stepper’s rules and messages', async () => {
    const { user, batch } = await setup({ preflight: judge({}, ['RT10001004']), payment: poOptions });
    await toPreflight(user, ['RT10001003', 'RT10001004']);
    await screen.findByText('Every row passes.');
    await toSubmitStep(user);

    const method = await screen.findByRole('radiogroup', { name: 'Payment Method' });
    expect(within(method).getByRole('radio', { name: 'PO' })).toBeChecked();
    expect(screen.getByText('Total of the out-of-warranty repairs: $260.10')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /backed up the data on the hard drives/ }));
    await user.type(screen.getByRole('textbox', { name: 'Release Number' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    expect(batch.submitBatch).not.toHaveBeenCalled();
    expect(screen.getByText('Must be 4 or 5 digits')).toBeInTheDocument();
    expect(screen.getByText('Must Attach Files')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'PO Number' }), '4500012345');
    await user.clear(screen.getByRole('textbox', { name: 'Release Number' }));
    await user.type(screen.getByRole('textbox', { name: 'Release Number' }), '0042');
    await user.upload(screen.getByLabelText('Choose file'), new File(['%PDF-1.4'], 'po.pdf', { type: 'application/pdf' }));
    await screen.findByText('Attached: po.pdf');
    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));

    await waitFor(() => expect(batch.submitBatch).toHaveBeenCalled());
    expect(batch.submitBatch.mock.calls[0]![0].paymentData).toEqual({ paymentMethod: 'PO', customerPO: '4500012345-0042', customerPOFileId: 'po/po.pdf' });
  });

  it('saves the out-of-warranty rows as one quote, with no method and no PO', async () => {
    const { user, batch } = await setup({ preflight: judge({}, ['RT10001004']), payment: poOptions });
    await toPreflight(user, ['RT10001003', 'RT10001004']);
    await screen.findByText('Every row passes.');
    await toSubmitStep(user);
    await screen.findByRole('radiogroup', { name: 'Payment Method' });

    await user.click(screen.getByRole('button', { name: 'Save as one quote' }));
    // The acknowledgement is asked of a saved quote too.
    expect(batch.submitBatch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: /backed up the data on the hard drives/ }));
    await user.click(screen.getByRole('button', { name: 'Save as one quote' }));
    await screen.findByText(`Batch ${BATCH_ID} is submitted.`);
    expect(batch.submitBatch).toHaveBeenCalledTimes(1);
    expect(batch.submitBatch.mock.calls[0]![0].paymentData).toEqual({ paymentMethod: 'SAVE', customerPO: '', customerPOFileId: '' });
  });

  it('says before submit that the card leaves for the payment provider', async () => {
    const { user } = await setup({ preflight: judge({}, ['RT10001004']) });
    await toPreflight(user, ['RT10001004']);
    await screen.findByText('Every row passes.');
    await toSubmitStep(user);
    await screen.findByRole('radiogroup', { name: 'Payment Method' });
    expect(screen.getByText(/Submit takes you to our card payment provider/)).toBeInTheDocument();
  });

  it('leaves for PayPal with the card, and saves one quote without a method', async () => {
    const { user, batch } = await setup({ preflight: judge({}, ['RT10001004']) });
    batch.submitBatch.mockResolvedValueOnce(submitted('https://paypal.test/checkoutnow?token=ORDER-9'));
    await toPreflight(user, ['RT10001004']);
    await screen.findByText('Every row passes.');
    await toSubmitStep(user);
    await screen.findByRole('radiogroup', { name: 'Payment Method' });
    await user.click(screen.getByRole('checkbox', { name: /backed up the data on the hard drives/ }));

    await user.click(screen.getByRole('button', { name: 'Submit and Pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-9'));
    expect(batch.submitBatch.mock.calls[0]![0].paymentData).toEqual({ paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' });
    expect(loadSubmission()).toBeNull();
  });

  it('shows the submit’s field refusals on their fields', async () => {
    const { user, batch } = await setup();
    batch.submitBatch.mockRejectedValueOnce(
      new ApiError(400, { error: 'validation', message: 'Invalid fields', fields: { 'contact.email': 'Must be a valid email' } }),
    );
    await toPreflight(user, ['RT10001003']);
    await screen.findByText('Every row passes.');
    await toSubmitStep(user);
    await user.click(screen.getByRole('checkbox', { name: /backed up the data on the hard drives/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Batch' }));

    await screen.findByRole('form', { name: 'Contact & Packaging' });
    expect(screen.getByText('Must be a valid email')).toBeInTheDocument();
  });

  it('says a key used for another batch plainly, and the next submit goes with a new key', async () => {
    const { user, batch } = await setup();
    batch.submitBatch.mockRejectedValueOnce(new ApiError(422, { error: 'batch.keyReused', message: 'This key was used for another batch.' }));
    await toPreflight(user, ['RT10001003']);
    await screen.findByText('Every row passes.');
    await toSubmitStep(user);
    await user.click(screen.getByRole('checkbox', { name: /backed up the data on the hard drives/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Batch' }));

    expect(await screen.findByText(COPY.keyReused)).toBeInTheDocument();
    expect(loadSubmission()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Batch' }));
    await screen.findByText(`Batch ${BATCH_ID} is submitted.`);
    const [first, second] = batch.submitBatch.mock.calls;
    expect(second![1]).not.toBe(first![1]);
  });
});

describe('the pre-flight’s rows in the API’s words and by keyboard', () => {
  it('shows a refused pre-flight’s field message, not a generic one', async () => {
    const preflight = judge();
    preflight.mockRejectedValueOnce(
      new ApiError(400, { error: 'validation', message: 'Some fields are invalid.', fields: { rows: 'A batch holds at most 1,000 rows' } }),
    );
    const { user } = await setup({ preflight });
    await toPreflight(user, ['RT10001003']);
    expect(await screen.findByText('A batch holds at most 1,000 rows')).toBeInTheDocument();
    expect(screen.queryByText('Some fields are invalid.')).not.toBeInTheDocument();
  });

  it('checks an open row as typed when Check again is pressed, and says which row to finish first', async () => {
    const preflight = judge({ RT404: 'Serial Not Found' });
    const { user } = await setup({ preflight });
    const table = await toPreflight(user, ['RT10001003', 'RT404']);
    await within(table).findAllByText('Fails');

    await user.click(screen.getByRole('button', { name: 'Edit row 2' }));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Finish editing row 2 (Done or Cancel) before you continue.');
    const serial = screen.getByRole('textbox', { name: 'Serial, row 2' });
    await user.clear(serial);
    await user.type(serial, 'RT10001005');
    await user.click(screen.getByRole('button', { name: 'Check again' }));

    await waitFor(() => expect(preflight).toHaveBeenCalledTimes(2));
    expect(preflight.mock.calls[1]![0].map((r) => r.serial)).toEqual(['RT10001003', 'RT10001005']);
    expect(await screen.findByText('Every row passes.')).toBeInTheDocument();
    expect(within(table).getByText('RT10001005')).toBeInTheDocument();
  });

  it('keeps the rows’ numbers when one is removed, and checks again the rows whose reasons cite numbers', async () => {
    const preflight = jest.fn(async (rows: BatchRowInput[]) => {
      const twice = rows.map((r, i) => [r.serial, i + 1] as const).filter(([serial]) => serial === 'RT10001003');
      return preflightOf(
        rows.map((row, index) =>
          row.serial === 'RT10001003' && twice.length > 1
            ? verdict(index, row.serial, { ok: false, reasons: [{ field: 'serial', message: `Listed twice: rows ${twice.map(([, n]) => n).join(' and ')}` }] })
            : verdict(index, row.serial),
        ),
      );
    });
    const { user } = await setup({ preflight });
    const table = await toPreflight(user, ['RT10001004', 'RT10001003', 'RT10001005', 'RT10001003']);
    expect(await within(rowOf(table, 4)).findByText('Listed twice: rows 2 and 4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    // Sent three rows, the pre-flight cites its rows 1 and 3: the page's rows 2 and 4.
    await waitFor(() => expect(preflight).toHaveBeenCalledTimes(2));
    expect(await within(rowOf(table, 4)).findByText('Listed twice: rows 2 and 4')).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: '1' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove row 4' }));
    await waitFor(() => expect(preflight).toHaveBeenCalledTimes(3));
    expect(await screen.findByText('Every row passes.')).toBeInTheDocument();
  });
});

describe('a submit without an answer', () => {
  async function toSubmit(user: User) {
    await toPreflight(user, ['RT10001003']);
    await screen.findByText('Every row passes.');
    await toSubmitStep(user);
    await user.click(screen.getByRole('checkbox', { name: /backed up the data on the hard drives/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Batch' }));
  }

  it('holds the submission after a network error: nothing is edited, Send it again goes with the same key once', async () => {
    const { user, batch } = await setup();
    batch.submitBatch.mockRejectedValueOnce(new ApiError(0, { error: 'network', message: '' }));
    await toSubmit(user);

    expect(await screen.findByText(/The server did not answer the submit/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Confirm & Submit' })).not.toBeInTheDocument();
    const [, firstKey] = batch.submitBatch.mock.calls[0]!;
    expect(loadSubmission()?.key).toBe(firstKey);

    let answer: (result: BatchResult) => void = () => undefined;
    batch.submitBatch.mockImplementationOnce(() => new Promise<BatchResult>((resolve) => (answer = resolve)));
    const again = screen.getByRole('button', { name: 'Send it again' });
    await user.click(again);
    expect(again).toBeDisabled();
    await user.click(again);
    expect(batch.submitBatch).toHaveBeenCalledTimes(2);
    expect(batch.submitBatch.mock.calls[1]![1]).toBe(firstKey);

    await act(async () => answer(submitted()));
    expect(await screen.findByText(`Batch ${BATCH_ID} is submitted.`)).toBeInTheDocument();
  });

  it('holds it after a 5xx too, and discarding it gives the batch back to edit', async () => {
    const { user, batch } = await setup();
    batch.submitBatch.mockRejectedValueOnce(new ApiError(503, { error: 'unavailable', message: 'Service unavailable' }));
    await toSubmit(user);

    await user.click(await screen.findByRole('button', { name: 'Discard it' }));
    expect(loadSubmission()).toBeNull();
    expect(await screen.findByRole('form', { name: 'Confirm & Submit' })).toBeInTheDocument();
  });
});

describe('the submit’s refusals', () => {
  it('runs the pre-flight again and shows the payment card when the server asks a payment the page did not', async () => {
    let oow: string[] = [];
    const preflight = jest.fn(async (rows: BatchRowInput[]) =>
      preflightOf(rows.map((row, index) => (oow.includes(row.serial) ? verdict(index, row.serial, { entitlement: 'OUT_OF_WARRANTY', price: '260.10' }) : verdict(index, row.serial)))),
    );
    const { user, batch } = await setup({ preflight: preflight as ReturnType<typeof judge> });
    batch.submitBatch.mockRejectedValueOnce(
      new ApiError(400, { error: 'validation', message: 'Invalid fields', fields: { 'paymentData.paymentMethod': 'Required', 'rows.0.notes': 'Required' } }),
    );
    await toPreflight(user, ['RT10001003']);
    await screen.findByText('Every row passes.');
    await toSubmitStep(user);
    await user.click(screen.getByRole('checkbox', { name: /backed up the data on the hard drives/ }));
    oow = ['RT10001003']; // the unit's warranty ran out meanwhile
    await user.click(screen.getByRole('button', { name: 'Submit Batch' }));

    expect(await screen.findByRole('radiogroup', { name: 'Payment Method' })).toBeInTheDocument();
    expect(preflight).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Total of the out-of-warranty repairs: $260.10')).toBeInTheDocument();
    // The row's refusal has no field on this step: it is listed, in the API's words.
    expect(screen.getByText('Row 1, notes: Required')).toBeInTheDocument();
  });
});

describe('a submission a reload interrupted', () => {
  it('sends the same body again with the same key', async () => {
    const body = { rows: [{ serial: 'RT10001003' }] } as SubmitBatchBody;
    const { key } = submissionFor(body);
    const { user, batch } = await setup();

    await user.click(screen.getByRole('button', { name: 'Send it again' }));

    await screen.findByText(`Batch ${BATCH_ID} is submitted.`);
    expect(batch.submitBatch).toHaveBeenCalledWith(body, key);
  });

  it('follows the batch of a reloaded progress view (its ?batch=)', async () => {
    const { batch } = await setup({ url: `/create-rma/batch?batch=${BATCH_ID}` });

    expect(await screen.findByText(`Batch ${BATCH_ID} is being created.`)).toBeInTheDocument();
    expect(batch.watchBatch).toHaveBeenCalledWith(BATCH_ID, expect.any(Function), expect.any(AbortSignal));
  });
});
