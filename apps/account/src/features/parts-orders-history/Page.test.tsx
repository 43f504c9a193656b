import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Connection, type PartsOrderBatch } from '@portal/api-client';
import { renderRoute, sessionWith } from '@portal/forms/testing';
import { PartsOrdersHistoryPage, SEARCH_DEBOUNCE_MS } from './Page';
import { SHIPMENT_FAILED } from './ShipmentNote';
import { PARTS_ORDERS_FAILED } from './usePartsOrders';

const order = (overrides: Partial<PartsOrderBatch> = {}): PartsOrderBatch => ({
  rmaBatchId: 'PB-100001',
  kind: 'parts',
  status: 'PLACED',
  createdAt: '2026-03-02T10:00:00Z',
  total: { cents: 34700, currency: 'USD' },
  paymentMethod: 'PayPal',
  customerPO: '',
  itemCount: 3,
  mine: true,
  orderedByName: 'Casey Morgan',
  lines: [
    {
      partNumber: 'RL14-BAT-STD',
      description: 'RL14 standard battery',
      quantity: 2,
      unitPrice: { cents: 12900, currency: 'USD' },
      lineTotal: { cents: 25800, currency: 'USD' },
      model: '',
      serials: [],
    },
    {
      partNumber: 'RL14-CHG-AC',
      description: 'RL14 AC charger',
      quantity: 1,
      unitPrice: { cents: 8900, currency: 'USD' },
      lineTotal: { cents: 8900, currency: 'USD' },
      model: 'RL14',
      serials: [],
    },
  ],
  ...overrides,
});

const video = order({
  rmaBatchId: 'PB-100002',
  kind: 'video',
  status: 'SHIPPED',
  mine: false,
  orderedByName: 'Olivia Chen',
  paymentMethod: 'PO',
  customerPO: 'PO-7781-1234',
  itemCount: 2,
  total: { cents: 17800, currency: 'USD' },
  lines: [
    {
      partNumber: 'VX12-BAT-STD',
      description: 'VX12 standard battery',
      quantity: 2,
      unitPrice: { cents: 8900, currency: 'USD' },
      lineTotal: { cents: 17800, currency: 'USD' },
      model: 'VX12',
      serials: ['VT10000007', 'VT10000008'],
    },
  ],
});

const connection = (nodes: PartsOrderBatch[], pageInfo: Partial<Connection<PartsOrderBatch>['pageInfo']> = {}): Connection<PartsOrderBatch> => ({
  totalCount: nodes.length,
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: 's', endCursor: 'e', ...pageInfo },
  edges: nodes.map((node, i) => ({ cursor: `c${i}`, node })),
});

/** The order as GET /parts-manager/orders/:id answers it: only its shipment matters here. */
const shippedOrder = async (rmaBatchId: string) => ({
  rmaBatchId,
  status: 'SHIPPED',
  shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedAt: '2026-03-04T15:30:00Z' },
});

function setup(partsOrdersConnection: jest.Mock, partsOrder: jest.Mock = jest.fn(shippedOrder)) {
  const view = renderRoute(<PartsOrdersHistoryPage />, {
    path: '/your-account/parts-orders-history',
    url: '/your-account/parts-orders-history',
    session: sessionWith({ account: { partsOrdersConnection }, parts: { order: partsOrder } } as never),
  });
  return { user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }), ...view };
}

