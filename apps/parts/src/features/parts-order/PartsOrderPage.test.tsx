import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@portal/api-client';
import { profile, sessionWith } from '@portal/forms/testing';
import { cartItem, makeApi, putCart, renderPage, signedIn, signedOut, storedCart } from '../../shared/test/fixtures';
import { PartsOrderPage } from './PartsOrderPage';

configure({ asyncUtilTimeout: 5_000 });

const path = '/parts-order';

beforeEach(() => localStorage.clear());

function setup(url = path) {
  const api = makeApi();
  const view = renderPage(<PartsOrderPage />, { path, url, session: signedOut(api) });
  return { api, user: userEvent.setup({ delay: null }), ...view };
}

describe('parts-order (browse)', () => {
  it('searches by serial through the URL and adds a part with its quantity, remembering the serial', async () => {
    const { api, user, router } = setup();
    await screen.findByRole('heading', { name: '5 parts found' });
    await user.type(screen.getByRole('textbox', { name: 'Serial number' }), 'vt10000007');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?serial=vt10000007');
    expect(api.parts.searchParts).toHaveBeenLastCalledWith({ serial: 'vt10000007', model: '', q: '', page: 1, itemsPerPage: 12 }, expect.anything());

    const battery = await screen.findByRole('article', { name: 'RL14-BAT-STD' });
    expect(within(battery).getByText('$129.00')).toBeInTheDocument();
    expect(within(battery).getByText('In stock')).toBeInTheDocument();
    const quantity = within(battery).getByRole('spinbutton', { name: 'Quantity of RL14-BAT-STD' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(battery).getByRole('button', { name: 'Add to cart RL14-BAT-STD' }));

    expect(await screen.findByText('RL14-BAT-STD has been added to the cart.')).toBeInTheDocument();
    expect(storedCart('parts')).toEqual([expect.objectContaining({ pn: 'RL14-BAT-STD', quantity: 3, searchSerial: 'VT10000007' })]);
    expect(screen.getByRole('link', { name: 'Cart (1)' })).toHaveAttribute('href', '/parts-order/cart');
  });

  it('offers a body-worn camera part only through the video order, never the parts cart', async () => {
    setup();
    const battery = await screen.findByRole('article', { name: 'VX12-BAT-STD' });
    expect(within(battery).getByText('$89.00')).toBeInTheDocument();
    expect(within(battery).queryByRole('button')).not.toBeInTheDocument();
    expect(within(battery).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(battery).getByText(/^Body-worn camera part: order it through/)).toBeInTheDocument();
    // The video order is another page of the remote; this test's router serves only this one.
    expect(within(battery).getByRole('link', { name: 'Order video parts for VX12-BAT-STD' })).toHaveAttribute('href', '/video-parts-order');
    expect(storedCart('parts')).toBeNull();
  });

  it('flags a discontinued part and offers no Add to cart for it', async () => {
    setup();
    const helmet = await screen.findByRole('article', { name: 'VX12-MNT-HELM' });
    expect(within(helmet).getByText('No longer sold')).toBeInTheDocument();
    expect(within(helmet).queryByRole('button')).not.toBeInTheDocument();
  });

  it('refuses a quantity that is not a whole number from 1 to 999', async () => {
    const { user } = setup();
    const battery = await screen.findByRole('article', { name: 'RL14-BAT-STD' });
    const quantity = within(battery).getByRole('spinbutton', { name: 'Quantity of RL14-BAT-STD' });
    await user.clear(quantity);
    await user.type(quantity, '1000');
    await user.click(within(battery).getByRole('button', { name: 'Add to cart RL14-BAT-STD' }));
    expect(within(battery).getByText('Quantity must be a whole number from 1 to 999.')).toBeInTheDocument();
    expect(storedCart('parts')).toBeNull();
  });

  it('refuses an add that would take the part in the cart past 999, says why and keeps the cart as it was', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 500)]);
    const { user } = setup();
    const battery = await screen.findByRole('article', { name: 'RL14-BAT-STD' });
    const quantity = within(battery).getByRole('spinbutton', { name: 'Quantity of RL14-BAT-STD' });
    await user.clear(quantity);
    await user.type(quantity, '600');
    await user.click(within(battery).getByRole('button', { name: 'Add to cart RL14-BAT-STD' }));
    expect(await screen.findByText('Quantity must be a whole number from 1 to 999.')).toBeInTheDocument();
    expect(screen.queryByText('RL14-BAT-STD has been added to the cart.')).not.toBeInTheDocument();
    expect(storedCart('parts')).toEqual([expect.objectContaining({ pn: 'RL14-BAT-STD', quantity: 500 })]);
  });

  it("shows 'Serial Not Found' for an unknown serial", async () => {
    const api = makeApi();
    api.parts.searchParts.mockRejectedValue(new ApiError(404, { error: 'rma.unitNotFound', message: 'Serial Not Found' }));
    renderPage(<PartsOrderPage />, { path, url: '/parts-order?serial=ZZ99999999', session: signedOut(api) });
    expect(await screen.findByText('Serial Not Found')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Serial number' })).toHaveValue('ZZ99999999');
  });

  describe('who may order', () => {
    const fleetco = (api: ReturnType<typeof makeApi>) =>
      sessionWith(api as never, { ...profile, org: { name: 'FleetCo Utilities' }, roles: ['service-portal:customer'] });

    it.each([
      ['a customer without the permission is told, and to ask support', (api: ReturnType<typeof makeApi>) => signedIn(api, []), /Ask support at service@rugged\.example/],
      ["a member of an organization is told to ask its administrator", fleetco, /Ask your organization's administrator at FleetCo Utilities/],
    ])('%s, on the catalogue before any cart is filled', async (_, session, whom) => {
      const api = makeApi();
      renderPage(<PartsOrderPage />, { path, url: path, session: session(api) });

      expect(await screen.findByText('Your account cannot order parts.')).toBeInTheDocument();
      expect(screen.getByText(/placing the order needs the parts ordering permission \(service:partorder:create\)/)).toHaveTextContent(whom);
    });

    it.each([
      ['an account that may order', (api: ReturnType<typeof makeApi>) => signedIn(api, ['service:partorder:create'])],
      ['a visitor who has not signed in (the checkout asks for that)', signedOut],
    ])('says nothing to %s', async (_, session) => {
      const api = makeApi();
      renderPage(<PartsOrderPage />, { path, url: path, session: session(api) });

      expect(await screen.findByRole('search', { name: 'Search the catalogue' })).toBeInTheDocument();
      expect(screen.queryByText('Your account cannot order parts.')).not.toBeInTheDocument();
    });
  });
});
