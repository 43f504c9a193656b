/**
 * @jest-environment node
 */
// Consumer contract of the account service's settings calls (/account-mgr, process `account`):
// the stored profile, branches, registrations and drivers. The provider verification
// (api/account) keys its state handlers by these state strings, word for word, and signs the
// bearer token as the user the state names.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn, timestamp } from '../test/pact';
import type { BranchInput, UserSettings } from './types';

const { like, regex, eachLike, integer, boolean } = MatchersV3;

const pact = pactWith('account');

const day = (example: string) => regex('^\\d{4}-\\d{2}-\\d{2}$', example);

// Provider states (api/account verification).
const CASEY = 'casey is signed in, in no organization';
const OLIVIA_BRANCH = 'olivia of FleetCo is signed in and FleetCo has branch BR-PACT1 Dallas depot';
const CASEY_UNREGISTERED = 'casey is signed in and unit RT10000009 is unregistered and casey uploaded the proof file po/pact-proof.pdf';
const CASEY_REGISTERED = 'casey is signed in and has registered unit RT10000001';
const CASEY_DRIVERS = 'casey is signed in and has registered an RL14, whose catalogue has driver DRV-PACT1';

const address = { line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' };
const settings: UserSettings = {
  firstName: 'Casey',
  lastName: 'Morgan',
  phone: '5125550142',
  phoneCountryCode: 'US',
  company: 'Morgan Field Services',
  position: 'Technician',
  address,
};

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  sub: like('casey-sub'),
  email: like('casey@example.com'),
  firstName: like('Casey'),
  lastName: like('Morgan'),
  company: like('Morgan Field Services'),
  position: like('Technician'),
  phone: like('5125550142'),
  phoneCountryCode: like('US'),
  address: { shipping: like(address) },
  roles: eachLike('service-portal:customer'),
  ...overrides,
});

const branchInput: BranchInput = {
  name: 'Austin yard',
  address: { line1: '1 Yard Rd', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78744' },
  contact: { firstName: 'Olivia', lastName: 'Reyes', email: 'olivia@fleetco.example', phone: '5125550100', phoneCountryCode: 'US' },
};

const branchBody = {
  id: like('BR-PACT1'),
  name: like('Dallas depot'),
  address: like({ line1: '500 Elm St', line2: '', city: 'Dallas', state: 'TX', country: 'US', postalCode: '75202' }),
  contact: like({ firstName: 'Olivia', lastName: 'Reyes', email: 'olivia@fleetco.example', phone: '2145550100', phoneCountryCode: 'US' }),
};

describe('account service contract: user settings', () => {
  it('reads the stored profile', () =>
    pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a request for the stored profile')
      .withRequest('GET', '/account-mgr/user', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) => res.jsonBody(profileBody()))
      .executeTest(async (server) => {
        const profile = await clientAt(server.url, signedIn).accountManager.user();
        expect(profile.firstName).toBe('Casey');
        expect(profile.address?.shipping?.country).toBe('US');
      }));

  it('stores the contact and address and answers the merged profile', () =>
    pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a save of valid account settings')
      .withRequest('POST', '/account-mgr/user', (req) =>
        req.headers({ Authorization: bearer, 'Content-Type': 'application/json' }).jsonBody({ ...settings, position: 'Lead technician' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(profileBody({ position: 'Lead technician' })))
      .executeTest(async (server) => {
        const profile = await clientAt(server.url, signedIn).accountManager.saveUser({ ...settings, position: 'Lead technician' });
        expect(profile.position).toBe('Lead technician');
      }));

  it('refuses settings with a PO box address, naming the field', () =>
    pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a save of account settings with a PO box address')
      .withRequest('POST', '/account-mgr/user', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ ...settings, address: { ...address, line1: 'PO Box 12' } }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { 'address.line1': 'Cannot be a PO box' } }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).accountManager.saveUser({ ...settings, address: { ...address, line1: 'PO Box 12' } })).rejects.toMatchObject({
          status: 400,
          fields: { 'address.line1': 'Cannot be a PO box' },
        });
      }));

  it('answers 401 without a token', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the stored profile without a bearer token')
      .withRequest('GET', '/account-mgr/user')
      .willRespondWith(401, (res) => res.jsonBody({ error: like('invalid_token'), message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url).accountManager.user()).rejects.toMatchObject({ status: 401 });
      }));
});

