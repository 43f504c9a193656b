import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Connection, type RmaDetails, type RmaHistoryItem } from '@portal/api-client';
import { browser } from '@portal/forms/payable';
import { renderRoute, sessionWith } from '@portal/forms/testing';
import { RmaHistoryPage } from './Page';

// Your RMAs offers the viewer's RMA that awaits its payment (a payment left at PayPal with the
// browser's Back button) to pay or cancel, in its row and in its details window.

const item = (overrides: Partial<RmaHistoryItem> = {}): RmaHistoryItem => ({
  uid: 'uid-1',
  rmaNumber: 'RMA-100501',
  rmaType: 'REPAIR',
  status: 'AWAITING_PAYMENT',
  serial: 'RT10000002',
  model: 'ST12',
  problem: 'Cracked or broken screen',
  customerReference: '',
  assetTag: '',
  openedBy: 'Casey Morgan',
  mine: true,
  batchId: null,
  createdAt: '2026-03-02T10:00:00Z',
  updatedAt: '2026-03-02T10:00:00Z',
  ...overrides,
});

const connection = (items: RmaHistoryItem[]): Connection<RmaHistoryItem> => ({
  totalCount: items.length,
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: 'start', endCursor: 'end' },
  edges: items.map((node, i) => ({ cursor: `c${i}`, node })),
});

const details: RmaDetails = {
  uid: 'uid-1',
  rmaNumber: 'RMA-100501',
  rmaType: 'REPAIR',
  status: 'AWAITING_PAYMENT',
  mine: true,
  openedBy: 'Casey Morgan',
  serial: 'RT10000002',
  model: 'ST12',
  partNumber: 'ST12-G2-16',
  problem: { primaryFault: 'Display', problem: 'Cracked or broken screen', initialNotes: 'Dropped', customerReference: '', assetTag: '' },
  contact: { firstName: 'Casey', lastName: 'Morgan', email: 'casey@example.com', phone: '5125550142', phoneCountryCode: 'US', company: '', position: '' },
  address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
  shippingMethod: 'label',
  trackingNumber: '',
  returnTrackingNumber: '',
  label: null,
  commercialInvoice: null,
  labelExpiresAt: null,
  promisedShipDate: null,
  batchId: null,
  batchBox: null,
  createdAt: '2026-03-02T10:00:00Z',
  updatedAt: '2026-03-02T10:00:00Z',
  timeline: [{ at: '2026-03-02T10:00:00Z', status: 'AWAITING_PAYMENT', kind: 'created', actor: 'You', note: '' }],
  diagnosis: null,
};

function setup(items: RmaHistoryItem[] = [item()]) {
  const account = {
    rmasConnection: jest.fn(async () => connection(items)),
    downloadHistoryCsv: jest.fn(),
    details: jest.fn(async () => details),
    repairSummary: jest.fn(),
    repairSummaryPdf: jest.fn(),
  };
  const repair = {
    payRma: jest.fn(async (rmaNumber: string) => ({ rmaNumber, quoteId: 'QT-ABCDEFGHJKLM', paymentUrl: 'https://paypal.test/checkoutnow?token=ORDER-1' })),
    processOow: jest.fn(async ({ rmaNumber }: { rmaNumber: string }) => ({ rmaNumber, label: '/shipping/documents/l', commercialInvoice: null, shippingError: null })),
    cancelRma: jest.fn(async (rmaNumber: string) => ({ rmaNumber, status: 'CANCELLED' })),
  };
  const view = renderRoute(<RmaHistoryPage />, {
    path: '/your-account/rma-history',
    url: '/your-account/rma-history',
    session: sessionWith({ account, repair, shipping: { document: jest.fn() } } as never),
    routes: [{ path: '/canceled', element: <h1>Canceled</h1> }],
  });
  return { account, repair, user: userEvent.setup(), ...view };
}

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

async function row(rmaNumber: string) {
  const table = await screen.findByRole('table', { name: 'Your RMAs' });
  return within(table).getByRole('button', { name: `Details of ${rmaNumber}` }).closest('tr') as HTMLElement;
}

describe('Your RMAs: an RMA awaiting its payment', () => {
  it.each([
    ['the viewer’s own RMA awaiting its payment', item(), true],
    ['a colleague’s RMA awaiting its payment (only its owner pays it)', item({ mine: false, openedBy: 'Olivia Reyes' }), false],
    ['the viewer’s RMA past its payment', item({ status: 'AWAITING_UNIT' }), false],
  ])('offers Pay Now and Cancel RMA in the row only for %s', async (_, rma, offered) => {
    setup([rma]);
    const r = await row(rma.rmaNumber);
    expect(within(r).queryByRole('button', { name: 'Pay Now RMA-100501' }) !== null).toBe(offered);
    expect(within(r).queryByRole('button', { name: 'Cancel RMA RMA-100501' }) !== null).toBe(offered);
  });

  it('Pay Now goes to the same PayPal order and does not open the details', async () => {
    const { repair, account, user } = setup();
    await user.click(within(await row('RMA-100501')).getByRole('button', { name: 'Pay Now RMA-100501' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-1'));
    expect(repair.payRma).toHaveBeenCalledWith('RMA-100501');
    expect(account.details).not.toHaveBeenCalled();
  });

  it('Pay Now of an RMA paid meanwhile finishes it, says so and reads the history again', async () => {
    const { repair, account, user } = setup();
    repair.payRma.mockResolvedValueOnce({ rmaNumber: 'RMA-100501', quoteId: 'QT-ABCDEFGHJKLM', paymentUrl: '' });
    await user.click(within(await row('RMA-100501')).getByRole('button', { name: 'Pay Now RMA-100501' }));

    expect(await screen.findByText(/RMA RMA-100501 is paid/)).toBeInTheDocument();
    expect(repair.processOow).toHaveBeenCalledWith({ rmaNumber: 'RMA-100501', serial: 'RT10000002' });
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(account.rmasConnection).toHaveBeenCalledTimes(2));
  });

  it('Cancel RMA cancels it and shows /canceled', async () => {
    const { repair, user, router } = setup();
    await user.click(within(await row('RMA-100501')).getByRole('button', { name: 'Cancel RMA RMA-100501' }));

    expect(await screen.findByRole('heading', { name: 'Canceled' })).toBeInTheDocument();
    expect(repair.cancelRma).toHaveBeenCalledWith('RMA-100501');
    expect(router.state.location.search).toBe('?rma=RMA-100501');
  });

  it("shows the server's refusal beside the buttons", async () => {
    const { repair, user } = setup();
    const message = 'This RMA is paid and can no longer be cancelled here. Please contact support.';
    repair.cancelRma.mockRejectedValueOnce(new ApiError(409, { error: 'rma.notCancellable', message }));
    await user.click(within(await row('RMA-100501')).getByRole('button', { name: 'Cancel RMA RMA-100501' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('offers the same in the details window', async () => {
    const { repair, user } = setup();
    await user.click(within(await row('RMA-100501')).getByRole('button', { name: 'Details of RMA-100501' }));
    const dialog = await screen.findByRole('dialog', { name: 'RMA-100501' });
    await user.click(await within(dialog).findByRole('button', { name: 'Pay Now RMA-100501' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-1'));
    expect(repair.payRma).toHaveBeenCalledWith('RMA-100501');
  });
});
