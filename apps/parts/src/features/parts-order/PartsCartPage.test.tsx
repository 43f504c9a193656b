import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartItem, makeApi, putCart, renderPage, signedOut, storedCart, videoOnlyMessage } from '../../shared/test/fixtures';
import { PartsCartPage } from './PartsCartPage';

configure({ asyncUtilTimeout: 5_000 });

const path = '/parts-order/cart';

beforeEach(() => localStorage.clear());

describe('parts-order/cart', () => {
  it('changes a quantity, saved at once, and totals from the server', async () => {
    putCart('parts', [cartItem('RL14-BAT-STD', 1), cartItem('RL14-CHG-AC', 1)]);
    const api = makeApi();
    renderPage(<PartsCartPage />, { path, url: path, session: signedOut(api) });
    const user = userEvent.setup({ delay: null });
    const table = screen.getByRole('table', { name: 'Items in your cart' });
    expect(await within(table).findByRole('row', { name: /^Total \$218\.00/ })).toBeInTheDocument();

    const quantity = within(table).getByRole('spinbutton', { name: 'Quantity of RL14-BAT-STD' });
    await user.clear(quantity);
    expect(within(table).getByText('Quantity must be a whole number from 1 to 999.')).toBeInTheDocument();
    await user.type(quantity, '2');

    expect(await within(table).findByRole('row', { name: /^Total \$347\.00/ })).toBeInTheDocument();
    expect(storedCart('parts')).toEqual([expect.objectContaining({ pn: 'RL14-BAT-STD', quantity: 2 }), expect.objectContaining({ pn: 'RL14-CHG-AC' })]);
    expect(api.parts.price).toHaveBeenLastCalledWith(
      [
        { partNumber: 'RL14-BAT-STD', quantity: 2 },
        { partNumber: 'RL14-CHG-AC', quantity: 1 },
      ],
      expect.objectContaining({ kind: 'parts' }),
    );
  });

  it("shows a line the server cannot order with its message", async () => {
    putCart('parts', [cartItem('VX12-MNT-HELM', 1)]);
    renderPage(<PartsCartPage />, { path, url: path, session: signedOut(makeApi()) });
    expect(await screen.findByText('Part VX12-MNT-HELM is no longer sold.')).toBeInTheDocument();
  });

  it('shows a body-worn camera part, put there before the rule, with the message that sends it to the video order', async () => {
    putCart('parts', [cartItem('VX12-BAT-STD', 1), cartItem('RL14-BAT-STD', 1)]);
    renderPage(<PartsCartPage />, { path, url: path, session: signedOut(makeApi()) });
    expect(await screen.findByText(videoOnlyMessage('VX12-BAT-STD'))).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Items in your cart' });
    expect(await within(table).findByRole('row', { name: /^Total \$129\.00/ })).toBeInTheDocument();
  });
});
