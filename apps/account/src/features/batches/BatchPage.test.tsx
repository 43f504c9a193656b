import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { ApiError, type Batch, type BatchClient, type BatchProgress, type BatchRow, type PaymentOptions } from '@portal/api-client';
import { browser } from '@portal/forms/payable';
import { SessionProvider } from '@portal/auth';
import { sessionWith } from '@portal/forms/testing';
import { PortalThemeProvider } from '@portal/ui';
import { BatchPage } from './BatchPage';
import { BATCH_COPY } from './copy';

const client = {} as jest.Mocked<BatchClient>;

const row = (overrides: Partial<BatchRow> = {}): BatchRow => ({
  index: 0,
  serial: 'RT10001003',
  model: 'RT10',
  entitlement: 'IN_WARRANTY',
  price: null,
  status: 'CREATED',
  rmaNumber: 'RMA-900101',
  rmaStatus: 'AWAITING_UNIT',
  box: 1,
  trackingNumber: 'RF123456785US',
  reasons: [],
  ...overrides,
});

const completed: Batch = {
  id: 'BT-7K2M9Q4X',
  createdAt: '2026-11-20T10:00:00Z',
  createdBy: 'Olivia Reyes',
  mine: true,
  status: 'COMPLETED',
  contact: { firstName: 'Olivia', lastName: 'Reyes', email: 'olivia@fleetco.example', phone: '5125550142', phoneCountryCode: 'US', company: 'FleetCo Utilities', position: '' },
  address: { line1: '100 Grid Way', line2: '', city: 'Denver', state: 'CO', country: 'US', postalCode: '80202' },
  packaging: { kind: 'OWN_BOXES', unitsPerBox: 10, boxes: 1 },
  payment: null,
  summary: { rows: 2, pending: 0, awaitingPayment: 0, created: 1, failed: 1, removed: 0, total: '0.00', refundDue: null },
  rows: [
    row(),
    row({ index: 1, serial: 'RT10009999', model: null, entitlement: null, status: 'FAILED', rmaNumber: null, rmaStatus: null, box: null, trackingNumber: null, reasons: [{ field: 'serial', message: 'Serial Not Found' }] }),
  ],
  documents: { url: '/rma-manager/batches/BT-7K2M9Q4X/documents.pdf' },
  documentsError: null,
  resultCsvUrl: '/rma-manager/batches/BT-7K2M9Q4X/result.csv',
};

const awaiting = (index: number, serial: string, status: BatchRow['status'] = 'AWAITING_PAYMENT') =>
  row({ index, serial, entitlement: 'OUT_OF_WARRANTY', price: '260.10', status, rmaNumber: null, rmaStatus: null, box: null, trackingNumber: null });

const saved: Batch = {
  ...completed,
  id: 'BT-SAVED234',
  status: 'AWAITING_PAYMENT',
  packaging: { kind: 'REQUEST_BOXES', unitsPerBox: null, boxes: 0 },
  payment: { quoteId: 'QT-1', amount: '520.20', status: 'open', method: null, customerPO: null, expiresAt: '2026-12-20T10:00:00Z' },
  summary: { rows: 2, pending: 0, awaitingPayment: 2, created: 0, failed: 0, removed: 0, total: '520.20', refundDue: null },
  rows: [awaiting(0, 'RT10001004'), awaiting(1, 'RT10001005')],
  documents: null,
};

const processing: Batch = {
  ...saved,
  status: 'PROCESSING',
  payment: { ...saved.payment!, status: 'paid', method: 'PO', customerPO: '4500012345' },
  summary: { ...saved.summary, pending: 2, awaitingPayment: 0 },
  rows: [awaiting(0, 'RT10001004', 'PENDING'), awaiting(1, 'RT10001005', 'PENDING')],
};

const PO_OPTIONS: PaymentOptions = { methods: ['PayPal', 'PO'], defaultMethod: 'PO', poReleaseRequired: false, discountPercent: 10 };

