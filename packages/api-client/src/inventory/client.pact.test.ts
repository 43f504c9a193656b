/**
 * @jest-environment node
 */
// Consumer contract of the service-managed inventory (parts service, process `parts`, provider
// 'parts-inventory'): the list with its filters, the CSV download and one unit's profile, as the
// sm-inventory pages call them. api/parts/inventorypact verifies it against the real router with
// state handlers keyed by these state strings, word for word, signing the bearer token as the
// user the state names.
import { MatchersV3 } from '@pact-foundation/pact';
import { createHttpClient, type TokenSource } from '../client';
import { bearer, pactWith, signedIn, timestamp } from '../test/pact';
import { createInventoryClient } from './client';

const { like, regex, integer, eachLike, boolean } = MatchersV3;

const pact = pactWith('parts-inventory');

const day = (example: string) => regex('^\\d{4}-\\d{2}-\\d{2}$', example);
const inventory = (url: string, tokens?: TokenSource) => createInventoryClient(createHttpClient({ baseUrl: url, tokens }));

// Provider states (api/parts/inventorypact).
const CASEY_UNITS =
  'casey is signed in and holds VT10000007 (registered, in warranty, ordered a VX12-BAT-STD for it in PB-900001) and RT10000002 (open repair RMA RMA-900001, out of warranty)';
const CASEY_NOT_ADAMS = 'casey is signed in and VT10000099 is a VX12 held by adam';

const vx12 = {
  serial: 'VT10000007',
  model: 'VX12',
  modelFamily: 'Veretos',
  productType: 'VERETOS',
  warrantyState: 'IN_WARRANTY',
  warrantyEnd: day('2029-02-28'),
  openRma: null,
  registered: true,
  registeredAt: timestamp('2026-01-05T10:00:00Z'),
  sources: ['registration', 'order'],
};

