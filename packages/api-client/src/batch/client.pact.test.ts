/**
 * @jest-environment node
 */
// Consumer contract of the fleet batch (issue 30; process `batch`, paths under
// /rma-manager/batches, provider 'portal-batch-api'): the template, the pre-flight, submit, the
// list, a batch, its progress stream, paying, confirming, removing a row and the two downloads,
// as the batch pages call them, with the refusals they handle. The parse (an XMLHttpRequest
// upload) is in parse.pact.test.ts. api/batch/batchpact verifies it against the real router with
// state handlers keyed by these state strings, word for word, signing the bearer token as the
// user the state names.
import { MatchersV3 } from '@pact-foundation/pact';
import { createHttpClient, type TokenSource } from '../client';
import { bearer, pactWith, signedIn, timestamp } from '../test/pact';
import { createBatchClient } from './client';
import type { SubmitBatchBody } from './types';

const { like, regex, integer, eachLike, boolean } = MatchersV3;

const pact = pactWith('portal-batch-api');

const batches = (url: string, tokens?: TokenSource) => createBatchClient(createHttpClient({ baseUrl: url, tokens }));

// Provider states (api/batch/batchpact).
const OLIVIA_UNITS =
  'olivia of FleetCo Utilities is signed in; RT10001003 is an RT10 in warranty, RT10001004 an RT10 out of warranty whose Display / Cracked repair is 289.00, and her discount is 10 %';
const OLIVIA_COMPLETED =
  'olivia is signed in and has the completed batch BT-7K2M9Q4X: RT10001003 created as RMA-900101 in box 1 of 1, RT10009999 failed (Serial Not Found)';
const OLIVIA_SAVED =
  'olivia is signed in and has the saved batch BT-SAVED234 awaiting payment: RT10001004 and RT10001005, out of warranty at 260.10 each, on an open quote';
const OLIVIA_PAID = 'olivia is signed in and has the batch BT-PAYD2345 whose quote is paid by PO 4500012345';
const DIEGO_SAVED = 'diego of FleetCo Utilities is signed in and his colleague olivia has the saved batch BT-SAVED234';
const CASEY_COMPLETED = 'casey, of no organization, is signed in and olivia has the completed batch BT-7K2M9Q4X';
const OLIVIA_KEY_USED = 'olivia is signed in and has already submitted another batch under the key batch-key-reused';
const OLIVIA_CHANGED =
  'olivia is signed in and has the saved batch BT-CHANGED2 awaiting payment: RT10001004 and RT10009999 (no longer in the registry), out of warranty at 260.10 each, on an open quote';

const BATCH_ID = '^BT-[0-9A-HJKMNP-TV-Z]{8}$';
const money = (example: string) => regex('^\\d+\\.\\d{2}$', example);
const quoteId = regex('^QT-.+$', 'QT-01JPACTQUOTE0000000000001');

const contact = {
  firstName: 'Olivia',
  lastName: 'Reyes',
  email: 'olivia@fleetco.example',
  phone: '5125550142',
  phoneCountryCode: 'US',
  company: 'FleetCo Utilities',
  position: 'Fleet manager',
};
const address = { line1: '100 Grid Way', line2: '', city: 'Denver', state: 'CO', country: 'US', postalCode: '80202' };

const row = (serial: string, more: Partial<SubmitBatchBody['rows'][number]> = {}) => ({
  serial,
  fault: 'Display',
  problem: 'Cracked',
  notes: 'Screen cracked in the field',
  customerReference: '',
  assetTag: '',
  branch: '',
  hasData: null,
  ...more,
});

const createdRow = {
  index: 0,
  serial: 'RT10001003',
  model: 'RT10',
  entitlement: 'IN_WARRANTY',
  price: null,
  status: 'CREATED',
  rmaNumber: 'RMA-900101',
  rmaStatus: like('AWAITING_UNIT'),
  box: 1,
  trackingNumber: regex('^.+$', 'RF123456785US'),
  reasons: [],
};
const failedRow = {
  index: 1,
  serial: 'RT10009999',
  model: null,
  entitlement: null,
  price: null,
  status: 'FAILED',
  rmaNumber: null,
  rmaStatus: null,
  box: null,
  trackingNumber: null,
  reasons: [{ field: 'serial', message: 'Serial Not Found' }],
};

