import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type PartsOrder } from '@portal/api-client';
import { cartItem, makeApi, putCart, renderPage, signedIn } from '../test/fixtures';
import { Checkout } from './Checkout';
import { browser } from './payment';

// The checkout a customer comes back to after leaving PayPal with the browser's Back button
// offers the order that awaits its payment, to pay or cancel.

configure({ asyncUtilTimeout: 5_000 });

const unpaid: PartsOrder = {
  rmaBatchId: 'PB-100001',
  kind: 'parts',
  status: 'AWAITING_PAYMENT',
  createdAt: '2026-03-02T10:00:00Z',
  total: { cents: 25800, currency: 'USD' },
  paymentMethod: 'PayPal',
  customerPO: '',
  contact: { firstName: 'Casey', lastName: 'Morgan', email: 'casey@example.com', phone: '5125550142', phoneCountryCode: 'US', company: '', position: '' },
  address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
  lines: [{ partNumber: 'RL14-BAT-STD', description: 'Battery', quantity: 2, unitPrice: { cents: 12900, currency: 'USD' }, lineTotal: { cents: 25800, currency: 'USD' }, model: '', serials: [] }],
  mine: true,
  orderedByName: 'Casey Morgan',
};

let assign: jest.SpyInstance;
let reload: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
});
afterEach(() => {
  assign.mockRestore();
  reload.mockRestore();
});

function setup(orders: PartsOrder[] = [unpaid]) {
  putCart('parts', [cartItem('RL14-BAT-STD', 2)]);
  const api = makeApi();
  api.parts.awaitingPayment.mockResolvedValue(orders);
  const view = renderPage(<Checkout kind="parts" />, {
    path: '/parts-order/checkout',
    url: '/parts-order/checkout',
    session: signedIn(api, ['service:partorder:create']),
  });
  return { api, user: userEvent.setup({ delay: null }), ...view };
}

const panel = () => screen.findByRole('region', { name: 'Orders waiting for their payment' });

describe('checkout: an order awaiting its payment', () => {
  it("lists the caller's order with Pay Now and Cancel Order above the checkout", async () => {
    const { api } = setup();
    const orders = await panel();

    expect(within(orders).getByText('PB-100001')).toBeInTheDocument();
    expect(within(orders).getByText('$258.00')).toBeInTheDocument();
    expect(within(orders).getByText('2 × RL14-BAT-STD')).toBeInTheDocument();
    expect(within(orders).getByRole('button', { name: 'Pay Now PB-100001' })).toBeInTheDocument();
    expect(within(orders).getByRole('button', { name: 'Cancel Order PB-100001' })).toBeInTheDocument();
    expect(api.parts.awaitingPayment).toHaveBeenCalledWith('parts', expect.anything());
    expect(screen.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
  });

  it('shows nothing when no order awaits its payment', async () => {
    const { api } = setup([]);
    await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(api.parts.awaitingPayment).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Orders waiting for their payment' })).not.toBeInTheDocument();
  });

  it('Pay Now goes to the same PayPal order', async () => {
    const { api, user } = setup();
    await user.click(within(await panel()).getByRole('button', { name: 'Pay Now PB-100001' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-1'));
    expect(api.parts.payOrder).toHaveBeenCalledWith('PB-100001');
  });

  it('Pay Now of an order paid meanwhile says so', async () => {
    const { api, user } = setup();
    api.parts.payOrder.mockResolvedValueOnce({ rmaBatchId: 'PB-100001', status: 'PLACED' as never, total: unpaid.total, paymentUrl: '' });
    await user.click(within(await panel()).getByRole('button', { name: 'Pay Now PB-100001' }));

    expect(await screen.findByText('Order PB-100001 is paid: you can follow it under Your account, Parts orders.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('Cancel Order cancels it and keeps the cart', async () => {
    const { api, user } = setup();
    const orders = await panel();
    await user.click(within(orders).getByRole('button', { name: 'Cancel Order PB-100001' }));

    expect(await screen.findByText('Order PB-100001 was cancelled. Nothing was charged.')).toBeInTheDocument();
    expect(api.parts.cancelOrder).toHaveBeenCalledWith('PB-100001');
    expect(screen.queryByRole('button', { name: 'Pay Now PB-100001' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const { api, user } = setup();
    api.parts.cancelOrder.mockRejectedValueOnce(new ApiError(409, { error: 'parts.notCancellable', message: 'This order is paid or cancelled and can no longer be cancelled.' }));
    await user.click(within(await panel()).getByRole('button', { name: 'Cancel Order PB-100001' }));

    expect(await screen.findByText('This order is paid or cancelled and can no longer be cancelled.')).toBeInTheDocument();
  });
});

describe("checkout: the browser's Back button from PayPal", () => {
  it('loads the page again when the browser restores it from its cache on the way to PayPal', async () => {
    const { user } = setup([]);
    await within(await screen.findByRole('table', { name: 'Items and prices' })).findAllByText('$258.00');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());

    const restored = new Event('pageshow');
    Object.defineProperty(restored, 'persisted', { value: true });
    act(() => {
      window.dispatchEvent(restored);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
