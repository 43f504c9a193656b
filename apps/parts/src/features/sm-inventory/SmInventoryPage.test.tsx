import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@portal/api-client';
import { UNITS, inventoryApi, renderPage, signedIn, signedOut, unit } from '../../shared/test/fixtures';
import { SmInventoryPage } from './SmInventoryPage';

configure({ asyncUtilTimeout: 5_000 });

const path = '/sm-inventory';
const profilePage = { path: '/sm-inventory-profile', element: <h1>Profile page</h1> };

function rows() {
  const table = screen.getByRole('table', { name: 'Your units' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('rowheader')[0]!.textContent);
}

describe('sm-inventory', () => {
  it('explains itself to a signed-out visitor and offers sign-in back to this page', async () => {
    const api = inventoryApi();
    const session = signedOut(api as never);
    renderPage(<SmInventoryPage />, { path, url: path, session });
    expect(screen.getByText(/Every unit you and your organization hold/)).toBeInTheDocument();
    const prompt = screen.getByRole('region', { name: 'Sign in to see your inventory' });
    await userEvent.setup({ delay: null }).click(within(prompt).getByRole('button', { name: 'Sign in' }));
    expect(session.signIn).toHaveBeenCalledWith('/sm-inventory');
    expect(api.http.request).not.toHaveBeenCalled();
  });

  it('lists the units with warranty, open RMA and sources', async () => {
    renderPage(<SmInventoryPage />, { path, url: path, session: signedIn(inventoryApi() as never, []), extra: [profilePage] });
    await screen.findByRole('table', { name: 'Your units' });
    expect(rows()).toEqual(['RT10000001', 'VT10000007', 'VT10000008']);
    const sent = screen.getByRole('row', { name: /RT10000001/ });
    expect(within(sent).getByText('Out of warranty')).toBeInTheDocument();
    expect(within(sent).getByText('Jan 15 2025')).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: 'RMA-100417 (Awaiting unit)' })).toHaveAttribute('href', '/your-account/rma-history');
    expect(within(sent).getByText('RMA')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /VT10000007/ })).getByText('Registration, Parts order')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 units');
    expect(screen.getByRole('link', { name: 'VT10000007' })).toHaveAttribute('href', '/sm-inventory-profile?serial=VT10000007');
  });

  it('filters by text, model, warranty and open RMA, and clears them', async () => {
    const api = inventoryApi();
    renderPage(<SmInventoryPage />, { path, url: path, session: signedIn(api as never, []) });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table', { name: 'Your units' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'VX12');
    await screen.findByText('2 units');
    expect(rows()).toEqual(['VT10000007', 'VT10000008']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Open RMA' }), 'With an open RMA');
    await screen.findByText('1 unit');
    expect(rows()).toEqual(['RT10000001']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Warranty' }), 'In warranty');
    expect(await screen.findByText('No units match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '0008');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 unit');
    expect(rows()).toEqual(['VT10000008']);
    expect(api.http.request).toHaveBeenLastCalledWith('GET', '/parts-manager/inventory', expect.objectContaining({
      query: expect.objectContaining({ q: '0008', page: 1, itemsPerPage: 20 }),
    }));
  });

  it('downloads every unit matching the filters as CSV', async () => {
    const api = inventoryApi();
    const createObjectURL = jest.fn(() => 'blob:inventory');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    // jsdom cannot follow the download link; the click is what hands the file over.
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(<SmInventoryPage />, { path, url: path, session: signedIn(api as never, []) });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('table', { name: 'Your units' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Warranty' }), 'In warranty');
    await screen.findByText('2 units');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(api.http.blob).toHaveBeenCalledWith('/parts-manager/inventory', expect.objectContaining({
      query: { q: undefined, model: undefined, warranty: 'IN_WARRANTY', openRma: undefined, format: 'csv' },
    }));
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
  });

  it('tells when the download fails', async () => {
    const api = inventoryApi();
    api.http.blob.mockRejectedValue(new Error('offline'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(<SmInventoryPage />, { path, url: path, session: signedIn(api as never, []) });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The CSV could not be downloaded. Try again.')).toBeInTheDocument();
  });

  it('pages through more units than one page holds', async () => {
    const many = Array.from({ length: 45 }, (_, i) => unit(`VT1000${String(i).padStart(4, '0')}`));
    renderPage(<SmInventoryPage />, { path, url: path, session: signedIn(inventoryApi(many) as never, []) });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Page 1 of 3');
    expect(rows()).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 3 of 3');
    expect(rows()).toEqual(['VT10000040', 'VT10000041', 'VT10000042', 'VT10000043', 'VT10000044']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it("shows the server's refusal of an account without a role of the portal, with no retry", async () => {
    const api = inventoryApi();
    api.http.request.mockRejectedValue(new ApiError(403, { error: 'auth.noClientRole', message: 'You do not have permission to use the service portal.' }));
    renderPage(<SmInventoryPage />, { path, url: path, session: signedIn(api as never, []) });
    expect(await screen.findByText('You do not have permission to use the service portal.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says when the account holds no units yet', async () => {
    renderPage(<SmInventoryPage />, { path, url: path, session: signedIn(inventoryApi([]) as never, []) });
    expect(await screen.findByText(/No units yet/)).toBeInTheDocument();
  });

  it('offers to try again when the list fails', async () => {
    const api = inventoryApi(UNITS);
    api.http.request.mockRejectedValueOnce(new Error('offline'));
    renderPage(<SmInventoryPage />, { path, url: path, session: signedIn(api as never, []) });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Your units' })).toBeInTheDocument();
  });
});