const completedBatch = {
  id: 'BT-7K2M9Q4X',
  createdAt: timestamp('2026-11-20T10:00:00Z'),
  createdBy: 'Olivia Reyes',
  mine: true,
  status: 'COMPLETED',
  contact: like(contact),
  address: like(address),
  packaging: { kind: 'OWN_BOXES', unitsPerBox: 10, boxes: 1 },
  payment: null,
  summary: { rows: 2, pending: 0, awaitingPayment: 0, created: 1, failed: 1, removed: 0, total: '0.00', refundDue: null },
  rows: [createdRow, failedRow],
  documents: { url: '/rma-manager/batches/BT-7K2M9Q4X/documents.pdf' },
  documentsError: null,
  resultCsvUrl: '/rma-manager/batches/BT-7K2M9Q4X/result.csv',
};

const awaitingRow = (index: number, serial: string, status = 'AWAITING_PAYMENT') => ({
  index,
  serial,
  model: 'RT10',
  entitlement: 'OUT_OF_WARRANTY',
  price: '260.10',
  status,
  rmaNumber: null,
  rmaStatus: null,
  box: null,
  trackingNumber: null,
  reasons: [],
});

const savedBatch = (mine: boolean) => ({
  id: 'BT-SAVED234',
  createdAt: timestamp('2026-11-20T10:00:00Z'),
  createdBy: 'Olivia Reyes',
  mine,
  status: 'AWAITING_PAYMENT',
  contact: like(contact),
  address: like(address),
  packaging: { kind: 'REQUEST_BOXES', unitsPerBox: null, boxes: 0 },
  payment: { quoteId, amount: '520.20', status: 'open', method: null, customerPO: null, expiresAt: timestamp('2026-12-20T10:00:00Z') },
  summary: { rows: 2, pending: 0, awaitingPayment: 2, created: 0, failed: 0, removed: 0, total: '520.20', refundDue: null },
  rows: [awaitingRow(0, 'RT10001004'), awaitingRow(1, 'RT10001005')],
  documents: null,
  documentsError: null,
  resultCsvUrl: '/rma-manager/batches/BT-SAVED234/result.csv',
});

describe('batch API contract: before submit', () => {
  it('downloads the template', () =>
    pact
      .addInteraction()
      .given(OLIVIA_UNITS)
      .uponReceiving('a request for the batch template')
      .withRequest('GET', '/rma-manager/batches/template.csv', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.headers({
          'Content-Type': regex('^text/csv(; charset=utf-8)?$', 'text/csv; charset=utf-8'),
          'Content-Disposition': regex('^attachment; filename="rma-batch-template\\.csv"$', 'attachment; filename="rma-batch-template.csv"'),
        }),
      )
      .executeTest(async (server) => {
        await expect(batches(server.url, signedIn).downloadBatchTemplate()).resolves.toBeDefined();
      }));

  it('checks the rows: a unit in warranty, one out of warranty priced after the discount, an unknown serial', () =>
    pact
      .addInteraction()
      .given(OLIVIA_UNITS)
      .uponReceiving('a pre-flight of three rows')
      .withRequest('POST', '/rma-manager/batches/preflight', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ rows: [row('RT10001003'), row('RT10001004'), row('RT10009999')] }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rows: [
            { index: 0, serial: 'RT10001003', ok: true, reasons: [], model: 'RT10', entitlement: 'IN_WARRANTY', price: null },
            { index: 1, serial: 'RT10001004', ok: true, reasons: [], model: 'RT10', entitlement: 'OUT_OF_WARRANTY', price: '260.10' },
            {
              index: 2,
              serial: 'RT10009999',
              ok: false,
              reasons: [{ field: 'serial', message: 'Serial Not Found' }],
              model: null,
              entitlement: null,
              price: null,
            },
          ],
          summary: { rows: 3, ok: 2, failed: 1, inWarranty: 1, outOfWarranty: 1, override: 0, total: '260.10' },
        }),
      )
      .executeTest(async (server) => {
        const result = await batches(server.url, signedIn).preflightBatch([row('RT10001003'), row('RT10001004'), row('RT10009999')]);
        expect(result.rows[2]?.reasons).toEqual([{ field: 'serial', message: 'Serial Not Found' }]);
        expect(result.summary.total).toBe('260.10');
      }));

  it('refuses a pre-flight without rows by its field', () =>
    pact
      .addInteraction()
      .given(OLIVIA_UNITS)
      .uponReceiving('a pre-flight of no rows')
      .withRequest('POST', '/rma-manager/batches/preflight', (req) => req.headers({ Authorization: bearer }).jsonBody({ rows: [] }))
      .willRespondWith(400, (res) => res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { rows: 'Required' } }))
      .executeTest(async (server) => {
        await expect(batches(server.url, signedIn).preflightBatch([])).rejects.toMatchObject({ status: 400, fields: { rows: 'Required' } });
      }));
});

