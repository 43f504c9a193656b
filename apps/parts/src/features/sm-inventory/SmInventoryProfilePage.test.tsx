import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnitProfile } from '@portal/api-client';
import { inventoryApi, renderPage, signedIn, signedOut, unit } from '../../shared/test/fixtures';
import { SmInventoryProfilePage } from './SmInventoryProfilePage';

configure({ asyncUtilTimeout: 5_000 });

const path = '/sm-inventory-profile';

const vt7: UnitProfile = {
  ...unit('VT10000007', { sources: ['registration', 'rma', 'order'], openRma: { rmaNumber: 'RMA-100500', uid: 'uid-500', status: 'RECEIVED' } }),
  rmas: [
    { rmaNumber: 'RMA-100500', uid: 'uid-500', type: 'REPAIR', status: 'RECEIVED', createdAt: '2026-10-02T09:00:00Z' },
    { rmaNumber: 'RMA-100321', uid: 'uid-321', type: 'UPGRADE', status: 'CLOSED', createdAt: '2025-04-11T09:00:00Z' },
  ],
  orders: [{ rmaBatchId: 'PB-100001', createdAt: '2026-11-02T09:00:00Z', partNumber: 'VX12-BAT-STD', quantity: 1 }],
};

const eos: UnitProfile = {
  ...unit('RT10000004', { model: 'EX70', warrantyState: 'END_OF_SERVICE', sources: ['rma'], registered: false, registeredAt: null }),
  rmas: [],
  orders: [],
};