describe('account service contract: branches', () => {
  it("lists the organization's branches", () =>
    pact
      .addInteraction()
      .given(OLIVIA_BRANCH)
      .uponReceiving("a request for the organization's branches")
      .withRequest('GET', '/account-mgr/branches', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) => res.jsonBody({ organization: 'FleetCo', branches: eachLike(branchBody) }))
      .executeTest(async (server) => {
        const answer = await clientAt(server.url, signedIn).accountManager.branches();
        expect(answer.organization).toBe('FleetCo');
        expect(answer.branches[0]?.name).toBe('Dallas depot');
      }));

  it('refuses the branches of a user in no organization with 403', () =>
    pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a request for the branches by a user in no organization')
      .withRequest('GET', '/account-mgr/branches', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(403, (res) => res.jsonBody({ error: 'account.noOrganization', message: like('You are not a member of an organization.') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).accountManager.branches()).rejects.toMatchObject({ status: 403, error: 'account.noOrganization' });
      }));

  it('adds a branch', () =>
    pact
      .addInteraction()
      .given(OLIVIA_BRANCH)
      .uponReceiving('a new branch')
      .withRequest('POST', '/account-mgr/branches', (req) => req.headers({ Authorization: bearer }).jsonBody(branchInput))
      .willRespondWith(201, (res) => res.jsonBody({ ...branchBody, name: 'Austin yard' }))
      .executeTest(async (server) => {
        const branch = await clientAt(server.url, signedIn).accountManager.createBranch(branchInput);
        expect(branch.name).toBe('Austin yard');
        expect(branch.id).not.toBe('');
      }));

  it('refuses a branch without a name, naming the field', () =>
    pact
      .addInteraction()
      .given(OLIVIA_BRANCH)
      .uponReceiving('a new branch without a name')
      .withRequest('POST', '/account-mgr/branches', (req) => req.headers({ Authorization: bearer }).jsonBody({ ...branchInput, name: '' }))
      .willRespondWith(400, (res) => res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { name: 'Required' } }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).accountManager.createBranch({ ...branchInput, name: '' })).rejects.toMatchObject({
          status: 400,
          fields: { name: 'Required' },
        });
      }));

  it('changes a branch', () =>
    pact
      .addInteraction()
      .given(OLIVIA_BRANCH)
      .uponReceiving('a change of branch BR-PACT1')
      .withRequest('PUT', '/account-mgr/branches/BR-PACT1', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ ...branchInput, name: 'Dallas depot (north)' }),
      )
      .willRespondWith(200, (res) => res.jsonBody({ ...branchBody, id: 'BR-PACT1', name: 'Dallas depot (north)' }))
      .executeTest(async (server) => {
        const branch = await clientAt(server.url, signedIn).accountManager.updateBranch('BR-PACT1', { ...branchInput, name: 'Dallas depot (north)' });
        expect(branch).toMatchObject({ id: 'BR-PACT1', name: 'Dallas depot (north)' });
      }));

  it('answers a change of an unknown branch with 404', () =>
    pact
      .addInteraction()
      .given(OLIVIA_BRANCH)
      .uponReceiving('a change of an unknown branch')
      .withRequest('PUT', '/account-mgr/branches/BR-UNKNOWN', (req) => req.headers({ Authorization: bearer }).jsonBody(branchInput))
      .willRespondWith(404, (res) => res.jsonBody({ error: like('account.branchNotFound'), message: like('Branch not found') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).accountManager.updateBranch('BR-UNKNOWN', branchInput)).rejects.toMatchObject({ status: 404 });
      }));

  it('deletes a branch', () =>
    pact
      .addInteraction()
      .given(OLIVIA_BRANCH)
      .uponReceiving('a deletion of branch BR-PACT1')
      .withRequest('DELETE', '/account-mgr/branches/BR-PACT1', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).accountManager.deleteBranch('BR-PACT1')).resolves.toBeUndefined();
      }));
});

const registrationBody = {
  serial: like('RT10000001'),
  model: like('RL14'),
  modelFamily: like('Ranger'),
  purchaseDate: day('2026-01-31'),
  registeredAt: timestamp('2026-02-01T10:00:00Z'),
  mine: boolean(true),
  warranty: { iw: boolean(true), endDeviceWarranty: like('2028-06-30'), isEOS: boolean(false) },
  proofOfPurchase: { fileName: like('receipt.pdf') },
};

