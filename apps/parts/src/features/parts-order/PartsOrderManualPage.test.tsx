import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeApi, renderPage, signedOut, storedCart } from '../../shared/test/fixtures';
import { PartsOrderManualPage } from './PartsOrderManualPage';

configure({ asyncUtilTimeout: 5_000 });

const path = '/parts-order/manual';

beforeEach(() => localStorage.clear());

function setup() {
  const api = makeApi();
  const view = renderPage(<PartsOrderManualPage />, { path, url: path, session: signedOut(api) });
  return { api, user: userEvent.setup({ delay: null }), ...view };
}

describe('parts-order/manual', () => {
  it('checks typed lines with the server, lists unknown and discontinued numbers with its message, and adds the good lines', async () => {
    const { api, user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Part numbers and quantities' }), 'rl14-bat-std 2{Enter}ZZ-NOPE-1 1{Enter}VX12-MNT-HELM{Enter}RL14-CHG-AC 1');
    await user.click(screen.getByRole('button', { name: 'Check parts' }));

    expect(await screen.findByText('Part ZZ-NOPE-1 was not found.')).toBeInTheDocument();
    expect(screen.getByText('Part VX12-MNT-HELM is no longer sold.')).toBeInTheDocument();
    expect(api.parts.price).toHaveBeenCalledWith(
      [
        { partNumber: 'RL14-BAT-STD', quantity: 2 },
        { partNumber: 'ZZ-NOPE-1', quantity: 1 },
        { partNumber: 'VX12-MNT-HELM', quantity: 1 },
        { partNumber: 'RL14-CHG-AC', quantity: 1 },
      ],
      { kind: 'parts' },
    );
    const table = screen.getByRole('table', { name: 'Parts you can order' });
    expect(within(table).getByText('$347.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add 2 parts to cart' }));

    expect(await screen.findByText('2 parts were added to the cart.')).toBeInTheDocument();
    expect(storedCart('parts')).toEqual([
      expect.objectContaining({ pn: 'RL14-CHG-AC', quantity: 1 }),
      expect.objectContaining({ pn: 'RL14-BAT-STD', quantity: 2, partSpec: 'RL14 standard battery, hot-swappable' }),
    ]);
  });

  it("lists a body-worn camera part with the server's message and adds only the other lines", async () => {
    const { user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Part numbers and quantities' }), 'VX12-BAT-STD 2{Enter}RL14-BAT-STD 1');
    await user.click(screen.getByRole('button', { name: 'Check parts' }));

    expect(await screen.findByText('Part VX12-BAT-STD is a body-worn camera part: order it through Order video parts.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add 1 part to cart' }));
    expect(await screen.findByText('1 part was added to the cart.')).toBeInTheDocument();
    expect(storedCart('parts')).toEqual([expect.objectContaining({ pn: 'RL14-BAT-STD', quantity: 1 })]);
  });

  it('names a line whose quantity is not a whole number from 1 to 999 and asks the server nothing', async () => {
    const { api, user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Part numbers and quantities' }), 'RL14-BAT-STD 0');
    await user.click(screen.getByRole('button', { name: 'Check parts' }));
    expect(await screen.findByText('Line 1: Quantity must be a whole number from 1 to 999.')).toBeInTheDocument();
    expect(api.parts.price).not.toHaveBeenCalled();
  });
});
