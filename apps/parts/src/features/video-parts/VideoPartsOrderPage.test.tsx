import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@portal/api-client';
import { makeApi, renderPage, signedIn, signedOut, storedCart } from '../../shared/test/fixtures';
import { VideoPartsOrderPage } from './VideoPartsOrderPage';

configure({ asyncUtilTimeout: 5_000 });

const path = '/video-parts-order';
const VIDEO = 'service:video:serial:read';

beforeEach(() => localStorage.clear());

describe('video-parts-order', () => {
  it('adds a part for the chosen units; a second add of the same part merges the serials', async () => {
    const api = makeApi();
    renderPage(<VideoPartsOrderPage />, { path, url: path, session: signedIn(api, [VIDEO]) });
    const user = userEvent.setup({ delay: null });
    const units = await screen.findByRole('group', { name: 'VX12 units' });
    await user.click(within(units).getByRole('checkbox', { name: 'VT10000007' }));
    const battery = await screen.findByRole('article', { name: 'VX12-BAT-STD' });
    await user.click(within(battery).getByRole('button', { name: 'Add to cart VX12-BAT-STD' }));
    expect(await screen.findByText('VX12-BAT-STD has been added to the cart.')).toBeInTheDocument();

    await user.click(within(units).getByRole('checkbox', { name: 'VT10000007' }));
    await user.click(within(units).getByRole('checkbox', { name: 'VT10000008' }));
    await user.click(within(battery).getByRole('button', { name: 'Add to cart VX12-BAT-STD' }));

    expect(storedCart('video')).toEqual([
      expect.objectContaining({ pn: 'VX12-BAT-STD', model: 'VX12', serials: ['VT10000007', 'VT10000008'], quantity: 2 }),
    ]);
    expect(screen.getByRole('link', { name: 'Video cart (1)' })).toBeInTheDocument();
    expect(api.parts.searchParts).toHaveBeenCalledWith({ model: 'VX12', itemsPerPage: 100 }, expect.anything());
  });

  it('flags a discontinued part and offers no Add to cart for it', async () => {
    renderPage(<VideoPartsOrderPage />, { path, url: path, session: signedIn(makeApi(), [VIDEO]) });
    const helmet = await screen.findByRole('article', { name: 'VX12-MNT-HELM' });
    expect(within(helmet).getByText('No longer sold')).toBeInTheDocument();
    expect(within(helmet).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks for units before adding', async () => {
    renderPage(<VideoPartsOrderPage />, { path, url: path, session: signedIn(makeApi(), [VIDEO]) });
    const user = userEvent.setup({ delay: null });
    const battery = await screen.findByRole('article', { name: 'VX12-BAT-STD' });
    await user.click(within(battery).getByRole('button', { name: 'Add to cart VX12-BAT-STD' }));
    expect(await screen.findByText('Choose at least one unit for this part.')).toBeInTheDocument();
    expect(storedCart('video')).toBeNull();
  });

  it('tells a customer without the video-serial permission why, and asks the server nothing', () => {
    const api = makeApi();
    renderPage(<VideoPartsOrderPage />, { path, url: path, session: signedIn(api, []) });
    expect(screen.getByText('Your account cannot look up video unit serials.')).toBeInTheDocument();
    expect(api.parts.videoSerials).not.toHaveBeenCalled();
  });

  it("shows the server's refusal when it has the last word", async () => {
    const api = makeApi();
    api.parts.videoSerials.mockRejectedValue(new ApiError(403, { error: 'parts.videoSerialNotAllowed', message: 'Your account cannot look up video unit serials.' }));
    renderPage(<VideoPartsOrderPage />, { path, url: path, session: signedIn(api, [VIDEO]) });
    expect(await screen.findByText('Your account cannot look up video unit serials.')).toBeInTheDocument();
  });

  it('offers a signed-out visitor sign-in, coming back here', async () => {
    const api = makeApi();
    const session = signedOut(api);
    renderPage(<VideoPartsOrderPage />, { path, url: path, session });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign in' }));
    expect(session.signIn).toHaveBeenCalledWith('/video-parts-order');
  });
});