describe('account service contract: registrations', () => {
  it("lists the caller's registered units", () =>
    pact
      .addInteraction()
      .given(CASEY_REGISTERED)
      .uponReceiving('a request for the registered units')
      .withRequest('GET', '/account-mgr/registrations', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) => res.jsonBody({ items: eachLike(registrationBody) }))
      .executeTest(async (server) => {
        const [first] = await clientAt(server.url, signedIn).accountManager.registrations();
        expect(first?.serial).toBe('RT10000001');
        expect(first?.mine).toBe(true);
      }));

  it('registers a unit with its purchase date and proof', () =>
    pact
      .addInteraction()
      .given(CASEY_UNREGISTERED)
      .uponReceiving('a registration of an unregistered unit')
      .withRequest('POST', '/account-mgr/registrations', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ serial: 'RT10000009', purchaseDate: '2026-01-31', proofFileId: 'po/pact-proof.pdf' }),
      )
      .willRespondWith(201, (res) => res.jsonBody({ ...registrationBody, serial: 'RT10000009', purchaseDate: '2026-01-31' }))
      .executeTest(async (server) => {
        const registration = await clientAt(server.url, signedIn).accountManager.register({
          serial: 'RT10000009',
          purchaseDate: '2026-01-31',
          proofFileId: 'po/pact-proof.pdf',
        });
        expect(registration).toMatchObject({ serial: 'RT10000009', purchaseDate: '2026-01-31' });
      }));

  it("refuses an unknown serial with 'Serial Not Found' on the serial", () =>
    pact
      .addInteraction()
      .given(CASEY_UNREGISTERED)
      .uponReceiving('a registration of an unknown serial')
      .withRequest('POST', '/account-mgr/registrations', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ serial: 'ZZ99999999', purchaseDate: '2026-01-31', proofFileId: 'po/pact-proof.pdf' }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { serial: 'Serial Not Found' } }),
      )
      .executeTest(async (server) => {
        await expect(
          clientAt(server.url, signedIn).accountManager.register({ serial: 'ZZ99999999', purchaseDate: '2026-01-31', proofFileId: 'po/pact-proof.pdf' }),
        ).rejects.toMatchObject({ status: 400, fields: { serial: 'Serial Not Found' } });
      }));

  it('refuses a unit that is already registered with 409', () =>
    pact
      .addInteraction()
      .given(CASEY_REGISTERED)
      .uponReceiving('a registration of a unit that is already registered')
      .withRequest('POST', '/account-mgr/registrations', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ serial: 'RT10000001', purchaseDate: '2026-01-31', proofFileId: 'po/pact-proof.pdf' }),
      )
      .willRespondWith(409, (res) => res.jsonBody({ error: 'account.alreadyRegistered', message: 'This unit is already registered' }))
      .executeTest(async (server) => {
        await expect(
          clientAt(server.url, signedIn).accountManager.register({ serial: 'RT10000001', purchaseDate: '2026-01-31', proofFileId: 'po/pact-proof.pdf' }),
        ).rejects.toMatchObject({ status: 409, error: 'account.alreadyRegistered', message: 'This unit is already registered' });
      }));

  it('refuses a registration without a proof of purchase', () =>
    pact
      .addInteraction()
      .given(CASEY_UNREGISTERED)
      .uponReceiving('a registration without a proof of purchase')
      .withRequest('POST', '/account-mgr/registrations', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ serial: 'RT10000009', purchaseDate: '2026-01-31', proofFileId: '' }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { proofFileId: 'Must Attach Files' } }),
      )
      .executeTest(async (server) => {
        await expect(
          clientAt(server.url, signedIn).accountManager.register({ serial: 'RT10000009', purchaseDate: '2026-01-31', proofFileId: '' }),
        ).rejects.toMatchObject({ status: 400, fields: { proofFileId: 'Must Attach Files' } });
      }));
});

describe('account service contract: drivers', () => {
  it("lists the drivers of the models of the caller's units", () =>
    pact
      .addInteraction()
      .given(CASEY_DRIVERS)
      .uponReceiving("a request for the drivers of the caller's models")
      .withRequest('GET', '/account-mgr/drivers', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          models: eachLike({
            model: like('RL14'),
            modelFamily: like('Ranger'),
            drivers: eachLike({
              id: like('DRV-PACT1'),
              name: like('Chipset driver'),
              category: like('Chipset'),
              os: like('Windows 11 64-bit'),
              version: like('10.1.19'),
              releaseDate: day('2026-03-14'),
              releaseNotes: like('Fixes sleep on lid close.'),
              fileName: like('rl14-chipset-10.1.19.zip'),
              size: integer(1048576),
              sha256: regex('^[0-9a-f]{64}$', 'ab'.repeat(32)),
              downloadUrl: like('/account-mgr/drivers/DRV-PACT1/download'),
            }),
          }),
        }),
      )
      .executeTest(async (server) => {
        const [model] = await clientAt(server.url, signedIn).accountManager.drivers();
        expect(model?.drivers[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
      }));

  it('downloads a driver file with the bearer token', () =>
    pact
      .addInteraction()
      .given(CASEY_DRIVERS)
      .uponReceiving('a download of driver DRV-PACT1')
      .withRequest('GET', '/account-mgr/drivers/DRV-PACT1/download', (req) => req.headers({ Authorization: bearer }))
      // The file's bytes are the catalogue's, so only the headers are part of the contract.
      .willRespondWith(200, (res) =>
        res.headers({
          'Content-Type': regex('^application/.+$', 'application/zip'),
          'Content-Disposition': regex('^attachment; filename=.+$', 'attachment; filename="rl14-chipset-10.1.19.zip"'),
        }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).accountManager.downloadDriver('DRV-PACT1')).resolves.toBeInstanceOf(Blob);
      }));

  it('answers the download of a driver for another model as not found', () =>
    pact
      .addInteraction()
      .given(CASEY_DRIVERS)
      .uponReceiving('a download of a driver for none of the caller\'s models')
      .withRequest('GET', '/account-mgr/drivers/DRV-UNKNOWN/download', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: like('account.driverNotFound'), message: like('Driver not found') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).accountManager.downloadDriver('DRV-UNKNOWN')).rejects.toMatchObject({ status: 404 });
      }));
});
