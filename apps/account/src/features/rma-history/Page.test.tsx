import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Connection, type RmaDetails, type RmaHistoryItem, type RepairSummary } from '@portal/api-client';
import { renderRoute, sessionWith } from '@portal/forms/testing';
import { FILTER_DEBOUNCE_MS, RmaHistoryPage } from './Page';
import { HISTORY_FAILED } from './hooks/useRmaHistory';

const item = (overrides: Partial<RmaHistoryItem> = {}): RmaHistoryItem => ({
  uid: 'uid-1',
  rmaNumber: 'RMA-100501',
  rmaType: 'REPAIR',
  status: 'SHIPPED_BACK',
  serial: 'RT10000001',
  model: 'RL14',
  problem: 'Cracked or broken screen',
  customerReference: 'PO-7781',
  assetTag: '',
  openedBy: 'Casey Morgan',
  mine: true,
  batchId: null,
  createdAt: '2026-03-02T10:00:00Z',
  updatedAt: '2026-03-09T10:00:00Z',
  ...overrides,
});

const connection = (
  items: RmaHistoryItem[],
  pageInfo: Partial<Connection<RmaHistoryItem>['pageInfo']> = {},
  totalCount = items.length,
): Connection<RmaHistoryItem> => ({
  totalCount,
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: 'start', endCursor: 'end', ...pageInfo },
  edges: items.map((node, i) => ({ cursor: `c${i}`, node })),
});

const details: RmaDetails = {
  uid: 'uid-1',
  rmaNumber: 'RMA-100501',
  rmaType: 'REPAIR',
  status: 'SHIPPED_BACK',
  mine: true,
  openedBy: 'Casey Morgan',
  serial: 'RT10000001',
  model: 'RL14',
  partNumber: 'RL14-G2-16',
  problem: { primaryFault: 'Display', problem: 'Cracked or broken screen', initialNotes: 'Dropped', customerReference: 'PO-7781', assetTag: 'AT-9' },
  contact: { firstName: 'Casey', lastName: 'Morgan', email: 'casey@example.com', phone: '5125550142', phoneCountryCode: 'US', company: 'Morgan Field Services', position: 'Technician' },
  address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
  shippingMethod: 'label',
  trackingNumber: '794600000001',
  returnTrackingNumber: '794600000099',
  label: '/shipping/label?rmaNumber=RMA-100501',
  commercialInvoice: null,
  labelExpiresAt: '2026-04-01T10:00:00Z',
  promisedShipDate: '2026-03-18',
  batchId: null,
  batchBox: null,
  createdAt: '2026-03-02T10:00:00Z',
  updatedAt: '2026-03-09T10:00:00Z',
  // Out of order on purpose: the window shows them oldest first.
  timeline: [
    { at: '2026-03-09T10:00:00Z', status: 'SHIPPED_BACK', kind: 'status', actor: 'Service center', note: 'On its way back' },
    { at: '2026-03-02T10:00:00Z', status: 'AWAITING_UNIT', kind: 'created', actor: 'You', note: '' },
    { at: '2026-03-02T10:01:00Z', status: '', kind: 'label_issued', actor: 'Portal', note: '' },
    // The server writes a move's promise before the move itself, at the same instant.
    { at: '2026-03-04T10:00:00Z', status: '', kind: 'promise', actor: 'Service center', note: 'Promised ship-back date: Mar 18 2026' },
    { at: '2026-03-04T10:00:00Z', status: 'RECEIVED', kind: 'status', actor: 'Service center', note: '' },
  ],
  diagnosis: null,
};

const summary: RepairSummary = {
  rmaNumber: 'RMA-100501',
  serial: 'RT10000001',
  model: 'RL14',
  rmaType: 'REPAIR',
  status: 'SHIPPED_BACK',
  primaryFault: 'Display',
  problem: 'Cracked or broken screen',
  receivedAt: '2026-03-04T10:00:00Z',
  shippedAt: '2026-03-09T10:00:00Z',
  returnTrackingNumber: '794600000099',
  work: [{ at: '2026-03-06T10:00:00Z', status: 'REPAIRING', partsReplaced: 'Display assembly', workPerformed: 'Replaced the display', technicianNotes: 'Passed burn-in' }],
};

