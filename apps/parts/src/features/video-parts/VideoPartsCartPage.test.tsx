import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartItem, makeApi, putCart, renderPage, signedOut, storedCart } from '../../shared/test/fixtures';
import { VideoPartsCartPage } from './VideoPartsCartPage';

configure({ asyncUtilTimeout: 5_000 });

const path = '/video-parts-order/cart';

beforeEach(() => localStorage.clear());

describe('video-parts-order/cart', () => {
  it('lists the items with their units and the server total; Remove and Clear persist and say so', async () => {
    putCart('video', [
      cartItem('VX12-BAT-STD', 2, { model: 'VX12', serials: ['VT10000007', 'VT10000008'] }),
      cartItem('VX12-DOCK-8', 1, { model: 'VX12', serials: ['VT10000007'] }),
    ]);
    renderPage(<VideoPartsCartPage />, { path, url: path, session: signedOut(makeApi()) });
    const user = userEvent.setup({ delay: null });
    const table = screen.getByRole('table', { name: 'Items in your cart' });
    expect(within(table).getByText('VX12: VT10000007, VT10000008')).toBeInTheDocument();
    expect(await within(table).findByText('$2,077.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove VX12-DOCK-8' }));
    expect(screen.getByText('VX12-DOCK-8 has been removed from the cart.')).toBeInTheDocument();
    expect(storedCart('video')).toEqual([expect.objectContaining({ pn: 'VX12-BAT-STD' })]);

    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(storedCart('video')).toBeNull();
  });

  it('says a tampered item was dropped', () => {
    localStorage.setItem('portal.videoCart.v1', JSON.stringify([{ pn: 'VX12-BAT-STD', quantity: 5, serials: ['VT10000007'] }]));
    renderPage(<VideoPartsCartPage />, { path, url: path, session: signedOut(makeApi()) });
    expect(screen.getByText('One item in your cart could not be read and was removed. Please add it again.')).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
  });
});
