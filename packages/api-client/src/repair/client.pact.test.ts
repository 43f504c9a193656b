/**
 * @jest-environment node
 */
// Consumer contract of the repair API: what the browser sends to verify-serial and what it relies
// on in each answer. The pact file lands in <repo>/pacts; `make test-pact` verifies it against the
// real Go router (api/repair/repairpact), whose state handlers use these state strings verbatim.
import { MatchersV3 } from '@pact-foundation/pact';
import { createApiClient } from '../index';
import { bearer, clientAt, pactWith, signedIn, signedOut } from '../test/pact';
import type { CreateOowPayload, CreateRmaPayload, PaymentData } from './types';

const { like, eachLike, regex, string, boolean, integer, number } = MatchersV3;

const pact = pactWith('portal-repair-api');

// The in-warranty unit's verify-serial answer, as the check and its prefetch read it.
const inWarrantyUnit = {
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
};

describe('repair API contract', () => {
  it('verifies a known serial and reads every unit field', () =>
    pact
      .addInteraction()
      .given('unit RT10000001 is in warranty')
      .uponReceiving('a serial check for an in-warranty unit')
      .withRequest('GET', '/rma-manager/rma/verify-serial', (req) =>
        req.query({ serial: 'RT10000001' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(200, (res) => res.jsonBody(inWarrantyUnit))
      .executeTest(async (server) => {
        const api = createApiClient({ baseUrl: server.url, tokens: signedIn, sessionUrl: () => 'http://portal.test/create-rma' });
        const result = await api.repair.verifySerial('RT10000001');
        expect(result).toMatchObject({ kind: 'found', unit: { serial: 'RT10000001', iw: true, cardState: 'warranty' } });
      }));

  it('prefetches a serial check ahead of its page, which the check then takes without asking again', () =>
    pact
      .addInteraction()
      .given('unit RT10000001 is in warranty')
      .uponReceiving('a serial check started ahead of its page')
      .withRequest('GET', '/rma-manager/rma/verify-serial', (req) =>
        req.query({ serial: 'RT10000001' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(200, (res) => res.jsonBody(inWarrantyUnit))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await api.repair.prefetchSerial('RT10000001');
        expect(api.repair.prefetchedSerial('RT10000001')).toMatchObject({ kind: 'found', unit: { serial: 'RT10000001', iw: true } });
        await expect(api.repair.verifySerial('RT10000001')).resolves.toMatchObject({ kind: 'found' });
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
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.verifySerial('ZZ99999999')).resolves.toEqual({ kind: '404' });
      }));

  it('refuses a call without a token with 401 invalid_token, and the client sends the user to sign-in', () =>
    pact
      .addInteraction()
      .uponReceiving('a serial check without a bearer token')
      .withRequest('GET', '/rma-manager/rma/verify-serial', (req) => req.query({ serial: 'RT10000001' }))
      .willRespondWith(401, (res) => res.jsonBody({ error: 'invalid_token', message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        const { tokens, signIn } = signedOut();
        const api = clientAt(server.url, tokens);
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
        const api = clientAt(server.url, signedIn);
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
        const api = clientAt(server.url, signedIn);
        await expect(
          api.repair.createRma({ ...payload, contact: { ...payload.contact, firstName: '' } }, '0c9d8e7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f'),
        ).rejects.toMatchObject({ status: 400, fields: { 'contact.firstName': 'Required' } });
      }));

  // Out-of-warranty (issue 8). casey is a plain customer: no PO permission, no discount.
  const oowPayload = (paymentData: Partial<PaymentData>): CreateOowPayload => ({
    ...payload,
    serial: 'RT10000002',
    paymentData: { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '', save: false, quoteId: '', ...paymentData },
  });
  const idempotencyKey = (example: string) => like(example);

  it('answers the payment options of a customer without the PO permission', () =>
    pact
      .addInteraction()
      .given('unit RT10000002 is out of warranty')
      .uponReceiving('a request for the payment options of a plain customer')
      .withRequest('GET', '/rma-manager/rma/payment-options', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({ methods: ['PayPal'], defaultMethod: 'PayPal', poReleaseRequired: false, discountPercent: number(0) }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.paymentOptions()).resolves.toMatchObject({ methods: ['PayPal'], defaultMethod: 'PayPal', poReleaseRequired: false });
      }));

  it('saves a quote for an out-of-warranty unit and answers it without an RMA', () => {
    const body = oowPayload({ paymentMethod: '', save: true });
    return pact
      .addInteraction()
      .given('unit RT10000002 is out of warranty')
      .uponReceiving('an out-of-warranty create that saves a quote')
      .withRequest('POST', '/rma-manager/rma/create/oow', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b') }).jsonBody(body),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: '',
          quoteId: regex('^QT-[A-Z0-9]+$', 'QT-ABCDEFGHJKLM'),
          paymentUrl: '',
          quoteData: {
            shipping: {
              address: like(payload.address),
              contact: like({
                firstName: 'Casey',
                lastName: 'Morgan',
                emailAddress: 'casey@example.com',
                phoneNumber: '5125550142',
                phoneCountryCode: 'US',
                companyName: 'Morgan Field Services',
              }),
            },
            externalResource: {
              serial: 'RT10000002',
              rmaInput: like({ primaryFault: 'Display', problem: 'Cracked or broken screen' }),
              packaging: { havePackaging: true, requestBox: false, forgoShipping: false },
            },
            total: { cents: integer(28900), currency: 'USD' },
          },
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const result = await api.repair.createOowRma(body, '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b');
        expect(result.rmaNumber).toBe('');
        expect(result.quoteId).toMatch(/^QT-/);
        expect(result.quoteData?.externalResource.serial).toBe('RT10000002');
      });
  });

  it('opens an out-of-warranty RMA to be paid by card and answers the provider link', () => {
    const body = oowPayload({ paymentMethod: 'PayPal' });
    return pact
      .addInteraction()
      .given('unit RT10000002 is out of warranty')
      .uponReceiving('an out-of-warranty create paid by card')
      .withRequest('POST', '/rma-manager/rma/create/oow', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d') }).jsonBody(body),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: regex('^RMA-\\d+$', 'RMA-100502'),
          quoteId: regex('^QT-[A-Z0-9]+$', 'QT-ABCDEFGHJKLM'),
          paymentUrl: regex('^https?://.+$', 'http://127.0.0.1:8080/sandbox/paypal/checkoutnow?token=5O190127TN364715T'),
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const result = await api.repair.createOowRma(body, '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d');
        expect(result.rmaNumber).toMatch(/^RMA-/);
        expect(result.paymentUrl).toMatch(/^https?:\/\//);
      });
  });

  // An upgrade is the out-of-warranty path's request with rmaType UPGRADE: paid whatever the
  // warranty, its option one of the model's upgrades, no photos.
  const upgradePayload = (serial: string): CreateOowPayload => ({
    ...payload,
    serial,
    rmaInput: {
      ...payload.rmaInput,
      rmaType: 'UPGRADE',
      primaryFault: 'Memory',
      problem: '16 GB to 32 GB DDR4',
      initialNotes: '',
      permissions: { ...payload.rmaInput.permissions, reimage: false, acknowledgeHddBackup: false },
      acc: { acPower: false, storage: false, hardCase: false, battery: false },
      attachments: [],
    },
    paymentData: { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '', save: false, quoteId: '' },
  });

  it('opens an upgrade of an in-warranty unit to be paid by card and answers the provider link', () => {
    const body = upgradePayload('RT10000001');
    return pact
      .addInteraction()
      .given("casey's unit RT10000001 is in warranty, with no RMA")
      .uponReceiving('an upgrade create paid by card')
      .withRequest('POST', '/rma-manager/rma/create/oow', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d') }).jsonBody(body),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: regex('^RMA-\\d+$', 'RMA-100501'),
          quoteId: regex('^QT-[A-Z0-9]+$', 'QT-ABCDEFGHJKLM'),
          paymentUrl: regex('^https?://.+$', 'http://127.0.0.1:8080/sandbox/paypal/checkoutnow?token=5O190127TN364715T'),
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const result = await api.repair.createOowRma(body, '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d');
        expect(result.rmaNumber).toMatch(/^RMA-/);
        expect(result.paymentUrl).toMatch(/^https?:\/\//);
      });
  });

  it('refuses an upgrade of an EX80 with 409 and the reason', () => {
    const body = upgradePayload('RT10000005');
    return pact
      .addInteraction()
      .given("casey's unit RT10000001 is in warranty, with no RMA")
      .uponReceiving('an upgrade create for an EX80')
      .withRequest('POST', '/rma-manager/rma/create/oow', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('1c2d3e4f-5061-4b7c-8d9e-0f1a2b3c4d5e') }).jsonBody(body),
      )
      .willRespondWith(409, (res) =>
        res.jsonBody({ error: 'rma.upgradeNotOffered', message: 'Upgrades are not offered for this unit.' }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.createOowRma(body, '1c2d3e4f-5061-4b7c-8d9e-0f1a2b3c4d5e')).rejects.toMatchObject({
          status: 409,
          error: 'rma.upgradeNotOffered',
        });
      });
  });

  it('refuses a PO payment from a customer without the PO permission with 403', () => {
    const body = oowPayload({ paymentMethod: 'PO', customerPO: '4471', customerPOFileId: 'po/2026/11/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.pdf' });
    return pact
      .addInteraction()
      .given('unit RT10000002 is out of warranty')
      .uponReceiving('an out-of-warranty create paid by PO from a customer without the PO permission')
      .withRequest('POST', '/rma-manager/rma/create/oow', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e') }).jsonBody(body),
      )
      .willRespondWith(403, (res) =>
        res.jsonBody({ error: 'payments.poNotAllowed', message: 'Your account cannot pay by purchase order.' }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.createOowRma(body, '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e')).rejects.toMatchObject({
          status: 403,
          error: 'payments.poNotAllowed',
          message: 'Your account cannot pay by purchase order.',
        });
      });
  });

  it('processes an RMA whose card payment the payer approved and answers the label', () =>
    pact
      .addInteraction()
      .given('RMA RMA-900001 of casey awaits a PayPal payment the payer approved')
      .uponReceiving('a process request for an approved card payment')
      .withRequest('POST', '/rma-manager/rma/process/oow', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ rmaNumber: 'RMA-900001', serial: 'RT10000002' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: 'RMA-900001',
          label: regex('^/shipping/documents/.+$', '/shipping/documents/abc'),
          commercialInvoice: null,
          shippingError: null,
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const result = await api.repair.processOow({ rmaNumber: 'RMA-900001', serial: 'RT10000002' });
        expect(result).toMatchObject({ rmaNumber: 'RMA-900001', shippingError: null });
        expect(result.label).toMatch(/^\/shipping\/documents\//);
      }));

  it('answers a process request for an RMA that is not the caller\'s with 404', () =>
    pact
      .addInteraction()
      .given('unit RT10000002 is out of warranty')
      .uponReceiving('a process request for an unknown RMA')
      .withRequest('POST', '/rma-manager/rma/process/oow', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ rmaNumber: 'RMA-999999', serial: 'RT10000002' }),
      )
      .willRespondWith(404, (res) => res.jsonBody({ error: 'rma.notFound', message: like('RMA not found') }))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.processOow({ rmaNumber: 'RMA-999999', serial: 'RT10000002' })).rejects.toMatchObject({
          status: 404,
          error: 'rma.notFound',
        });
      }));

  it('cancels an RMA that awaits its payment', () =>
    pact
      .addInteraction()
      .given('RMA RMA-900002 of casey awaits payment')
      .uponReceiving('a cancel request for an RMA awaiting payment')
      .withRequest('POST', '/rma-manager/rma/cancel', (req) => req.headers({ Authorization: bearer }).jsonBody({ rmaNumber: 'RMA-900002' }))
      .willRespondWith(200, (res) => res.jsonBody({ rmaNumber: 'RMA-900002', status: 'CANCELLED' }))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.cancelRma('RMA-900002')).resolves.toEqual({ rmaNumber: 'RMA-900002', status: 'CANCELLED' });
      }));

  // The way back to an RMA left awaiting its payment (the payer left PayPal with Back): the unit's
  // create-rma page finds it by serial (awaiting-payment), and Pay Now asks for its PayPal order
  // again (pay). Another customer's RMA answers exactly as none.
  const quoteId = regex('^QT-[A-Z0-9]+$', 'QT-ABCDEFGHJKLM');
  const notFound = { error: 'rma.notFound', message: like('RMA not found') };

  it("finds the caller's RMA awaiting its payment on a unit, with its amount", () =>
    pact
      .addInteraction()
      .given('RMA RMA-900002 of casey awaits payment')
      .uponReceiving('a request for the RMA awaiting payment on an own unit')
      .withRequest('GET', '/rma-manager/rma/awaiting-payment', (req) =>
        req.query({ serial: 'RT10000002' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: 'RMA-900002',
          serial: 'RT10000002',
          rmaType: 'REPAIR',
          quoteId,
          amount: { cents: integer(28900), currency: 'USD' },
          createdAt: regex('^\\d{4}-\\d{2}-\\d{2}T.+$', '2026-11-23T18:00:00Z'),
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const pending = await api.repair.awaitingPayment('RT10000002');
        expect(pending).toMatchObject({ rmaNumber: 'RMA-900002', serial: 'RT10000002', rmaType: 'REPAIR' });
        expect(pending?.amount.currency).toBe('USD');
      }));

  it('answers a unit without an RMA awaiting payment with 404, which the client reads as none', () =>
    pact
      .addInteraction()
      .given('unit RT10000002 is out of warranty')
      .uponReceiving('a request for the RMA awaiting payment on a unit without one')
      .withRequest('GET', '/rma-manager/rma/awaiting-payment', (req) =>
        req.query({ serial: 'RT10000002' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(404, (res) => res.jsonBody(notFound))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.awaitingPayment('RT10000002')).resolves.toBeNull();
      }));

  it("answers another customer's RMA awaiting payment on the unit with 404, like none", () =>
    pact
      .addInteraction()
      .given('RMA RMA-900003 of olivia awaits payment on unit RT10000002')
      .uponReceiving("a request for the RMA awaiting payment on a unit held by another customer's RMA")
      .withRequest('GET', '/rma-manager/rma/awaiting-payment', (req) =>
        req.query({ serial: 'RT10000002' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(404, (res) => res.jsonBody(notFound))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.awaitingPayment('RT10000002')).resolves.toBeNull();
      }));

  it('refuses a request for an RMA awaiting payment without a token with 401, and the client sends the user to sign-in', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the RMA awaiting payment without a bearer token')
      .withRequest('GET', '/rma-manager/rma/awaiting-payment', (req) => req.query({ serial: 'RT10000002' }))
      .willRespondWith(401, (res) => res.jsonBody({ error: 'invalid_token', message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        const { tokens, signIn } = signedOut();
        const api = clientAt(server.url, tokens);
        await expect(api.repair.awaitingPayment('RT10000002')).rejects.toMatchObject({ status: 401, error: 'invalid_token' });
        expect(signIn).toHaveBeenCalledTimes(1);
      }));

  it("pays the caller's RMA awaiting payment again and answers the provider link", () =>
    pact
      .addInteraction()
      .given('RMA RMA-900002 of casey awaits payment')
      .uponReceiving('a pay request for an own RMA awaiting payment')
      .withRequest('POST', '/rma-manager/rma/pay', (req) => req.headers({ Authorization: bearer }).jsonBody({ rmaNumber: 'RMA-900002' }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: 'RMA-900002',
          quoteId,
          paymentUrl: regex('^https?://.+$', 'http://127.0.0.1:8080/sandbox/paypal/checkoutnow?token=5O190127TN364715T'),
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const result = await api.repair.payRma('RMA-900002');
        expect(result.rmaNumber).toBe('RMA-900002');
        expect(result.paymentUrl).toMatch(/^https?:\/\//);
      }));

  it("answers a pay request for an RMA whose quote is paid already without a link, so the caller processes it", () =>
    pact
      .addInteraction()
      .given('RMA RMA-900005 of casey awaits payment and its quote is paid')
      .uponReceiving('a pay request for an own RMA whose quote is paid')
      .withRequest('POST', '/rma-manager/rma/pay', (req) => req.headers({ Authorization: bearer }).jsonBody({ rmaNumber: 'RMA-900005' }))
      .willRespondWith(200, (res) => res.jsonBody({ rmaNumber: 'RMA-900005', quoteId, paymentUrl: '' }))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.payRma('RMA-900005')).resolves.toMatchObject({ rmaNumber: 'RMA-900005', paymentUrl: '' });
      }));

  it("answers a pay request for another customer's RMA with 404", () =>
    pact
      .addInteraction()
      .given('RMA RMA-900003 of olivia awaits payment on unit RT10000002')
      .uponReceiving("a pay request for another customer's RMA")
      .withRequest('POST', '/rma-manager/rma/pay', (req) => req.headers({ Authorization: bearer }).jsonBody({ rmaNumber: 'RMA-900003' }))
      .willRespondWith(404, (res) => res.jsonBody(notFound))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.payRma('RMA-900003')).rejects.toMatchObject({ status: 404, error: 'rma.notFound' });
      }));

  it('refuses to pay a cancelled RMA with 409 and the message the page shows', () =>
    pact
      .addInteraction()
      .given('RMA RMA-900004 of casey was cancelled while it awaited payment')
      .uponReceiving('a pay request for an own cancelled RMA')
      .withRequest('POST', '/rma-manager/rma/pay', (req) => req.headers({ Authorization: bearer }).jsonBody({ rmaNumber: 'RMA-900004' }))
      .willRespondWith(409, (res) => res.jsonBody({ error: 'rma.cancelled', message: 'This RMA was cancelled.' }))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.repair.payRma('RMA-900004')).rejects.toMatchObject({
          status: 409,
          error: 'rma.cancelled',
          message: 'This RMA was cancelled.',
        });
      }));

  it('refuses a pay request without a token with 401, and the client sends the user to sign-in', () =>
    pact
      .addInteraction()
      .uponReceiving('a pay request without a bearer token')
      .withRequest('POST', '/rma-manager/rma/pay', (req) => req.jsonBody({ rmaNumber: 'RMA-900002' }))
      .willRespondWith(401, (res) => res.jsonBody({ error: 'invalid_token', message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        const { tokens, signIn } = signedOut();
        const api = clientAt(server.url, tokens);
        await expect(api.repair.payRma('RMA-900002')).rejects.toMatchObject({ status: 401, error: 'invalid_token' });
        expect(signIn).toHaveBeenCalledTimes(1);
      }));
});
