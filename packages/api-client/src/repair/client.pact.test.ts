/**
 * @jest-environment node
 */
// Consumer contract of the repair API: what the browser sends to verify-serial and what it relies
// on in each answer. The pact file lands in <repo>/pacts; `make test-pact` verifies it against the
// real Go router (api/repair/repairpact), whose state handlers use these state strings verbatim.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createApiClient } from '../index';
import type { TokenSource } from '../client';
import type { CreateRmaPayload } from './types';

const { like, eachLike, regex, string, boolean } = MatchersV3;

const pact = new PactV4({
  consumer: 'portal-web',
  provider: 'portal-repair-api',
  dir: path.resolve(__dirname, '../../../../pacts'),
  logLevel: 'warn',
});

const signedIn: TokenSource = {
  getAccessToken: () => 'token-from-the-session',
  refresh: async () => false,
  signIn: jest.fn(),
};

const bearer = regex('^Bearer .+$', 'Bearer token-from-the-session');

describe('repair API contract', () => {
  it('verifies a known serial and reads every unit field', () =>
    pact
      .addInteraction()
      .given('unit RT10000001 is in warranty')
      .uponReceiving('a serial check for an in-warranty unit')
      .withRequest('GET', '/rma-manager/rma/verify-serial', (req) =>
        req.query({ serial: 'RT10000001' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          serial: 'RT10000001',
          model: string('RL14'),
          modelFamily: string('Ranger'),
          pn: string('RL14-G2-16'),
          productType: string('LAPTOP'),
          iw: true,
          allowOow: boolean(false),
          allowedRepairType: eachLike('STANDARD'),
          rmaExists: false,
          endDeviceWarranty: regex('^\\d{4}-\\d{2}-\\d{2}$', '2028-06-30'),
          warrantyType: string('STANDARD'),
          isEOS: false,
          validForNewRma: true,
          cardState: 'warranty',
        }),
      )
      .executeTest(async (server) => {
        const api = createApiClient({ baseUrl: server.url, tokens: signedIn, sessionUrl: () => 'http://portal.test/create-rma' });
        const result = await api.repair.verifySerial('RT10000001');
        expect(result).toMatchObject({ kind: 'found', unit: { serial: 'RT10000001', iw: true, cardState: 'warranty' } });
      }));

  it("answers an unknown serial with 404, which the client reads as '404'", () =>
    pact
      .addInteraction()
      .given('no unit has serial ZZ99999999')
      .uponReceiving('a serial check for an unknown serial')
      .withRequest('GET', '/rma-manager/rma/verify-serial', (req) =>
        req.query({ serial: 'ZZ99999999' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(404, (res) => res.jsonBody({ error: 'rma.unitNotFound', message: like('Serial Not Found') }))
      .executeTest(async (server) => {
        const api = createApiClient({ baseUrl: server.url, tokens: signedIn });
        await expect(api.repair.verifySerial('ZZ99999999')).resolves.toEqual({ kind: '404' });
      }));

  it('refuses a call without a token with 401 invalid_token, and the client sends the user to sign-in', () =>
    pact
      .addInteraction()
      .uponReceiving('a serial check without a bearer token')
      .withRequest('GET', '/rma-manager/rma/verify-serial', (req) => req.query({ serial: 'RT10000001' }))
      .willRespondWith(401, (res) => res.jsonBody({ error: 'invalid_token', message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        const signIn = jest.fn();
        const signedOut: TokenSource = { getAccessToken: () => null, refresh: async () => false, signIn };
        const api = createApiClient({ baseUrl: server.url, tokens: signedOut });
        await expect(api.repair.verifySerial('RT10000001')).rejects.toMatchObject({ status: 401, error: 'invalid_token' });
        expect(signIn).toHaveBeenCalledTimes(1);
      }));

  const payload: CreateRmaPayload = {
    serial: 'RT10000001',
    rmaInput: {
      rmaType: 'REPAIR',
      primaryFault: 'Display',
      problem: 'Cracked or broken screen',
      initialNotes: 'Screen cracked after a drop.',
      permissions: {
        reimage: true,
        biosFirmware: false,
        userId: '',
        userPassword: '',
        biosPassword: '',
        hasDeviceData: false,
        acknowledgeClickWrapAgreement: false,
        acknowledgeHddBackup: true,
      },
      acc: { acPower: true, storage: false, hardCase: false, battery: false },
      customerReference: '',
      assetTag: '',
      attachments: ['rma/photo.jpg'],
    },
    address: { line1: '2100 Riverside Dr', line2: 'Suite 300', city: 'Austin', state: 'TX', country: 'US', postalCode: '78741' },
    contact: {
      firstName: 'Casey',
      lastName: 'Morgan',
      email: 'casey@example.com',
      phone: '5125550142',
      phoneCountryCode: 'US',
      company: 'Morgan Field Services',
      position: '',
    },
    packaging: { havePackaging: true, requestBox: false, forgoShipping: false },
  };

  it('creates an RMA and answers its number and label', () =>
    pact
      .addInteraction()
      .given('unit RT10000001 is in warranty and the customer uploaded rma/photo.jpg')
      .uponReceiving('a create request for an in-warranty unit with a label')
      .withRequest('POST', '/rma-manager/rma/create', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': like('9b2f7c1e-0d4a-4c3e-8f5b-2a6d1e9c7b30') }).jsonBody(payload),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: regex('^RMA-\\d+$', 'RMA-100501'),
          label: regex('^/shipping/documents/.+$', '/shipping/documents/abc'),
          commercialInvoice: null,
          shippingError: null,
        }),
      )
      .executeTest(async (server) => {
        const api = createApiClient({ baseUrl: server.url, tokens: signedIn });
        const result = await api.repair.createRma(payload, '9b2f7c1e-0d4a-4c3e-8f5b-2a6d1e9c7b30');
        expect(result.rmaNumber).toMatch(/^RMA-/);
        expect(result.label).toMatch(/^\/shipping\/documents\//);
        expect(result.shippingError).toBeNull();
      }));

  it('rejects a create request that breaks a rule with the field and the spec message', () =>
    pact
      .addInteraction()
      .given('unit RT10000001 is in warranty and the customer uploaded rma/photo.jpg')
      .uponReceiving('a create request without a first name')
      .withRequest('POST', '/rma-manager/rma/create', (req) =>
        req
          .headers({ Authorization: bearer, 'Idempotency-Key': like('0c9d8e7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f') })
          .jsonBody({ ...payload, contact: { ...payload.contact, firstName: '' } }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { 'contact.firstName': 'Required' } }),
      )
      .executeTest(async (server) => {
        const api = createApiClient({ baseUrl: server.url, tokens: signedIn });
        await expect(
          api.repair.createRma({ ...payload, contact: { ...payload.contact, firstName: '' } }, '0c9d8e7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f'),
        ).rejects.toMatchObject({ status: 400, fields: { 'contact.firstName': 'Required' } });
      }));
});