function setup(rmasConnection: jest.Mock = jest.fn(async () => connection([item()]))) {
  const account = {
    rmasConnection,
    downloadHistoryCsv: jest.fn(async () => new Blob(['RMA Number\n'], { type: 'text/csv' })),
    details: jest.fn(async () => details),
    repairSummary: jest.fn(async () => summary),
    repairSummaryPdf: jest.fn(async () => new Blob(['%PDF'], { type: 'application/pdf' })),
  };
  const shipping = { document: jest.fn(async () => new Blob(['%PDF'], { type: 'application/pdf' })) };
  const view = renderRoute(<RmaHistoryPage />, {
    path: '/your-account/rma-history',
    url: '/your-account/rma-history',
    session: sessionWith({ account, shipping } as never),
    // Where a batch RMA's link leads (the batches feature's page).
    routes: [{ path: '/your-account/batches/:id', element: <h1>Batch page</h1> }],
  });
  return { account, shipping, user: userEvent.setup(), ...view };
}

/** The details window's line of the promised date (the timeline's notes name it too). */
const promiseLine = (dialog: HTMLElement) =>
  within(dialog).queryByText((_, el) => el?.tagName === 'P' && (el.textContent ?? '').startsWith('Promised ship-back date:'));

const lastCall = (mock: jest.Mock) => mock.mock.calls[mock.mock.calls.length - 1] as unknown[];

afterEach(() => jest.useRealTimers());

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:http://portal.test/doc');
  URL.revokeObjectURL = jest.fn();
  // jsdom cannot follow a download link; the click is what hands the file to the browser.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

