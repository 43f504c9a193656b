import { StrictMode } from 'react';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@portal/api-client';
import { PartsOrderSuccessPage } from '../../features/parts-order/PartsOrderSuccessPage';
import { CART_KEYS } from '../cart/model';
import { cartItem, makeApi, putCart, renderPage, signedIn, signedOut, storedCart, videoOnlyMessage, type FakeApi } from '../test/fixtures';
import { Checkout } from './Checkout';
import { browser } from './payment';

configure({ asyncUtilTimeout: 5_000 });

const ORDER = 'service:partorder:create';
const VIDEO = 'service:video:serial:read';
const PO = 'service:payment:po';

let assign: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

const successRoute = { path: '/parts-order/success', element: <PartsOrderSuccessPage /> };

function setup({ kind = 'parts', permissions = [ORDER], url, api = makeApi() }: { kind?: 'parts' | 'video'; permissions?: string[] | null; url?: string; api?: FakeApi } = {}) {
  const path = kind === 'parts' ? '/parts-order/checkout' : '/video-parts-order/checkout';
  const session = permissions ? signedIn(api, permissions) : signedOut(api);
  const view = renderPage(<Checkout kind={kind} />, { path, url: url ?? path, session, extra: [successRoute] });
  return { api, session, user: userEvent.setup({ delay: null }), ...view };
}

describe('checkout: who may order', () => {
  it('tells a signed-out visitor why and offers sign-in, coming back to the checkout', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 1)]);
    const { session, user, api } = setup({ permissions: null });
    expect(screen.getByRole('heading', { name: 'Sign in to check out' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(session.signIn).toHaveBeenCalledWith('/parts-order/checkout');
    expect(api.parts.price).not.toHaveBeenCalled();
  });

  it('tells a signed-in customer without the parts-order permission that the account cannot order parts', () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 1)]);
    const { api } = setup({ permissions: [] });
    expect(screen.getByText('Your account cannot order parts. Please contact support to enable parts ordering.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    expect(api.parts.price).not.toHaveBeenCalled();
  });

  it('asks for the video-serial permission too at the video checkout', () => {
    putCart('video', [cartItem('VX12-BAT-STD', 1, { model: 'VX12', serials: ['VT10000007'] })]);
    setup({ kind: 'video', permissions: [ORDER] });
    expect(screen.getByText('Your account cannot look up video unit serials.')).toBeInTheDocument();
  });
});