describe('batch API contract: submit', () => {
  const body: SubmitBatchBody = {
    rows: [row('RT10001003'), row('RT10001004'), row('RT10009999')],
    contact,
    address,
    packaging: { kind: 'OWN_BOXES', unitsPerBox: 10 },
    acknowledgeHddBackup: true,
    paymentData: { paymentMethod: 'PO', customerPO: '4500012345', customerPOFileId: 'po/2026/11/pact-po.pdf' },
  };
  // A batch of in-warranty rows has nothing to pay: no paymentData.
  const { paymentData: _paid, ...unpaid } = body;
  const badEmail: SubmitBatchBody = { ...unpaid, rows: [row('RT10001003')], contact: { ...contact, email: 'olivia' } };

  it('submits a batch paid by PO: the passing rows to be created, the failing one reported', () =>
    pact
      .addInteraction()
      .given(OLIVIA_UNITS)
      .uponReceiving('a submit of three rows, the out-of-warranty one paid by PO')
      .withRequest('POST', '/rma-manager/batches', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': regex('^.+$', 'batch-key-1') }).jsonBody(body),
      )
      .willRespondWith(202, (res) =>
        res.jsonBody({
          batch: {
            id: regex(BATCH_ID, 'BT-7K2M9Q4X'),
            createdAt: timestamp('2026-11-20T10:00:00Z'),
            createdBy: like('Olivia Reyes'),
            mine: true,
            status: 'PROCESSING',
            contact: like(contact),
            address: like(address),
            packaging: { kind: 'OWN_BOXES', unitsPerBox: 10, boxes: 0 },
            payment: { quoteId, amount: '260.10', status: 'paid', method: 'PO', customerPO: '4500012345', expiresAt: timestamp('2026-12-20T10:00:00Z') },
            summary: { rows: 3, pending: 2, awaitingPayment: 0, created: 0, failed: 1, removed: 0, total: '260.10' },
            rows: [
              { ...awaitingRow(0, 'RT10001003', 'PENDING'), entitlement: 'IN_WARRANTY', price: null },
              awaitingRow(1, 'RT10001004', 'PENDING'),
              { ...failedRow, index: 2 },
            ],
            documents: null,
            resultCsvUrl: regex('^/rma-manager/batches/BT-[0-9A-Z]{8}/result\\.csv$', '/rma-manager/batches/BT-7K2M9Q4X/result.csv'),
          },
          paymentUrl: null,
        }),
      )
      .executeTest(async (server) => {
        const result = await batches(server.url, signedIn).submitBatch(body, 'batch-key-1');
        expect(result.batch.status).toBe('PROCESSING');
        expect(result.batch.rows[2]?.status).toBe('FAILED');
        expect(result.paymentUrl).toBeNull();
      }));

  it('submits a batch to pay by card and answers the approve link', () =>
    pact
      .addInteraction()
      .given(OLIVIA_UNITS)
      .uponReceiving('a submit of an out-of-warranty row paid by card')
      .withRequest('POST', '/rma-manager/batches', (req) =>
        req
          .headers({ Authorization: bearer, 'Idempotency-Key': regex('^.+$', 'batch-key-2') })
          .jsonBody({ ...body, rows: [row('RT10001004')], paymentData: { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' } }),
      )
      .willRespondWith(202, (res) =>
        res.jsonBody({
          batch: like({
            id: regex(BATCH_ID, 'BT-7K2M9Q4X'),
            status: 'AWAITING_PAYMENT',
            payment: like({ quoteId, amount: '260.10', status: 'open' }),
            rows: [awaitingRow(0, 'RT10001004')],
          }),
          paymentUrl: regex('^https?://.+$', 'https://www.sandbox.paypal.com/checkoutnow?token=EC-PACT'),
        }),
      )
      .executeTest(async (server) => {
        const result = await batches(server.url, signedIn).submitBatch(
          { ...body, rows: [row('RT10001004')], paymentData: { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' } },
          'batch-key-2',
        );
        expect(result.paymentUrl).toMatch(/^https?:\/\//);
      }));

  it('refuses a contact without a valid e-mail by its field', () =>
    pact
      .addInteraction()
      .given(OLIVIA_UNITS)
      .uponReceiving('a submit whose contact e-mail is not an e-mail')
      .withRequest('POST', '/rma-manager/batches', (req) =>
        req
          .headers({ Authorization: bearer, 'Idempotency-Key': regex('^.+$', 'batch-key-3') })
          .jsonBody(badEmail),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { 'contact.email': like('Invalid email address') } }),
      )
      .executeTest(async (server) => {
        const error = batches(server.url, signedIn).submitBatch(badEmail, 'batch-key-3');
        await expect(error).rejects.toMatchObject({ status: 400, fields: { 'contact.email': expect.any(String) } });
      }));

  it('refuses a key already used for another batch', () =>
    pact
      .addInteraction()
      .given(OLIVIA_KEY_USED)
      .uponReceiving('a submit under a key that was used for another batch')
      .withRequest('POST', '/rma-manager/batches', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': 'batch-key-reused' }).jsonBody({ ...unpaid, rows: [row('RT10001003')] }),
      )
      .willRespondWith(422, (res) => res.jsonBody({ error: 'batch.keyReused', message: 'This key was used for another batch.' }))
      .executeTest(async (server) => {
        await expect(batches(server.url, signedIn).submitBatch({ ...unpaid, rows: [row('RT10001003')] }, 'batch-key-reused')).rejects.toMatchObject({
          status: 422,
          error: 'batch.keyReused',
        });
      }));
});

describe('batch API contract: the batch', () => {
  it('lists the batches the caller sees, newest first', () =>
    pact
      .addInteraction()
      .given(OLIVIA_COMPLETED)
      .uponReceiving('a request for the first page of batches')
      .withRequest('GET', '/rma-manager/batches', (req) => req.query({ first: '25' }).headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          items: eachLike({
            id: regex(BATCH_ID, 'BT-7K2M9Q4X'),
            createdAt: timestamp('2026-11-20T10:00:00Z'),
            createdBy: like('Olivia Reyes'),
            mine: boolean(true),
            status: regex('^(PROCESSING|AWAITING_PAYMENT|COMPLETED)$', 'COMPLETED'),
            rows: integer(2),
            created: integer(1),
            failed: integer(1),
            total: money('0.00'),
          }),
          hasNext: boolean(false),
          endCursor: like('c1'),
        }),
      )
      .executeTest(async (server) => {
        const page = await batches(server.url, signedIn).listBatches({ first: 25 });
        expect(page.items[0]?.id).toMatch(/^BT-/);
      }));

  it('answers 401 without a token', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the batches without a bearer token')
      .withRequest('GET', '/rma-manager/batches', (req) => req.query({ first: '25' }))
      .willRespondWith(401, (res) => res.jsonBody({ error: like('invalid_token'), message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        await expect(batches(server.url).listBatches({ first: 25 })).rejects.toMatchObject({ status: 401 });
      }));

  it('reads a completed batch with its rows, boxes and documents', () =>
    pact
      .addInteraction()
      .given(OLIVIA_COMPLETED)
      .uponReceiving('a request for the completed batch BT-7K2M9Q4X')
      .withRequest('GET', '/rma-manager/batches/BT-7K2M9Q4X', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) => res.jsonBody(completedBatch))
      .executeTest(async (server) => {
        const batch = await batches(server.url, signedIn).getBatch('BT-7K2M9Q4X');
        expect(batch.rows.map((r) => r.status)).toEqual(['CREATED', 'FAILED']);
        expect(batch.documents?.url).toBe('/rma-manager/batches/BT-7K2M9Q4X/documents.pdf');
      }));

  it("reads a colleague's batch, not as its owner", () =>
    pact
      .addInteraction()
      .given(DIEGO_SAVED)
      .uponReceiving("a request for a colleague's saved batch")
      .withRequest('GET', '/rma-manager/batches/BT-SAVED234', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) => res.jsonBody(savedBatch(false)))
      .executeTest(async (server) => {
        const batch = await batches(server.url, signedIn).getBatch('BT-SAVED234');
        expect(batch.mine).toBe(false);
      }));

  it('answers 404 for a batch of another organization', () =>
    pact
      .addInteraction()
      .given(CASEY_COMPLETED)
      .uponReceiving("a request for another customer's batch")
      .withRequest('GET', '/rma-manager/batches/BT-7K2M9Q4X', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'batch.notFound', message: 'Batch not found' }))
      .executeTest(async (server) => {
        await expect(batches(server.url, signedIn).getBatch('BT-7K2M9Q4X')).rejects.toMatchObject({ status: 404, error: 'batch.notFound' });
      }));

  // The stream of a batch with nothing left to create: its progress, then done, then it ends.
  it('streams the progress of a batch, ending with done', () =>
    pact
      .addInteraction()
      .given(OLIVIA_COMPLETED)
      .uponReceiving('a request for the events of the completed batch BT-7K2M9Q4X')
      .withRequest('GET', '/rma-manager/batches/BT-7K2M9Q4X/events', (req) =>
        req.headers({ Authorization: bearer, Accept: 'text/event-stream' }),
      )
      .willRespondWith(200, (res) =>
        res
          .headers({ 'Content-Type': regex('^text/event-stream.*$', 'text/event-stream') })
          // Pact tells a body's type by its bytes, and event-stream text is text/plain to it.
          .body(
            'text/plain',
            Buffer.from(
              'event: progress\ndata: {"status":"COMPLETED","rows":2,"done":2,"created":1,"failed":1,"pending":0}\n\n' +
                'event: done\ndata: {"status":"COMPLETED","rows":2,"done":2,"created":1,"failed":1,"pending":0}\n\n',
            ),
          ),
      )
      .executeTest(async (server) => {
        const onProgress = jest.fn();
        const final = await batches(server.url, signedIn).watchBatch('BT-7K2M9Q4X', onProgress);
        expect(final).toEqual({ status: 'COMPLETED', rows: 2, done: 2, created: 1, failed: 1, pending: 0 });
        expect(onProgress).toHaveBeenCalledTimes(2);
      }));

  it('downloads the result CSV', () =>
    pact
      .addInteraction()
      .given(OLIVIA_COMPLETED)
      .uponReceiving('a request for the result CSV of BT-7K2M9Q4X')
      .withRequest('GET', '/rma-manager/batches/BT-7K2M9Q4X/result.csv', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.headers({
          'Content-Type': regex('^text/csv(; charset=utf-8)?$', 'text/csv; charset=utf-8'),
          'Content-Disposition': regex('^attachment; filename="BT-7K2M9Q4X-result\\.csv"$', 'attachment; filename="BT-7K2M9Q4X-result.csv"'),
        }),
      )
      .executeTest(async (server) => {
        await expect(batches(server.url, signedIn).downloadBatchResultCsv('BT-7K2M9Q4X')).resolves.toBeDefined();
      }));

  it('downloads the labels and packing lists', () =>
    pact
      .addInteraction()
      .given(OLIVIA_COMPLETED)
      .uponReceiving('a request for the documents of BT-7K2M9Q4X')
      .withRequest('GET', '/rma-manager/batches/BT-7K2M9Q4X/documents.pdf', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.headers({
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex('^attachment; filename="BT-7K2M9Q4X-labels\\.pdf"$', 'attachment; filename="BT-7K2M9Q4X-labels.pdf"'),
        }),
      )
      .executeTest(async (server) => {
        await expect(batches(server.url, signedIn).downloadBatchDocuments('BT-7K2M9Q4X')).resolves.toBeDefined();
      }));

  it('answers 404 for the documents of a batch still waiting for its RMAs', () =>
    pact
      .addInteraction()
      .given(OLIVIA_SAVED)
      .uponReceiving('a request for the documents of the saved batch BT-SAVED234')
      .withRequest('GET', '/rma-manager/batches/BT-SAVED234/documents.pdf', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(404, (res) =>
        res.jsonBody({ error: 'batch.documentsNotReady', message: 'The labels are made once every unit of the batch has its RMA.' }),
      )
      .executeTest(async (server) => {
        await expect(batches(server.url, signedIn).downloadBatchDocuments('BT-SAVED234')).rejects.toMatchObject({
          status: 404,
          error: 'batch.documentsNotReady',
        });
      }));
});