describe('rma-history', () => {
  it('shows the RMAs with status in words, dates as MMM d yyyy, and marks the organization’s', async () => {
    setup(jest.fn(async () => connection([item(), item({ uid: 'uid-2', rmaNumber: 'RMA-100502', mine: false, openedBy: 'Olivia Reyes', status: 'AWAITING_UNIT' })])));

    expect(screen.getByRole('heading', { name: 'Your RMAs' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your RMAs…');
    const table = await screen.findByRole('table', { name: 'Your RMAs' });
    const [, mine, theirs] = within(table).getAllByRole('row');
    expect(mine).toHaveTextContent('Shipped back');
    expect(mine).toHaveTextContent('Mar 2 2026');
    expect(mine).toHaveTextContent('Mar 9 2026');
    expect(within(mine as HTMLElement).queryByText('Organization')).not.toBeInTheDocument();
    expect(theirs).toHaveTextContent('Awaiting unit');
    expect(within(theirs as HTMLElement).getByText('Organization')).toBeInTheDocument();
    expect(theirs).toHaveTextContent('Olivia Reyes');
    expect(screen.getByText('2 RMAs · page 1')).toBeInTheDocument();
  });

  it('asks for the first page newest first', async () => {
    const { account } = setup();

    await screen.findByRole('table');
    expect(account.rmasConnection).toHaveBeenCalledWith(
      { text: '', years: [], months: [] },
      { field: 'CREATED_AT', desc: true },
      { first: 25 },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('says when there are no RMAs yet', async () => {
    setup(jest.fn(async () => connection([])));

    expect(await screen.findByText('You have no RMAs yet.')).toBeInTheDocument();
  });

  it('shows a failure and loads again on request', async () => {
    const rmasConnection = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(0, { error: 'network', message: 'offline' }))
      .mockResolvedValue(connection([item()]));
    const { user } = setup(rmasConnection);

    expect(await screen.findByRole('alert')).toHaveTextContent(HISTORY_FAILED);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('pages forwards with first/after and back with last/before', async () => {
    const rmasConnection = jest
      .fn()
      .mockResolvedValueOnce(connection([item()], { hasNextPage: true, endCursor: 'end-1' }, 60))
      .mockResolvedValueOnce(connection([item({ uid: 'uid-2', rmaNumber: 'RMA-100502' })], { hasNextPage: true, hasPreviousPage: true, startCursor: 'start-2' }, 60))
      .mockResolvedValue(connection([item()], { hasNextPage: true, hasPreviousPage: false }, 60));
    const { user } = setup(rmasConnection);

    await screen.findByText('60 RMAs · page 1');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('60 RMAs · page 2');
    expect(lastCall(rmasConnection)[2]).toEqual({ first: 25, after: 'end-1' });

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('60 RMAs · page 1');
    expect(lastCall(rmasConnection)[2]).toEqual({ last: 25, before: 'start-2' });
  });

  it('sends the settled filter text once, starting again at page one', async () => {
    // The text is sent a while after the last keystroke: fake timers move past that debounce
    // instead of waiting for it.
    jest.useFakeTimers();
    const rmasConnection = jest.fn(async (..._args: unknown[]) => connection([item()], { hasNextPage: true, endCursor: 'end-1' }, 60));
    setup(rmasConnection);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastCall(rmasConnection)[2]).toEqual({ first: 25, after: 'end-1' }));

    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'RL14');
    expect(lastCall(rmasConnection)[0]).toEqual({ text: '', years: [], months: [] });
    await act(async () => {
      jest.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    });
    await waitFor(() => expect(lastCall(rmasConnection)[0]).toEqual({ text: 'RL14', years: [], months: [] }));
    expect(lastCall(rmasConnection)[2]).toEqual({ first: 25 });
    // One request for the settled text, not one per key.
    expect(rmasConnection.mock.calls.filter((c: unknown[]) => (c[0] as { text: string }).text.startsWith('RL'))).toHaveLength(1);
  });

  it('sends the years and months chosen', async () => {
    const rmasConnection = jest.fn(async () => connection([item()]));
    const { user } = setup(rmasConnection);
    await screen.findByRole('table');

    const thisYear = new Date().getFullYear();
    await user.click(screen.getByRole('checkbox', { name: String(thisYear) }));
    await user.click(screen.getByRole('checkbox', { name: 'March' }));
    await user.click(screen.getByRole('checkbox', { name: 'January' }));
    await waitFor(() => expect(lastCall(rmasConnection)[0]).toEqual({ text: '', years: [thisYear], months: [1, 3] }));
    await user.click(screen.getByRole('checkbox', { name: 'March' }));
    await waitFor(() => expect(lastCall(rmasConnection)[0]).toEqual({ text: '', years: [thisYear], months: [1] }));
  });

  it('sends the page size and the sorted column', async () => {
    const rmasConnection = jest.fn(async () => connection([item()]));
    const { user } = setup(rmasConnection);
    await screen.findByRole('table');

    await user.selectOptions(screen.getByRole('combobox', { name: 'RMAs per page' }), '50');
    await waitFor(() => expect(lastCall(rmasConnection)[2]).toEqual({ first: 50 }));

    await user.click(screen.getByRole('button', { name: 'Sort by RMA number' }));
    await waitFor(() => expect(lastCall(rmasConnection)[1]).toEqual({ field: 'RMA_NUMBER', desc: false }));
    await user.click(screen.getByRole('button', { name: 'Sort by RMA number' }));
    await waitFor(() => expect(lastCall(rmasConnection)[1]).toEqual({ field: 'RMA_NUMBER', desc: true }));
    expect(screen.getByRole('columnheader', { name: /RMA number/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Sort by Updated' }));
    await waitFor(() => expect(lastCall(rmasConnection)[1]).toEqual({ field: 'UPDATED_AT', desc: true }));
    await user.click(screen.getByRole('button', { name: 'Sort by Status' }));
    await waitFor(() => expect(lastCall(rmasConnection)[1]).toEqual({ field: 'STATUS', desc: false }));
  });

  it('downloads the CSV of the same filter through the API client', async () => {
    const { account, user } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'March' }));
    await user.click(screen.getByRole('button', { name: 'Sort by Created' }));

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() =>
      expect(account.downloadHistoryCsv).toHaveBeenCalledWith({
        search: { text: '', years: [], months: [3] },
        sort: { field: 'CREATED_AT', desc: false },
      }),
    );
    expect(URL.createObjectURL).toHaveBeenCalled();
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
  });

  it('opens the details window with the timeline in order, the label, and the repair summary with its PDF', async () => {
    const { account, shipping, user } = setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Details of RMA-100501' }));

    const dialog = await screen.findByRole('dialog', { name: 'RMA-100501' });
    await within(dialog).findByText('RL14-G2-16');
    expect(account.details).toHaveBeenCalledWith('uid-1', expect.anything());
    const timeline = within(within(dialog).getByRole('region', { name: 'Status timeline' })).getAllByRole('listitem');
    expect(timeline.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Mar 2 2026 .* · Awaiting unit · You$/),
      expect.stringMatching(/^Mar 2 2026 .* · Shipping label issued · Portal$/),
      expect.stringMatching(/^Mar 4 2026 .* · Promised ship-back date · Service centerPromised ship-back date: Mar 18 2026$/),
      expect.stringMatching(/^Mar 4 2026 .* · Received · Service center$/),
      expect.stringMatching(/^Mar 9 2026 .* · Shipped back · Service center.*On its way back$/),
    ]);
    expect(promiseLine(dialog)).toHaveTextContent(/^Promised ship-back date: Mar 18 2026: kept, shipped back Mar 9 2026$/);
    expect(within(dialog).getByText('100 Congress Ave', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByText('Prepaid shipping label')).toBeInTheDocument();
    expect(await within(dialog).findByRole('link', { name: 'Shipping label' })).toHaveAttribute('href', 'blob:http://portal.test/doc');
    expect(shipping.document).toHaveBeenCalledWith('/shipping/label?rmaNumber=RMA-100501', expect.anything());
    expect(within(dialog).queryByText('Commercial invoice')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Repair Summary' }));
    const repair = await within(dialog).findByRole('region', { name: 'Repair Summary' });
    expect(await within(repair).findByText('Display assembly')).toBeInTheDocument();
    expect(within(repair).getByText('Replaced the display')).toBeInTheDocument();
    expect(within(repair).getByText('Passed burn-in')).toBeInTheDocument();
    expect(account.repairSummary).toHaveBeenCalledWith('RMA-100501', expect.anything());

    await user.click(within(repair).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(account.repairSummaryPdf).toHaveBeenCalledWith('RMA-100501'));

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows no promised date before the unit arrives, and says when the date moved', async () => {
    const { account, user } = setup();
    account.details.mockResolvedValueOnce({ ...details, status: 'AWAITING_UNIT', promisedShipDate: null, timeline: details.timeline.slice(1, 3) });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Details of RMA-100501' }));
    let dialog = await screen.findByRole('dialog', { name: 'RMA-100501' });
    await within(dialog).findByText('RL14-G2-16');
    expect(promiseLine(dialog)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    const moved = { at: '2026-03-06T10:00:00Z', status: '', kind: 'promise', actor: 'Service center', note: 'Promised ship-back date: Mar 23 2026 (a part your unit needs is on backorder)' };
    account.details.mockResolvedValueOnce({ ...details, promisedShipDate: '2026-03-23', timeline: [...details.timeline, moved] });
    await user.click(screen.getByRole('button', { name: 'Details of RMA-100501' }));
    dialog = await screen.findByRole('dialog', { name: 'RMA-100501' });
    await within(dialog).findByText('RL14-G2-16');
    expect(promiseLine(dialog)).toHaveTextContent('Promised ship-back date: Mar 23 2026 (updated: see the timeline for why)');
    expect(within(dialog).getByText(/a part your unit needs is on backorder/)).toBeInTheDocument();
  });

  it('names the batch of an RMA created in one, linking to its page, on its row and in its details', async () => {
    const batched = item({ uid: 'uid-2', rmaNumber: 'RMA-100502', status: 'AWAITING_UNIT', batchId: 'BT-7K2M9Q4X' });
    const { account, user, router } = setup(jest.fn(async () => connection([item(), batched])));
    const table = await screen.findByRole('table', { name: 'Your RMAs' });
    const [, single, inBatch] = within(table).getAllByRole('row');
    expect(within(single as HTMLElement).queryByText(/^Batch /)).not.toBeInTheDocument();
    const link = within(inBatch as HTMLElement).getByRole('link', { name: 'Batch BT-7K2M9Q4X' });
    expect(link).toHaveAttribute('href', '/your-account/batches/BT-7K2M9Q4X');

    account.details.mockResolvedValueOnce({
      ...details,
      uid: 'uid-2',
      rmaNumber: 'RMA-100502',
      status: 'AWAITING_UNIT',
      shippingMethod: 'batch',
      trackingNumber: 'RF0000000002',
      label: null,
      labelExpiresAt: null,
      batchId: 'BT-7K2M9Q4X',
      batchBox: 2,
      timeline: [{ at: '2026-03-02T10:00:00Z', status: 'AWAITING_UNIT', kind: 'created', actor: 'You', note: 'Created in batch BT-7K2M9Q4X' }],
    });
    await user.click(screen.getByRole('button', { name: 'Details of RMA-100502' }));
    const dialog = await screen.findByRole('dialog', { name: 'RMA-100502' });
    await within(dialog).findByText('RL14-G2-16');
    expect(within(dialog).getByRole('link', { name: 'Batch BT-7K2M9Q4X' })).toHaveAttribute('href', '/your-account/batches/BT-7K2M9Q4X');
    expect(within(dialog).getByText('In box 2 of batch BT-7K2M9Q4X')).toBeInTheDocument();
    expect(within(dialog).getByText("Box's tracking number")).toBeInTheDocument();
    expect(within(dialog).getByText('RF0000000002')).toBeInTheDocument();
    expect(within(dialog).queryByText('Prepaid shipping label')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Shipping documents' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Created in batch BT-7K2M9Q4X')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // The link on the row goes to the batch's page instead of opening the RMA's details.
    await user.click(within(inBatch as HTMLElement).getByRole('link', { name: 'Batch BT-7K2M9Q4X' }));
    expect(await screen.findByRole('heading', { name: 'Batch page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/your-account/batches/BT-7K2M9Q4X');
    expect(account.details).toHaveBeenCalledTimes(1);
  });

  it('says a batch RMA’s box is assigned later while the batch is still creating its RMAs', async () => {
    const { account, user } = setup(jest.fn(async () => connection([item({ batchId: 'BT-7K2M9Q4X' })])));
    account.details.mockResolvedValueOnce({ ...details, shippingMethod: 'batch', trackingNumber: '', label: null, batchId: 'BT-7K2M9Q4X', batchBox: null });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Details of RMA-100501' }));
    const dialog = await screen.findByRole('dialog', { name: 'RMA-100501' });
    expect(await within(dialog).findByText('In a box of batch BT-7K2M9Q4X (assigned once every unit of the batch has its RMA)')).toBeInTheDocument();
    expect(within(dialog).queryByText("Box's tracking number")).not.toBeInTheDocument();
  });

  it('shows the server’s message for an RMA that is not there any more', async () => {
    const { account, user } = setup();
    account.details.mockRejectedValueOnce(new ApiError(404, { error: 'rma.notFound', message: 'RMA not found' }));
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Details of RMA-100501' }));

    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('RMA not found');
  });
});
