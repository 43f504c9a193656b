import { configure, screen } from '@testing-library/react';
import { CART_KEYS } from '../../shared/cart/model';
import { cartItem, makeApi, putCart, renderPage, signedOut } from '../../shared/test/fixtures';
import { PartsOrderSuccessPage } from './PartsOrderSuccessPage';

configure({ asyncUtilTimeout: 5_000 });

const path = '/parts-order/success';

beforeEach(() => localStorage.clear());

describe('parts-order/success', () => {
  it('typed in directly, redirects to parts-order and leaves the cart alone (spec §2)', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 1)]);
    const { router } = renderPage(<PartsOrderSuccessPage />, { path, url: path, session: signedOut(makeApi()) });
    expect(await screen.findByRole('heading', { name: 'Order parts page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/parts-order');
    expect(localStorage.getItem(CART_KEYS.parts)).not.toBeNull();
  });

  it('redirects when the navigation state is not a checkout’s', async () => {
    renderPage(<PartsOrderSuccessPage />, { path, url: path, session: signedOut(makeApi()), state: { rmaBatchId: 'anything', kind: 'parts' } });
    expect(await screen.findByRole('heading', { name: 'Order parts page' })).toBeInTheDocument();
  });

  it('from a video checkout, shows the order number', async () => {
    renderPage(<PartsOrderSuccessPage />, {
      path,
      url: path,
      session: signedOut(makeApi()),
      state: { rmaBatchId: 'PB-100001', kind: 'video', total: { cents: 8900, currency: 'USD' } },
    });
    expect(screen.getByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByText('PB-100001')).toBeInTheDocument();
    expect(screen.getByText('$89.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order more video parts' })).toHaveAttribute('href', '/video-parts-order');
  });

  it('opened again with its history state (Back, reload), leaves what is in the carts now alone', async () => {
    // Order more parts → items added → Back to the success page: the new cart stays.
    putCart('parts', [cartItem('RL14-BAT-STD', 1)]);
    putCart('video', [cartItem('VX12-BAT-STD', 1, { model: 'VX12', serials: ['VT10000007'] })]);
    for (const kind of ['parts', 'video'] as const) {
      const view = renderPage(<PartsOrderSuccessPage />, {
        path,
        url: path,
        session: signedOut(makeApi()),
        state: { rmaBatchId: 'PB-100001', kind, total: null },
      });
      expect(await screen.findByText('PB-100001')).toBeInTheDocument();
      view.unmount();
    }
    expect(localStorage.getItem(CART_KEYS.parts)).not.toBeNull();
    expect(localStorage.getItem(CART_KEYS.video)).not.toBeNull();
  });
});