describe('inventory contract', () => {
  it('lists the video units in warranty, without an open RMA, paged', () =>
    pact
      .addInteraction()
      .given(CASEY_UNITS)
      .uponReceiving('a request for the in-warranty VX12 units without an open RMA')
      .withRequest('GET', '/parts-manager/inventory', (req) =>
        req
          .query({ q: 'vt1', model: 'VX12', warranty: 'IN_WARRANTY', openRma: 'false', page: '1', itemsPerPage: '20' })
          .headers({ Authorization: bearer }),
      )
      .willRespondWith(200, (res) => res.jsonBody({ items: [vx12], total: integer(1), page: 1, itemsPerPage: 20, models: ['ST12', 'VX12'] }))
      .executeTest(async (server) => {
        const page = await inventory(server.url, signedIn).list({ q: 'vt1', model: 'VX12', warranty: 'IN_WARRANTY', openRma: false, page: 1, itemsPerPage: 20 });
        expect(page.items[0]).toMatchObject({ serial: 'VT10000007', warrantyState: 'IN_WARRANTY', sources: ['registration', 'order'] });
        expect(page.models).toEqual(['ST12', 'VX12']);
      }));

  it('lists a unit with its open RMA', () =>
    pact
      .addInteraction()
      .given(CASEY_UNITS)
      .uponReceiving('a request for the units with an open RMA')
      .withRequest('GET', '/parts-manager/inventory', (req) => req.query({ openRma: 'true' }).headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          items: eachLike({
            serial: 'RT10000002',
            model: like('ST12'),
            modelFamily: like('Summit'),
            productType: like('TABLET'),
            warrantyState: 'OUT_OF_WARRANTY',
            warrantyEnd: day('2025-03-31'),
            openRma: { rmaNumber: 'RMA-900001', uid: like('01JPACTRMA0000000000000001'), status: like('RECEIVED') },
            registered: boolean(false),
            registeredAt: null,
            sources: ['rma'],
          }),
          total: integer(1),
          page: integer(1),
          itemsPerPage: integer(20),
          models: eachLike('ST12'),
        }),
      )
      .executeTest(async (server) => {
        const page = await inventory(server.url, signedIn).list({ openRma: true });
        expect(page.items[0]?.openRma?.rmaNumber).toBe('RMA-900001');
      }));

  it('downloads every match as CSV', () =>
    pact
      .addInteraction()
      .given(CASEY_UNITS)
      .uponReceiving('a CSV download of the units out of warranty')
      .withRequest('GET', '/parts-manager/inventory', (req) =>
        req.query({ warranty: 'OUT_OF_WARRANTY', format: 'csv' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(200, (res) =>
        res.headers({
          'Content-Type': regex('^text/csv; charset=utf-8$', 'text/csv; charset=utf-8'),
          'Content-Disposition': regex('^attachment; filename="?inventory\\.csv"?$', 'attachment; filename="inventory.csv"'),
        }),
      )
      .executeTest(async (server) => {
        const csv = await inventory(server.url, signedIn).downloadCsv({ warranty: 'OUT_OF_WARRANTY' });
        expect(csv).toBeDefined();
      }));

  it('refuses a warranty state it does not know', () =>
    pact
      .addInteraction()
      .given(CASEY_UNITS)
      .uponReceiving('a request for the units in an unknown warranty state')
      .withRequest('GET', '/parts-manager/inventory', (req) => req.query({ warranty: 'SOON' }).headers({ Authorization: bearer }))
      .willRespondWith(400, (res) =>
        res.jsonBody({
          error: 'validation',
          message: like('Some fields are invalid.'),
          fields: { warranty: 'Must be one of IN_WARRANTY, OUT_OF_WARRANTY, END_OF_SERVICE' },
        }),
      )
      .executeTest(async (server) => {
        await expect(inventory(server.url, signedIn).list({ warranty: 'SOON' as never })).rejects.toMatchObject({ status: 400 });
      }));

  it('answers 401 without a token', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the inventory without a bearer token')
      .withRequest('GET', '/parts-manager/inventory')
      .willRespondWith(401, (res) => res.jsonBody({ error: like('invalid_token'), message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        await expect(inventory(server.url).list({})).rejects.toMatchObject({ status: 401 });
      }));

  it("reads a unit's profile with its RMAs and parts orders", () =>
    pact
      .addInteraction()
      .given(CASEY_UNITS)
      .uponReceiving("a request for the profile of the caller's registered video unit")
      .withRequest('GET', '/parts-manager/inventory/VT10000007', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          ...vx12,
          rmas: [],
          orders: eachLike({ rmaBatchId: 'PB-900001', createdAt: timestamp('2026-02-01T10:00:00Z'), partNumber: 'VX12-BAT-STD', quantity: integer(1) }),
        }),
      )
      .executeTest(async (server) => {
        const profile = await inventory(server.url, signedIn).profile(' VT10000007 ');
        expect(profile.orders[0]?.rmaBatchId).toBe('PB-900001');
        expect(profile.rmas).toEqual([]);
      }));

  it("reads the RMAs of a unit held through its RMA", () =>
    pact
      .addInteraction()
      .given(CASEY_UNITS)
      .uponReceiving('a request for the profile of the unit the caller sent in')
      .withRequest('GET', '/parts-manager/inventory/RT10000002', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          serial: 'RT10000002',
          model: like('ST12'),
          modelFamily: like('Summit'),
          productType: like('TABLET'),
          warrantyState: 'OUT_OF_WARRANTY',
          warrantyEnd: day('2025-03-31'),
          openRma: { rmaNumber: 'RMA-900001', uid: like('01JPACTRMA0000000000000001'), status: like('RECEIVED') },
          registered: false,
          registeredAt: null,
          sources: ['rma'],
          rmas: eachLike({
            rmaNumber: 'RMA-900001',
            uid: like('01JPACTRMA0000000000000001'),
            type: like('REPAIR'),
            status: like('RECEIVED'),
            createdAt: timestamp('2026-03-02T10:00:00Z'),
          }),
          orders: [],
        }),
      )
      .executeTest(async (server) => {
        const profile = await inventory(server.url, signedIn).profile('RT10000002');
        expect(profile.rmas[0]?.rmaNumber).toBe('RMA-900001');
      }));

  it("answers another customer's unit like an unknown one (404 Serial Not Found)", () =>
    pact
      .addInteraction()
      .given(CASEY_NOT_ADAMS)
      .uponReceiving("a request for the profile of another customer's unit")
      .withRequest('GET', '/parts-manager/inventory/VT10000099', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'rma.unitNotFound', message: 'Serial Not Found' }))
      .executeTest(async (server) => {
        await expect(inventory(server.url, signedIn).profile('VT10000099')).rejects.toMatchObject({ status: 404, message: 'Serial Not Found' });
      }));
});