describe('checkout: placing the order', () => {
  it('prefills contact and address, shows the server prices and pays by card at the provider', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 2), cartItem('RL14-CHG-AC', 1)]);
    const { api, user } = setup();
    const summary = await screen.findByRole('table', { name: 'Items and prices' });
    await within(summary).findByText('$347.00');
    expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveValue('Casey');
    expect(await screen.findByRole('radio', { name: 'Credit Card' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=ORDER-1'));
    const [payload, key] = api.parts.createOrder.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload).toMatchObject({
      kind: 'parts',
      lines: [
        { partNumber: 'RL14-BAT-STD', quantity: 2 },
        { partNumber: 'RL14-CHG-AC', quantity: 1 },
      ],
      contact: { firstName: 'Casey', lastName: 'Morgan', email: 'casey@example.com' },
      address: { line1: '100 Congress Ave', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
      paymentData: { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' },
    });
    expect(JSON.stringify(payload)).not.toMatch(/cents|price/i);
    // The cart stays until the order is paid.
    expect(storedCart('parts')).toHaveLength(2);
  });

  it('defaults a PO holder to PO and asks for the PO number and file before sending anything', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 1)]);
    const api = makeApi();
    api.repair.paymentOptions.mockResolvedValue({ methods: ['PayPal', 'PO'] as never, defaultMethod: 'PO' as never, poReleaseRequired: false, discountPercent: 0 });
    const { user } = setup({ api, permissions: [ORDER, PO] });
    await screen.findByText('$129.00', { selector: 'td *' });
    expect(await screen.findByRole('radio', { name: 'PO' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('Must Attach Files')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Error Validating Information');
    expect(api.parts.createOrder).not.toHaveBeenCalled();
  });

  it('places a PO order with its number and file and shows the success page with its number, emptying the cart', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 1)]);
    const api = makeApi();
    api.repair.paymentOptions.mockResolvedValue({ methods: ['PayPal', 'PO'] as never, defaultMethod: 'PO' as never, poReleaseRequired: true, discountPercent: 0 });
    api.parts.createOrder.mockResolvedValue({ rmaBatchId: 'PB-100002', status: 'PLACED' as never, total: { cents: 12900, currency: 'USD' }, paymentUrl: '' });
    const { user } = setup({ api, permissions: [ORDER, PO] });
    await screen.findByText('$129.00', { selector: 'td *' });
    await user.type(await screen.findByRole('textbox', { name: 'PO Number' }), 'PO-7781');
    await user.type(screen.getByRole('textbox', { name: 'Release Number' }), '12');
    await user.upload(screen.getByLabelText('PO File'), new File(['%PDF-1.4'], 'po-7781.pdf', { type: 'application/pdf' }));
    await screen.findByText('Attached: po-7781.pdf');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Must be 4 or 5 digits')).toBeInTheDocument();
    expect(api.parts.createOrder).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Release Number' }), '34');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByText('PB-100002')).toBeInTheDocument();
    expect((api.parts.createOrder.mock.calls as unknown as [unknown][])[0]?.[0]).toMatchObject({
      paymentData: { paymentMethod: 'PO', customerPO: 'PO-7781-1234', customerPOFileId: 'po/po-7781.pdf' },
    });
    await waitFor(() => expect(localStorage.getItem(CART_KEYS.parts)).toBeNull());
  });

  it('reconciles the cart with the server before placing: a part no longer sold leaves with a message', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 1)]);
    const { api, user } = setup();
    await screen.findByText('$129.00', { selector: 'td *' });
    // Meanwhile the part is discontinued on the server.
    api.parts.price.mockImplementationOnce(async (lines) => ({
      lines: [],
      total: { cents: 0, currency: 'USD' },
      problems: lines.map((line, index) => ({ index, partNumber: line.partNumber, code: 'parts.discontinued', message: `Part ${line.partNumber} is no longer sold.` })),
    }));
    await user.click(await screen.findByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('Part RL14-BAT-STD is no longer sold. It was removed from your cart.')).toBeInTheDocument();
    expect(api.parts.createOrder).not.toHaveBeenCalled();
    expect(localStorage.getItem(CART_KEYS.parts)).toBeNull();
  });

  it('takes a body-worn camera part out of the parts cart on arrival, with the message that sends it to the video order', async () => {
    putCart('parts', [cartItem('VX12-BAT-STD', 1), cartItem('RL14-BAT-STD', 1)]);
    const { api, user } = setup();
    expect(await screen.findByText(`${videoOnlyMessage('VX12-BAT-STD')} It was removed from your cart.`)).toBeInTheDocument();
    await waitFor(() => expect(storedCart('parts')).toEqual([expect.objectContaining({ pn: 'RL14-BAT-STD' })]));
    expect(api.parts.price).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ kind: 'parts' }));

    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.parts.createOrder).toHaveBeenCalled());
    expect((api.parts.createOrder.mock.calls as unknown as [{ lines: unknown }][])[0]?.[0].lines).toEqual([{ partNumber: 'RL14-BAT-STD', quantity: 1 }]);
  });

  it("shows the server's message for an order above the total ceiling and orders nothing", async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 999)]);
    const api = makeApi();
    const ceiling = 'Order total must be at most $250,000.00. Please split the parts into smaller orders.';
    api.parts.createOrder.mockRejectedValue(new ApiError(400, { error: 'validation', message: 'Some fields are invalid.', fields: { total: ceiling } }));
    const { user } = setup({ api });
    await screen.findByText('$128,871.00', { selector: 'td *' });
    await screen.findByRole('radio', { name: 'Credit Card' });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(ceiling)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('reconciles a video cart holding a discontinued part on arrival, never silently', async () => {
    putCart('video', [
      cartItem('VX12-MNT-HELM', 1, { model: 'VX12', serials: ['VT10000007'] }),
      cartItem('VX12-BAT-STD', 1, { model: 'VX12', serials: ['VT10000008'] }),
    ]);
    setup({ kind: 'video', permissions: [ORDER, VIDEO] });
    expect(await screen.findByText('Part VX12-MNT-HELM is no longer sold. It was removed from your cart.')).toBeInTheDocument();
    await waitFor(() => expect(storedCart('video')).toEqual([expect.objectContaining({ pn: 'VX12-BAT-STD', serials: ['VT10000008'] })]));
  });

  it('takes the catalogue details over a tampered high-value flag, says so, and goes on to the prices', async () => {
    putCart('video', [cartItem('VX12-DOCK-8', 1, { model: 'VX12', serials: ['VT10000007'], isHighValue: false })]);
    setup({ kind: 'video', permissions: [ORDER, VIDEO] });
    expect(await screen.findByText('The details of VX12-DOCK-8 were updated from the catalogue.')).toBeInTheDocument();
    await waitFor(() => expect(storedCart('video')).toEqual([expect.objectContaining({ isHighValue: true })]));
    // The lines are the same: their prices stand, and the order can be placed.
    await screen.findByText('$1,899.00', { selector: 'td *' });
    expect(screen.queryByText('Checking your cart…')).not.toBeInTheDocument();
  });

  it('says so when another tab changed the cart, and checks it again', async () => {
    putCart('video', [cartItem('VX12-BAT-STD', 1, { model: 'VX12', serials: ['VT10000007'] })]);
    const { api } = setup({ kind: 'video', permissions: [ORDER, VIDEO] });
    await screen.findByText('$89.00', { selector: 'td *' });
    const calls = api.parts.price.mock.calls.length;
    const newValue = JSON.stringify([{ ...cartItem('VX12-BAT-STD', 2, { model: 'VX12', serials: ['VT10000007', 'VT10000008'] }) }]);
    act(() => {
      localStorage.setItem(CART_KEYS.video, newValue);
      window.dispatchEvent(new StorageEvent('storage', { key: CART_KEYS.video, newValue }));
    });
    expect(
      await screen.findByText('Your cart was changed in another tab or window. It has been checked again; please review it before you place the order.'),
    ).toBeInTheDocument();
    await screen.findByText('$178.00', { selector: 'td *' });
    expect(api.parts.price.mock.calls.length).toBeGreaterThan(calls);
  });

  it("names a refused line with the server's message (another customer's unit)", async () => {
    putCart('video', [cartItem('VX12-BAT-STD', 1, { model: 'VX12', serials: ['VT10000099'] })]);
    const api = makeApi();
    api.parts.createOrder.mockRejectedValue(
      new ApiError(400, { error: 'validation', message: 'Some fields are invalid.', fields: { 'lines.0.serials': 'Serial VT10000099 is not one of your video units.' } }),
    );
    const { user } = setup({ kind: 'video', api, permissions: [ORDER, VIDEO] });
    await screen.findByText('$89.00', { selector: 'td *' });
    await screen.findByRole('radio', { name: 'Credit Card' });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('VX12-BAT-STD: Serial VT10000099 is not one of your video units.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('checkout: back from the payment provider', () => {
  it('captures an approved payment and shows the success page, emptying the cart', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 2)]);
    const api = makeApi();
    api.parts.processOrder.mockResolvedValue({ rmaBatchId: 'PB-100001', status: 'PLACED', total: { cents: 25800, currency: 'USD' }, lines: [{ partNumber: 'RL14-BAT-STD', quantity: 2, model: '', serials: [] }] });
    setup({ api, url: '/parts-order/checkout?batch=PB-100001&token=ORDER-1&PayerID=P1' });
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByText('PB-100001')).toBeInTheDocument();
    expect(api.parts.processOrder).toHaveBeenCalledTimes(1);
    expect(api.parts.processOrder).toHaveBeenCalledWith({ rmaBatchId: 'PB-100001', token: 'ORDER-1' });
    await waitFor(() => expect(localStorage.getItem(CART_KEYS.parts)).toBeNull());
  });

  it('captures the return once under StrictMode, which runs the effect twice', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 2)]);
    const api = makeApi();
    api.parts.processOrder.mockResolvedValue({ rmaBatchId: 'PB-100002', status: 'PLACED', total: { cents: 25800, currency: 'USD' }, lines: [{ partNumber: 'RL14-BAT-STD', quantity: 2, model: '', serials: [] }] });
    const path = '/parts-order/checkout';
    renderPage(
      <StrictMode>
        <Checkout kind="parts" />
      </StrictMode>,
      { path, url: `${path}?batch=PB-100002&token=ORDER-2&PayerID=P1`, session: signedIn(api, [ORDER]), extra: [successRoute] },
    );
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(api.parts.processOrder).toHaveBeenCalledTimes(1);
  });

  it('takes only the ordered units out of the video cart: what another tab added during the payment stays', async () => {
    // Ordered: VX12-BAT-STD for VT10000007. Added at another tab meanwhile: VT10000008, and a dock.
    putCart('video', [
      cartItem('VX12-DOCK-8', 1, { model: 'VX12', serials: ['VT10000008'] }),
      cartItem('VX12-BAT-STD', 2, { model: 'VX12', serials: ['VT10000007', 'VT10000008'] }),
    ]);
    const api = makeApi();
    api.parts.processOrder.mockResolvedValue({
      rmaBatchId: 'PB-100009',
      status: 'PLACED',
      total: { cents: 8900, currency: 'USD' },
      lines: [{ partNumber: 'VX12-BAT-STD', quantity: 1, model: 'VX12', serials: ['VT10000007'] }],
    });
    setup({ kind: 'video', api, permissions: [ORDER, VIDEO], url: '/video-parts-order/checkout?batch=PB-100009&token=ORDER-9&PayerID=P1' });
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(storedCart('video')).toEqual([
      expect.objectContaining({ pn: 'VX12-DOCK-8', serials: ['VT10000008'] }),
      expect.objectContaining({ pn: 'VX12-BAT-STD', serials: ['VT10000008'], quantity: 1 }),
    ]);
  });

  it('cancels the unpaid order on a cancelled payment, says so and keeps the cart', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 2)]);
    const { api } = setup({ url: '/parts-order/checkout?batch=PB-100005&cancelled=1' });
    expect(
      await screen.findByText('Your payment was cancelled, so nothing was ordered or charged. Your cart has been kept: you can place the order again.'),
    ).toBeInTheDocument();
    expect(api.parts.cancelOrder).toHaveBeenCalledWith('PB-100005');
    expect(storedCart('parts')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Place order' })).toBeInTheDocument();
  });

  it("says 'No PayPal token found' when the return carries no token", async () => {
    setup({ url: '/parts-order/checkout?batch=PB-100001' });
    expect(await screen.findByText('No PayPal token found')).toBeInTheDocument();
  });
});