describe('sm-inventory-profile', () => {
  it('explains itself to a signed-out visitor and offers sign-in back to this unit', async () => {
    const api = inventoryApi();
    const session = signedOut(api as never);
    renderPage(<SmInventoryProfilePage />, { path, url: `${path}?serial=VT10000007`, session });
    const prompt = screen.getByRole('region', { name: "Sign in to see this unit's profile" });
    await userEvent.setup({ delay: null }).click(within(prompt).getByRole('button', { name: 'Sign in' }));
    expect(session.signIn).toHaveBeenCalledWith('/sm-inventory-profile?serial=VT10000007');
    expect(api.http.request).not.toHaveBeenCalled();
  });

  it("shows the unit's warranty, RMAs, parts orders, its model's drivers and its upgrades", async () => {
    const api = inventoryApi(undefined, { VT10000007: vt7 });
    renderPage(<SmInventoryProfilePage />, { path, url: `${path}?serial=vt10000007`, session: signedIn(api as never, []) });
    expect(screen.getByRole('heading', { level: 1, name: 'Unit VT10000007' })).toBeInTheDocument();

    const warranty = await screen.findByRole('region', { name: 'Warranty' });
    expect(within(warranty).getByText('In warranty')).toBeInTheDocument();
    expect(within(warranty).getByText('Feb 28 2029')).toBeInTheDocument();
    expect(within(warranty).getByText('Jan 5 2026')).toBeInTheDocument();
    expect(within(warranty).getByText('Registration, RMA, Parts order')).toBeInTheDocument();
    expect(within(warranty).getByText('RMA-100500 (Received)')).toBeInTheDocument();

    const history = screen.getByRole('table', { name: 'RMAs of this unit' });
    expect(within(history).getByRole('link', { name: 'RMA-100500' })).toHaveAttribute('href', '/your-account/rma-history');
    expect(within(history).getByText('Upgrade')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Parts ordered for this unit' })).getByText('VX12-BAT-STD')).toBeInTheDocument();

    const drivers = screen.getByRole('region', { name: 'Drivers' });
    expect(await within(drivers).findByRole('rowheader', { name: 'VX12 dock firmware' })).toBeInTheDocument();
    expect(within(drivers).queryByText('RL14 chipset driver')).not.toBeInTheDocument();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:driver'), revokeObjectURL: jest.fn() });
    await userEvent.setup({ delay: null }).click(within(drivers).getByRole('button', { name: 'Download VX12 dock firmware' }));
    expect(api.accountManager.downloadDriver).toHaveBeenCalledWith('DRV-VX12');
    expect(click).toHaveBeenCalled();

    // RMA-100500 is open: the upgrades are listed, but upgrade-device would refuse the unit now.
    const upgrades = screen.getByRole('region', { name: 'Upgrades' });
    expect(await within(upgrades).findByText('32 GB memory')).toBeInTheDocument();
    expect(within(upgrades).getByText('$249.00')).toBeInTheDocument();
    expect(within(upgrades).getByText('This unit has an open RMA. An upgrade can be requested once that RMA is closed.')).toBeInTheDocument();
    expect(within(upgrades).queryByRole('link', { name: 'Upgrade this unit' })).not.toBeInTheDocument();
    expect(api.repair.repairFormSelections).toHaveBeenCalledWith({ pn: '', model: 'VX12', rmaType: 'UPGRADE', serial: 'VT10000007' }, expect.anything());
    expect(api.repair.verifySerial).toHaveBeenCalledWith('VT10000007', expect.anything());
    expect(api.http.request).toHaveBeenCalledWith('GET', '/parts-manager/inventory/VT10000007', expect.anything());
  });

  it('offers Upgrade this unit for a unit upgrade-device takes: no open RMA, not end of service', async () => {
    const quiet: UnitProfile = { ...vt7, serial: 'VT10000008', openRma: null, rmas: [] };
    const api = inventoryApi(undefined, { VT10000008: quiet });
    renderPage(<SmInventoryProfilePage />, { path, url: `${path}?serial=VT10000008`, session: signedIn(api as never, []) });

    const upgrades = await screen.findByRole('region', { name: 'Upgrades' });
    expect(await within(upgrades).findByRole('link', { name: 'Upgrade this unit' })).toHaveAttribute('href', '/upgrade-device/VT10000008');
    expect(within(upgrades).queryByText(/open RMA/)).not.toBeInTheDocument();
  });

  it('offers no upgrade for a unit at its end of service, and says it has no RMAs, orders or drivers', async () => {
    renderPage(<SmInventoryProfilePage />, { path, url: `${path}?serial=RT10000004`, session: signedIn(inventoryApi(undefined, { RT10000004: eos }) as never, []) });
    expect(await screen.findByText('No RMAs for this unit.')).toBeInTheDocument();
    expect(screen.getByText('No parts were ordered for this unit.')).toBeInTheDocument();
    expect(await screen.findByText('No drivers are listed for the EX70.')).toBeInTheDocument();
    expect(await screen.findByText('No upgrades are offered for this unit.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade this unit' })).not.toBeInTheDocument();
  });

  it("answers a unit the account does not hold like an unknown one: 'Serial Not Found'", async () => {
    renderPage(<SmInventoryProfilePage />, { path, url: `${path}?serial=VT10000099`, session: signedIn(inventoryApi() as never, []) });
    expect(await screen.findByText('Serial Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your inventory' })).toHaveAttribute('href', '/sm-inventory');
  });

  it("answers a value that is no serial 'Serial Not Found' without asking the API", () => {
    const api = inventoryApi();
    renderPage(<SmInventoryProfilePage />, { path, url: `${path}?serial=${encodeURIComponent('VT1000/../7')}`, session: signedIn(api as never, []) });
    expect(screen.getByText('Serial Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your inventory' })).toHaveAttribute('href', '/sm-inventory');
    expect(api.http.request).not.toHaveBeenCalled();
  });

  it('asks for a unit when the address names none', () => {
    const api = inventoryApi();
    renderPage(<SmInventoryProfilePage />, { path, url: path, session: signedIn(api as never, []) });
    expect(screen.getByText('Choose a unit from your inventory to see its profile.')).toBeInTheDocument();
    expect(api.http.request).not.toHaveBeenCalled();
  });

  it('keeps the profile when the drivers fail, with a retry', async () => {
    const api = inventoryApi(undefined, { VT10000007: vt7 });
    api.accountManager.drivers.mockRejectedValueOnce(new Error('offline'));
    renderPage(<SmInventoryProfilePage />, { path, url: `${path}?serial=VT10000007`, session: signedIn(api as never, []) });
    const drivers = await screen.findByRole('region', { name: 'Drivers' });
    expect(await within(drivers).findByText('The drivers could not be loaded. Try again.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Warranty' })).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(drivers).getByRole('button', { name: 'Try again' }));
    expect(await within(drivers).findByRole('rowheader', { name: 'VX12 dock firmware' })).toBeInTheDocument();
  });
});