describe('batch API contract: paying and removing', () => {
  it('refuses a PO payment whose rows changed: the row that can no longer be created is taken off the quote', () =>
    pact
      .addInteraction()
      .given(OLIVIA_CHANGED)
      .uponReceiving('a PO payment of the batch BT-CHANGED2 one of whose rows can no longer become an RMA')
      .withRequest('POST', '/rma-manager/batches/BT-CHANGED2/pay', (req) =>
        req
          .headers({ Authorization: bearer })
          .jsonBody({ paymentMethod: 'PO', customerPO: '4500012345', customerPOFileId: 'po/2026/11/pact-po.pdf' }),
      )
      .willRespondWith(409, (res) =>
        res.jsonBody({
          error: 'batch.quoteChanged',
          message: '1 row can no longer become an RMA and was taken off the quote; the new total is 260.10 USD. Please check the batch and pay again.',
        }),
      )
      .executeTest(async (server) => {
        await expect(
          batches(server.url, signedIn).payBatch('BT-CHANGED2', { paymentMethod: 'PO', customerPO: '4500012345', customerPOFileId: 'po/2026/11/pact-po.pdf' }),
        ).rejects.toMatchObject({ status: 409, error: 'batch.quoteChanged', message: expect.stringContaining('260.10 USD') });
      }));

  it('pays a saved batch by PO: its rows are to be created', () =>
    pact
      .addInteraction()
      .given(OLIVIA_SAVED)
      .uponReceiving('a PO payment of the saved batch BT-SAVED234')
      .withRequest('POST', '/rma-manager/batches/BT-SAVED234/pay', (req) =>
        req
          .headers({ Authorization: bearer })
          .jsonBody({ paymentMethod: 'PO', customerPO: '4500012345', customerPOFileId: 'po/2026/11/pact-po.pdf' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          batch: {
            ...savedBatch(true),
            status: 'PROCESSING',
            payment: { quoteId, amount: '520.20', status: 'paid', method: 'PO', customerPO: '4500012345', expiresAt: timestamp('2026-12-20T10:00:00Z') },
            summary: { rows: 2, pending: 2, awaitingPayment: 0, created: 0, failed: 0, removed: 0, total: '520.20' },
            rows: [awaitingRow(0, 'RT10001004', 'PENDING'), awaitingRow(1, 'RT10001005', 'PENDING')],
          },
          paymentUrl: null,
        }),
      )
      .executeTest(async (server) => {
        const result = await batches(server.url, signedIn).payBatch('BT-SAVED234', {
          paymentMethod: 'PO',
          customerPO: '4500012345',
          customerPOFileId: 'po/2026/11/pact-po.pdf',
        });
        expect(result.batch.payment?.status).toBe('paid');
      }));

  it('starts paying a saved batch by card', () =>
    pact
      .addInteraction()
      .given(OLIVIA_SAVED)
      .uponReceiving('a card payment of the saved batch BT-SAVED234')
      .withRequest('POST', '/rma-manager/batches/BT-SAVED234/pay', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          batch: like({ id: 'BT-SAVED234', status: 'AWAITING_PAYMENT' }),
          paymentUrl: regex('^https?://.+$', 'https://www.sandbox.paypal.com/checkoutnow?token=EC-PACT'),
        }),
      )
      .executeTest(async (server) => {
        const result = await batches(server.url, signedIn).payBatch('BT-SAVED234', { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' });
        expect(result.paymentUrl).toMatch(/^https?:\/\//);
      }));

  it('confirms the approved card payment', () =>
    pact
      .addInteraction()
      .given(OLIVIA_SAVED)
      .uponReceiving('a confirmation of the approved PayPal payment of BT-SAVED234')
      .withRequest('POST', '/rma-manager/batches/BT-SAVED234/pay/confirm', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ token: 'EC-APPROVED' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          batch: like({
            id: 'BT-SAVED234',
            status: 'PROCESSING',
            payment: like({ quoteId, status: 'paid', method: 'PayPal' }),
          }),
          paymentUrl: null,
        }),
      )
      .executeTest(async (server) => {
        const result = await batches(server.url, signedIn).confirmBatchPayment('BT-SAVED234', 'EC-APPROVED');
        expect(result.batch.status).toBe('PROCESSING');
      }));

  it('refuses to confirm a payment PayPal has not approved', () =>
    pact
      .addInteraction()
      .given(OLIVIA_SAVED)
      .uponReceiving('a confirmation of a PayPal payment not approved')
      .withRequest('POST', '/rma-manager/batches/BT-SAVED234/pay/confirm', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ token: 'EC-NOTAPPROVED' }),
      )
      .willRespondWith(409, (res) => res.jsonBody({ error: 'payments.notApproved', message: like('The payment was not approved.') }))
      .executeTest(async (server) => {
        await expect(batches(server.url, signedIn).confirmBatchPayment('BT-SAVED234', 'EC-NOTAPPROVED')).rejects.toMatchObject({
          status: 409,
          error: 'payments.notApproved',
        });
      }));

  it('removes an unpaid row: the quote is issued again for the rest', () =>
    pact
      .addInteraction()
      .given(OLIVIA_SAVED)
      .uponReceiving('a removal of row 2 of the saved batch BT-SAVED234')
      .withRequest('DELETE', '/rma-manager/batches/BT-SAVED234/rows/1', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          batch: {
            ...savedBatch(true),
            payment: { quoteId, amount: '260.10', status: 'open', method: null, customerPO: null, expiresAt: timestamp('2026-12-20T10:00:00Z') },
            summary: { rows: 2, pending: 0, awaitingPayment: 1, created: 0, failed: 0, removed: 1, total: '260.10' },
            rows: [awaitingRow(0, 'RT10001004'), awaitingRow(1, 'RT10001005', 'REMOVED')],
          },
          paymentUrl: null,
        }),
      )
      .executeTest(async (server) => {
        const result = await batches(server.url, signedIn).removeBatchRow('BT-SAVED234', 1);
        expect(result.batch.rows[1]?.status).toBe('REMOVED');
        expect(result.batch.payment?.amount).toBe('260.10');
      }));

  it('refuses to remove a row of a paid batch', () =>
    pact
      .addInteraction()
      .given(OLIVIA_PAID)
      .uponReceiving('a removal of a row of the paid batch BT-PAYD2345')
      .withRequest('DELETE', '/rma-manager/batches/BT-PAYD2345/rows/0', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(409, (res) =>
        res.jsonBody({ error: 'batch.alreadyPaid', message: 'This batch is paid; its rows can no longer be removed.' }),
      )
      .executeTest(async (server) => {
        await expect(batches(server.url, signedIn).removeBatchRow('BT-PAYD2345', 0)).rejects.toMatchObject({ status: 409, error: 'batch.alreadyPaid' });
      }));

  it("refuses a colleague's change", () =>
    pact
      .addInteraction()
      .given(DIEGO_SAVED)
      .uponReceiving("a removal of a row of a colleague's batch")
      .withRequest('DELETE', '/rma-manager/batches/BT-SAVED234/rows/0', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(403, (res) =>
        res.jsonBody({ error: 'batch.notOwner', message: 'Only the person who submitted this batch can change it.' }),
      )
      .executeTest(async (server) => {
        await expect(batches(server.url, signedIn).removeBatchRow('BT-SAVED234', 0)).rejects.toMatchObject({ status: 403, error: 'batch.notOwner' });
      }));
});