// The search is sent a while after the last keystroke: fake timers move past that debounce
// instead of waiting for it.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('parts orders history', () => {
  it('lists own and organization orders newest first, a colleague marked, the lines in a details row', async () => {
    const partsOrdersConnection = jest.fn(async () => connection([order(), video]));
    const { user } = setup(partsOrdersConnection);

    const table = await screen.findByRole('table', { name: 'Parts orders' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('PB-100001');
    expect(rows[1]).toHaveTextContent('Mar 2 2026');
    expect(rows[1]).toHaveTextContent('You');
    expect(rows[1]).toHaveTextContent('Placed');
    expect(rows[1]).toHaveTextContent('$347.00');
    expect(rows[2]).toHaveTextContent('Olivia Chen');
    expect(within(rows[2] as HTMLElement).getByText('Organization')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByText('Organization')).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Shipped');
    expect(screen.getByText('2 orders · page 1')).toBeInTheDocument();
    expect(partsOrdersConnection).toHaveBeenCalledWith({ text: '', statuses: [] }, { field: 'CREATED_AT', desc: true }, { first: 10 }, expect.anything());

    const show = screen.getByRole('button', { name: 'Show the lines of PB-100002' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const lines = screen.getByRole('table', { name: 'Lines of PB-100002' });
    expect(lines).toHaveTextContent('VX12-BAT-STD');
    expect(lines).toHaveTextContent('VX12: VT10000007, VT10000008');
    expect(lines).toHaveTextContent('$178.00');
    expect(screen.getByText('Video parts · paid by purchase order PO-7781-1234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide the lines of PB-100002' }));
    expect(screen.queryByRole('table', { name: 'Lines of PB-100002' })).not.toBeInTheDocument();
  });

  it("shows a shipped order's carrier and tracking number, read from the order when its row opens", async () => {
    const partsOrder = jest.fn(shippedOrder);
    const { user } = setup(jest.fn(async () => connection([order(), video])), partsOrder);
    await screen.findByRole('table', { name: 'Parts orders' });
    await user.click(screen.getByRole('button', { name: 'Show the lines of PB-100001' }));
    expect(partsOrder).not.toHaveBeenCalled();
    expect(screen.queryByText(/tracking number/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show the lines of PB-100002' }));
    expect(await screen.findByText('Shipped Mar 4 2026 with UPS · tracking number 1Z999AA10123456784')).toBeInTheDocument();
    expect(partsOrder).toHaveBeenCalledWith('PB-100002', expect.anything());
  });

  it("says when a shipped order's tracking could not be loaded", async () => {
    const partsOrder = jest.fn().mockRejectedValue(new ApiError(0, { error: 'network', message: 'offline' }));
    const { user } = setup(jest.fn(async () => connection([video])), partsOrder);
    await screen.findByRole('table', { name: 'Parts orders' });
    await user.click(screen.getByRole('button', { name: 'Show the lines of PB-100002' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SHIPMENT_FAILED);
  });

  it('says how each order is paid by its status: only placed and shipped orders were paid', async () => {
    const partsOrdersConnection = jest.fn(async () =>
      connection([
        order({ rmaBatchId: 'PB-100003', status: 'AWAITING_PAYMENT' }),
        order({ rmaBatchId: 'PB-100004', status: 'CANCELLED' }),
        order({ rmaBatchId: 'PB-100005', status: 'PLACED' }),
      ]),
    );
    const { user } = setup(partsOrdersConnection);
    await screen.findByRole('table', { name: 'Parts orders' });
    for (const id of ['PB-100003', 'PB-100004', 'PB-100005']) await user.click(screen.getByRole('button', { name: `Show the lines of ${id}` }));
    expect(screen.getByText('Parts · to be paid by PayPal, not paid yet')).toBeInTheDocument();
    expect(screen.getByText('Parts · cancelled before payment by PayPal, nothing was charged')).toBeInTheDocument();
    expect(screen.getByText('Parts · paid by PayPal')).toBeInTheDocument();
  });

  it('searches and filters by status on the server, from the first page', async () => {
    const partsOrdersConnection = jest.fn(async () => connection([order()]));
    const { user } = setup(partsOrdersConnection);
    await screen.findByRole('table', { name: 'Parts orders' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' rl14-bat ');
    expect(partsOrdersConnection).not.toHaveBeenCalledWith({ text: 'rl14-bat', statuses: [] }, expect.anything(), expect.anything(), expect.anything());
    await act(async () => {
      jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    await waitFor(() =>
      expect(partsOrdersConnection).toHaveBeenLastCalledWith({ text: 'rl14-bat', statuses: [] }, expect.anything(), { first: 10 }, expect.anything()),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Awaiting payment');
    await waitFor(() =>
      expect(partsOrdersConnection).toHaveBeenLastCalledWith(
        { text: 'rl14-bat', statuses: ['AWAITING_PAYMENT'] },
        expect.anything(),
        { first: 10 },
        expect.anything(),
      ),
    );
  });

  it('pages with first/after and last/before', async () => {
    const partsOrdersConnection = jest.fn(async (_search: unknown, _sort: unknown, page: { after?: string }) =>
      page.after
        ? connection([order({ rmaBatchId: 'PB-100011' })], { hasPreviousPage: true, startCursor: 's2' })
        : connection([order()], { hasNextPage: true, endCursor: 'e1' }),
    );
    const { user } = setup(partsOrdersConnection);
    const pages = await screen.findByRole('navigation', { name: 'Pages of parts orders' });

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('PB-100011')).toBeInTheDocument();
    expect(partsOrdersConnection).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), { first: 10, after: 'e1' }, expect.anything());

    await user.click(within(screen.getByRole('navigation', { name: 'Pages of parts orders' })).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(partsOrdersConnection).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), { last: 10, before: 's2' }, expect.anything()));
  });

  it('says when there are none, and when none match', async () => {
    const partsOrdersConnection = jest.fn(async () => connection([]));
    const { user } = setup(partsOrdersConnection);

    expect(await screen.findByText('You have no parts orders yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Cancelled');
    expect(await screen.findByText('No parts orders match this search.')).toBeInTheDocument();
  });

  it('shows a failure and loads again on request', async () => {
    const partsOrdersConnection = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(0, { error: 'network', message: 'offline' }))
      .mockResolvedValue(connection([order()]));
    const { user } = setup(partsOrdersConnection);

    expect(await screen.findByText(PARTS_ORDERS_FAILED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('table', { name: 'Parts orders' })).toBeInTheDocument();
    expect(screen.queryByText(PARTS_ORDERS_FAILED)).not.toBeInTheDocument();
  });
});
