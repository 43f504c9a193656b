/**
 * @jest-environment node
 */
import { json, setupClient } from '../test/fakes';
import type { BranchInput, UserSettings } from './types';

const settings: UserSettings = {
  firstName: 'Casey',
  lastName: 'Morgan',
  phone: '5125550142',
  phoneCountryCode: 'US',
  company: 'Morgan Field Services',
  position: 'Technician',
  address: { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
};

const branchInput: BranchInput = {
  name: 'Dallas depot',
  address: { line1: '500 Elm St', line2: '', city: 'Dallas', state: 'TX', country: 'US', postalCode: '75202' },
  contact: { firstName: 'Olivia', lastName: 'Reyes', email: 'olivia@fleetco.example', phone: '2145550100', phoneCountryCode: 'US' },
};

describe('account manager client', () => {
  it('saves the settings with POST /account-mgr/user and the bearer token', async () => {
    const { api, call } = setupClient([json(200, { sub: 'u1', firstName: 'Casey' })]);

    await expect(api.accountManager.saveUser(settings)).resolves.toMatchObject({ sub: 'u1' });
    expect(call(0).method).toBe('POST');
    expect(call(0).url).toBe('https://api.example.test/account-mgr/user');
    expect(call(0).body).toEqual(settings);
    expect(call(0).headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('rejects a refused save with the fields the server names', async () => {
    const { api } = setupClient([json(400, { error: 'validation', message: 'Some fields are invalid.', fields: { 'address.line1': 'Cannot be a PO box' } })]);

    await expect(api.accountManager.saveUser(settings)).rejects.toMatchObject({ status: 400, fields: { 'address.line1': 'Cannot be a PO box' } });
  });

  it('lists, adds, changes and deletes branches at their paths', async () => {
    const branch = { id: 'br 1', ...branchInput };
    const { api, call } = setupClient([
      json(200, { organization: 'FleetCo', branches: null }),
      json(201, branch),
      json(200, branch),
      new Response(null, { status: 204 }),
    ]);

    await expect(api.accountManager.branches()).resolves.toEqual({ organization: 'FleetCo', branches: [] });
    await api.accountManager.createBranch(branchInput);
    await api.accountManager.updateBranch('br 1', branchInput);
    await expect(api.accountManager.deleteBranch('br 1')).resolves.toBeUndefined();

    expect([call(0).method, call(0).url]).toEqual(['GET', 'https://api.example.test/account-mgr/branches']);
    expect([call(1).method, call(1).url, call(1).body]).toEqual(['POST', 'https://api.example.test/account-mgr/branches', branchInput]);
    expect([call(2).method, call(2).url]).toEqual(['PUT', 'https://api.example.test/account-mgr/branches/br%201']);
    expect([call(3).method, call(3).url]).toEqual(['DELETE', 'https://api.example.test/account-mgr/branches/br%201']);
  });

  it('passes the 403 of a user without an organization through', async () => {
    const { api } = setupClient([json(403, { error: 'account.noOrganization', message: 'You are not a member of an organization.' })]);

    await expect(api.accountManager.branches()).rejects.toMatchObject({ status: 403, error: 'account.noOrganization' });
  });

  it('reads the registrations and registers a unit', async () => {
    const item = {
      serial: 'RT10000001',
      model: 'RL14',
      modelFamily: 'Ranger',
      purchaseDate: '2026-01-31',
      registeredAt: '2026-02-01T10:00:00Z',
      mine: true,
      warranty: { iw: true, endDeviceWarranty: '2028-06-30', isEOS: false },
      proofOfPurchase: { fileName: 'receipt.pdf' },
    };
    const { api, call } = setupClient([json(200, { items: [item] }), json(201, item), json(200, { items: null })]);

    await expect(api.accountManager.registrations()).resolves.toEqual([item]);
    await api.accountManager.register({ serial: 'RT10000001', purchaseDate: '2026-01-31', proofFileId: 'po/1.pdf' });
    await expect(api.accountManager.registrations()).resolves.toEqual([]);
    expect(call(1).body).toEqual({ serial: 'RT10000001', purchaseDate: '2026-01-31', proofFileId: 'po/1.pdf' });
    expect(call(1).url).toBe('https://api.example.test/account-mgr/registrations');
  });

  it('reads the drivers by model and downloads one with the bearer token', async () => {
    const { api, call } = setupClient([
      json(200, { models: [{ model: 'RL14', modelFamily: 'Ranger', drivers: null }] }),
      new Response('MZ', { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }),
    ]);

    await expect(api.accountManager.drivers()).resolves.toEqual([{ model: 'RL14', modelFamily: 'Ranger', drivers: [] }]);
    const blob = await api.accountManager.downloadDriver('drv-1');
    expect(await blob.text()).toBe('MZ');
    expect(call(1).url).toBe('https://api.example.test/account-mgr/drivers/drv-1/download');
    expect(call(1).headers.get('Authorization')).toBe('Bearer token-1');
  });
});