function setup(url: string, batch: Batch | Error, confirm: BatchClient['confirmBatchPayment'] = jest.fn()) {
  Object.assign(client, {
    getBatch: jest.fn(async () => {
      if (batch instanceof Error) throw batch;
      return batch;
    }),
    watchBatch: jest.fn(() => new Promise(() => undefined)),
    payBatch: jest.fn(),
    confirmBatchPayment: jest.fn(confirm),
    removeBatchRow: jest.fn(),
    downloadBatchDocuments: jest.fn(async () => new Blob(['%PDF'])),
    downloadBatchResultCsv: jest.fn(async () => new Blob(['serial'])),
  });
  const repair = { paymentOptions: jest.fn(async () => PO_OPTIONS) };
  const uploads = { uploadPurchaseOrder: jest.fn(async () => [{ fileId: 'po/2026/11/po.pdf', originalname: 'po.pdf' }]) };
  // A router of its own: the address carries PayPal's query parameters.
  const router = createMemoryRouter([{ path: '/your-account/batches/:id', element: <BatchPage /> }], { initialEntries: [url] });
  render(
    <PortalThemeProvider>
      <SessionProvider session={sessionWith({ repair, uploads, batch: client } as never)}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalThemeProvider>,
  );
  return { router, repair, uploads, user: userEvent.setup() };
}

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/file');
  URL.revokeObjectURL = jest.fn();
  // saveBlob clicks a link to the blob; jsdom does not navigate.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('batch page', () => {
  it('shows a completed batch: each row with its RMA linking to its details, its box, and why a row failed', async () => {
    setup('/your-account/batches/BT-7K2M9Q4X', completed);

    const table = await screen.findByRole('table', { name: 'Rows of the batch' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByRole('rowheader', { name: '1' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('RT10001003');
    expect(rows[1]).toHaveTextContent('In warranty');
    expect(rows[1]).toHaveTextContent('RMA created');
    expect(rows[1]).toHaveTextContent('1 · RF123456785US');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'RMA-900101' })).toHaveAttribute('href', '/your-account/rma-history?rma=RMA-900101');
    expect(rows[2]).toHaveTextContent('Failed');
    expect(rows[2]).toHaveTextContent('Serial Not Found');
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(client.getBatch).toHaveBeenCalledWith('BT-7K2M9Q4X', expect.anything());
    expect(client.watchBatch).not.toHaveBeenCalled();
    expect(screen.queryByRole('form', { name: 'Pay the batch' })).not.toBeInTheDocument();
  });

  it('downloads the labels and the result CSV with the session', async () => {
    const { user } = setup('/your-account/batches/BT-7K2M9Q4X', completed);

    await user.click(await screen.findByRole('button', { name: BATCH_COPY.documents }));
    await user.click(screen.getByRole('button', { name: BATCH_COPY.resultCsv }));

    await waitFor(() => expect(client.downloadBatchResultCsv).toHaveBeenCalledWith('BT-7K2M9Q4X'));
    expect(client.downloadBatchDocuments).toHaveBeenCalledWith('BT-7K2M9Q4X');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(2));
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(2);
  });

  it('says calmly why a completed batch has no labels, and offers the result CSV', async () => {
    const why = 'We could not make the labels and packing lists of this batch. Our support team has been told and will send them to you; your RMAs are created.';
    setup('/your-account/batches/BT-7K2M9Q4X', { ...completed, documents: null, documentsError: why });

    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BATCH_COPY.documents })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: BATCH_COPY.resultCsv })).toBeInTheDocument();
    expect(screen.queryByText(BATCH_COPY.documentsLater)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Finished means finished: the page does not read the batch again waiting for documents.
    expect(client.getBatch).toHaveBeenCalledTimes(1);
  });

  it('says a refund is due for paid rows that could not become RMAs', async () => {
    setup('/your-account/batches/BT-7K2M9Q4X', { ...completed, summary: { ...completed.summary, refundDue: '260.10' } });

    expect(await screen.findByText(BATCH_COPY.refundDue('$260.10'))).toBeInTheDocument();
    expect(screen.getByText(BATCH_COPY.refundTitle)).toBeInTheDocument();
  });

  it('says nothing of a refund when none is due', async () => {
    setup('/your-account/batches/BT-7K2M9Q4X', completed);

    await screen.findByRole('table', { name: 'Rows of the batch' });
    expect(screen.queryByText(BATCH_COPY.refundTitle)).not.toBeInTheDocument();
  });

  it('says when a download fails', async () => {
    const { user } = setup('/your-account/batches/BT-7K2M9Q4X', completed);
    await screen.findByRole('table', { name: 'Rows of the batch' });
    client.downloadBatchResultCsv.mockRejectedValue(new ApiError(500, { error: 'internal', message: 'boom' }));

    await user.click(screen.getByRole('button', { name: BATCH_COPY.resultCsv }));

    expect(await screen.findByText(BATCH_COPY.downloadFailed)).toBeInTheDocument();
  });

  it('follows a processing batch with a progress bar and reads it again when done', async () => {
    setup('/your-account/batches/BT-SAVED234', processing);
    let report: (p: BatchProgress) => void = () => undefined;
    let finish: (p: BatchProgress) => void = () => undefined;
    client.watchBatch.mockImplementation((_id, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });

    const bar = await screen.findByRole('progressbar', { name: BATCH_COPY.progressLabel });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(client.watchBatch).toHaveBeenCalledWith('BT-SAVED234', expect.any(Function), expect.any(AbortSignal)));

    act(() => report({ status: 'PROCESSING', rows: 2, done: 1, created: 1, failed: 0, pending: 1 }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('1 of 2 rows done')).toBeInTheDocument();
    expect(screen.getByText(BATCH_COPY.progressAnnounced(50))).toBeInTheDocument();

    client.getBatch.mockResolvedValue({ ...processing, status: 'COMPLETED', summary: { ...processing.summary, pending: 0, created: 2 }, rows: [row({ index: 0, serial: 'RT10001004' }), row({ index: 1, serial: 'RT10001005', rmaNumber: 'RMA-900102' })] });
    act(() => finish({ status: 'COMPLETED', rows: 2, done: 2, created: 2, failed: 0, pending: 0 }));

    expect(await screen.findByRole('link', { name: 'RMA-900102' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(client.getBatch).toHaveBeenCalledTimes(2);
  });

  it('announces the progress only at each tenth done and at the end', async () => {
    const many: Batch = {
      ...processing,
      summary: { ...processing.summary, rows: 100, pending: 100 },
      rows: Array.from({ length: 100 }, (_, i) => awaiting(i, `RT1000${String(2000 + i)}`, 'PENDING')),
    };
    setup('/your-account/batches/BT-SAVED234', many);
    let report: (p: BatchProgress) => void = () => undefined;
    client.watchBatch.mockImplementation((_id, onProgress) => {
      report = onProgress;
      return new Promise(() => undefined);
    });
    const table = await screen.findByRole('table', { name: 'Rows of the batch' });
    await waitFor(() => expect(client.watchBatch).toHaveBeenCalled());
    expect(within(table).getByRole('rowheader', { name: '100' })).toBeInTheDocument();
    const live = screen.getAllByRole('status').find((el) => el.textContent === BATCH_COPY.progressAnnounced(0));
    expect(live).toBeDefined();

    act(() => report({ status: 'PROCESSING', rows: 100, done: 9, created: 9, failed: 0, pending: 91 }));
    expect(screen.getByText('9 of 100 rows done')).toBeInTheDocument();
    expect(live).toHaveTextContent(BATCH_COPY.progressAnnounced(0));
    act(() => report({ status: 'PROCESSING', rows: 100, done: 10, created: 10, failed: 0, pending: 90 }));
    expect(live).toHaveTextContent(BATCH_COPY.progressAnnounced(10));
    act(() => report({ status: 'PROCESSING', rows: 100, done: 100, created: 100, failed: 0, pending: 0 }));
    expect(live).toHaveTextContent(BATCH_COPY.progressDone);
  });

  it('says when the progress cannot be followed', async () => {
    setup('/your-account/batches/BT-SAVED234', processing);
    client.watchBatch.mockRejectedValue(new ApiError(0, { error: 'network', message: 'offline' }));

    expect(await screen.findByText(BATCH_COPY.progressLost)).toBeInTheDocument();
  });

  it('pays a saved batch by PO with the PO rules, then shows it paid', async () => {
    const { user, uploads } = setup('/your-account/batches/BT-SAVED234', saved);
    client.payBatch.mockResolvedValue({ batch: processing, paymentUrl: null });

    const form = await screen.findByRole('form', { name: 'Pay the batch' });
    expect(screen.getByText('Total to pay: $520.20')).toBeInTheDocument();
    expect(await within(form).findByRole('radio', { name: 'PO' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Pay' }));
    expect(within(form).getByRole('textbox', { name: 'PO Number' })).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(within(form).getByText('Must Attach Files')).toBeInTheDocument();
    expect(client.payBatch).not.toHaveBeenCalled();

    await user.type(within(form).getByRole('textbox', { name: 'PO Number' }), '4500012345');
    await user.upload(within(form).getByLabelText('PO File'), new File(['%PDF'], 'po.pdf', { type: 'application/pdf' }));
    await within(form).findByText('Attached: po.pdf');
    expect(uploads.uploadPurchaseOrder).toHaveBeenCalled();
    await user.click(within(form).getByRole('button', { name: 'Pay' }));

    await waitFor(() =>
      expect(client.payBatch).toHaveBeenCalledWith('BT-SAVED234', { paymentMethod: 'PO', customerPO: '4500012345', customerPOFileId: 'po/2026/11/po.pdf' }),
    );
    expect(await screen.findByText('Paid by PO 4500012345.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pay the batch' })).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: BATCH_COPY.progressLabel })).toBeInTheDocument();
  });

  it('shows the server’s PO message beside its field', async () => {
    const { user } = setup('/your-account/batches/BT-SAVED234', saved);
    client.payBatch.mockRejectedValue(
      new ApiError(400, { error: 'validation', message: 'Some fields are invalid.', fields: { customerPO: 'Must be less than 36 characters', customerPOFileId: 'File not found' } }),
    );
    const form = await screen.findByRole('form', { name: 'Pay the batch' });
    await within(form).findByRole('radio', { name: 'PO' });
    await user.type(within(form).getByRole('textbox', { name: 'PO Number' }), '4500012345');
    await user.upload(within(form).getByLabelText('PO File'), new File(['%PDF'], 'po.pdf', { type: 'application/pdf' }));
    await within(form).findByText('Attached: po.pdf');

    await user.click(within(form).getByRole('button', { name: 'Pay' }));

    expect(await within(form).findByText('Must be less than 36 characters')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'PO Number' })).toHaveAccessibleDescription(expect.stringContaining('Must be less than 36 characters'));
    expect(within(form).getByText('File not found')).toBeInTheDocument();
    expect(within(form).getByText('Some fields are invalid.')).toBeInTheDocument();
  });

  it('says the quote changed, in the API’s words, and shows the batch as the re-check left it', async () => {
    const message = '1 row can no longer become an RMA and was taken off the quote; the new total is 260.10 USD. Please check the batch and pay again.';
    const { user } = setup('/your-account/batches/BT-SAVED234', saved);
    client.payBatch.mockRejectedValue(new ApiError(409, { error: 'batch.quoteChanged', message }));
    const form = await screen.findByRole('form', { name: 'Pay the batch' });
    await user.click(await within(form).findByRole('radio', { name: 'Credit Card' }));
    client.getBatch.mockResolvedValue({
      ...saved,
      payment: { ...saved.payment!, quoteId: 'QT-2', amount: '260.10' },
      summary: { ...saved.summary, awaitingPayment: 1, failed: 1, total: '260.10' },
      rows: [awaiting(0, 'RT10001004'), { ...awaiting(1, 'RT10001005', 'FAILED'), reasons: [{ field: 'serial', message: 'RMA Already Exists For This Unit' }] }],
    });

    await user.click(within(form).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByText('Total to pay: $260.10')).toBeInTheDocument();
    expect(screen.getByText('RMA Already Exists For This Unit')).toBeInTheDocument();
    expect(client.getBatch).toHaveBeenCalledTimes(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it('says the quote expired when paying, and shows the batch as it is now', async () => {
    const { user } = setup('/your-account/batches/BT-SAVED234', saved);
    client.payBatch.mockRejectedValue(new ApiError(409, { error: 'batch.quoteExpired', message: 'The quote expired before it was paid.' }));
    const form = await screen.findByRole('form', { name: 'Pay the batch' });
    await user.click(await within(form).findByRole('radio', { name: 'Credit Card' }));
    client.getBatch.mockResolvedValue({
      ...saved,
      status: 'COMPLETED',
      payment: { ...saved.payment!, status: 'expired' },
      summary: { ...saved.summary, awaitingPayment: 0, failed: 2, total: '0.00' },
      rows: saved.rows.map((r) => ({ ...r, status: 'FAILED' as const, reasons: [{ field: 'payment', message: 'The quote expired before it was paid.' }] })),
    });

    await user.click(within(form).getByRole('button', { name: 'Pay' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Pay the batch' })).not.toBeInTheDocument());
    // The notice, the payment's line and each row's reason.
    expect(screen.getAllByText('The quote expired before it was paid.')).toHaveLength(4);
  });

  it('pays by card at PayPal', async () => {
    const { user } = setup('/your-account/batches/BT-SAVED234', saved);
    client.payBatch.mockResolvedValue({ batch: saved, paymentUrl: 'https://pay.test/approve?token=EC-1' });
    const form = await screen.findByRole('form', { name: 'Pay the batch' });

    await user.click(await within(form).findByRole('radio', { name: 'Credit Card' }));
    await user.click(within(form).getByRole('button', { name: 'Pay' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.test/approve?token=EC-1'));
    expect(client.payBatch).toHaveBeenCalledWith('BT-SAVED234', { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' });
    expect(screen.getByText(BATCH_COPY.leaving)).toBeInTheDocument();
  });

  it('confirms the card payment PayPal sends back, once, and drops the token from the address', async () => {
    const { router } = setup('/your-account/batches/BT-SAVED234?token=EC-1&PayerID=P1', processing, async () => ({ batch: processing, paymentUrl: null }));

    expect(await screen.findByText(BATCH_COPY.confirmed)).toBeInTheDocument();
    expect(client.confirmBatchPayment).toHaveBeenCalledTimes(1);
    expect(client.confirmBatchPayment).toHaveBeenCalledWith('BT-SAVED234', 'EC-1', expect.anything());
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows why a card payment could not be confirmed, and the batch still to pay', async () => {
    const { router } = setup('/your-account/batches/BT-SAVED234?token=EC-1&PayerID=P1', saved, async () => {
      throw new ApiError(409, { error: 'payments.notApproved', message: 'The payment was not approved.' });
    });

    expect(await screen.findByText('The payment was not approved.')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Pay the batch' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says the quote changed when confirming a card payment, and reads the batch again', async () => {
    const message = '1 row can no longer become an RMA and was taken off the quote; the new total is 260.10 USD. Please check the batch and pay again.';
    const { router } = setup('/your-account/batches/BT-SAVED234?token=EC-1&PayerID=P1', saved, async () => {
      throw new ApiError(409, { error: 'batch.quoteChanged', message });
    });

    const notice = await screen.findByText(message);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(await screen.findByRole('form', { name: 'Pay the batch' })).toBeInTheDocument();
    expect(client.getBatch).toHaveBeenCalledWith('BT-SAVED234', expect.anything());
    expect(router.state.location.search).toBe('');
  });

  it('says calmly that a card payment was cancelled', async () => {
    setup('/your-account/batches/BT-SAVED234?cancelled=1', saved);

    expect(await screen.findByText(BATCH_COPY.cancelled)).toBeInTheDocument();
    expect(client.confirmBatchPayment).not.toHaveBeenCalled();
  });

  it('removes an unpaid row after asking, and shows the new total', async () => {
    const { user } = setup('/your-account/batches/BT-SAVED234', saved);
    client.removeBatchRow.mockResolvedValue({
      batch: {
        ...saved,
        payment: { ...saved.payment!, amount: '260.10' },
        summary: { ...saved.summary, awaitingPayment: 1, removed: 1, total: '260.10' },
        rows: [awaiting(0, 'RT10001004'), awaiting(1, 'RT10001005', 'REMOVED')],
      },
      paymentUrl: null,
    });

    await user.click(await screen.findByRole('button', { name: 'Remove row 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove row 2 (RT10001005)?' });
    await user.click(within(dialog).getByRole('button', { name: BATCH_COPY.removeConfirm }));

    expect(await screen.findByText('Total to pay: $260.10')).toBeInTheDocument();
    expect(client.removeBatchRow).toHaveBeenCalledWith('BT-SAVED234', 1);
    expect(screen.queryByRole('button', { name: 'Remove row 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove row 1' })).toBeInTheDocument();
  });

  it('keeps the row when the customer says no', async () => {
    const { user } = setup('/your-account/batches/BT-SAVED234', saved);

    await user.click(await screen.findByRole('button', { name: 'Remove row 1' }));
    await user.click(screen.getByRole('button', { name: BATCH_COPY.removeCancel }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(client.removeBatchRow).not.toHaveBeenCalled();
  });

  it('says a paid batch keeps its rows and shows it as it is now', async () => {
    const { user } = setup('/your-account/batches/BT-SAVED234', saved);
    client.removeBatchRow.mockRejectedValue(new ApiError(409, { error: 'batch.alreadyPaid', message: 'This batch is paid; its rows can no longer be removed.' }));

    await user.click(await screen.findByRole('button', { name: 'Remove row 1' }));
    client.getBatch.mockResolvedValue(processing);
    await user.click(screen.getByRole('button', { name: BATCH_COPY.removeConfirm }));

    expect(await screen.findByText('This batch is paid; its rows can no longer be removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove row 1' })).not.toBeInTheDocument());
  });

  it('says the quote expired when removing a row, and shows the batch as it is now', async () => {
    const { user } = setup('/your-account/batches/BT-SAVED234', saved);
    client.removeBatchRow.mockRejectedValue(new ApiError(409, { error: 'batch.quoteExpired', message: 'The quote expired before it was paid.' }));

    await user.click(await screen.findByRole('button', { name: 'Remove row 1' }));
    client.getBatch.mockResolvedValue({ ...saved, status: 'COMPLETED', payment: { ...saved.payment!, status: 'expired' } });
    await user.click(screen.getByRole('button', { name: BATCH_COPY.removeConfirm }));

    // The refusal beside the rows, and the expired quote's line once the batch is read again.
    await waitFor(() => expect(screen.getAllByText('The quote expired before it was paid.')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Remove row 1' })).not.toBeInTheDocument();
  });

  it("shows a colleague's batch read-only", async () => {
    setup('/your-account/batches/BT-SAVED234', { ...saved, mine: false });

    expect(await screen.findByText('Submitted by Olivia Reyes. Only the person who submitted this batch can change it.')).toBeInTheDocument();
    expect(screen.getByText('Total to pay: $520.20')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pay the batch' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove row/ })).not.toBeInTheDocument();
  });

  it('says when the quote expired unpaid', async () => {
    setup('/your-account/batches/BT-SAVED234', {
      ...saved,
      status: 'COMPLETED',
      payment: { ...saved.payment!, status: 'expired' },
      rows: saved.rows.map((r) => ({ ...r, status: 'FAILED', reasons: [{ field: 'payment', message: 'The quote expired before it was paid.' }] })),
    });

    expect(await screen.findAllByText('The quote expired before it was paid.')).toHaveLength(3);
    expect(screen.queryByRole('form', { name: 'Pay the batch' })).not.toBeInTheDocument();
  });

  it('answers a batch the viewer may not see as not found', async () => {
    setup('/your-account/batches/BT-00000000', new ApiError(404, { error: 'batch.notFound', message: 'Batch not found' }));

    expect(await screen.findByText('Batch not found')).toBeInTheDocument();
  });

  it('offers to load again when the batch could not be read', async () => {
    const { user } = setup('/your-account/batches/BT-7K2M9Q4X', new ApiError(0, { error: 'network', message: 'offline' }));

    expect(await screen.findByText(BATCH_COPY.failed)).toBeInTheDocument();
    client.getBatch.mockResolvedValue(completed);
    await user.click(screen.getByRole('button', { name: /again/i }));

    expect(await screen.findByRole('table', { name: 'Rows of the batch' })).toBeInTheDocument();
  });
});
