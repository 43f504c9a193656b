/**
 * @jest-environment node
 */
// Consumer contract of the depot's parts order shipment (POST /depot/parts-orders/{number}/ship),
// in the same pact as client.pact.test.ts; api/depot/depotpact verifies it with state handlers
// keyed by these state strings, word for word.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn } from '../test/pact';

const { like, regex, integer, eachLike } = MatchersV3;

const pact = pactWith('portal-depot-api');

// Provider states (api/depot/depotpact).
const PAID = 'tariq, a depot technician, is signed in; parts order PB-900005 is paid and waits to ship';
const AWAITING = 'tariq, a depot technician, is signed in; parts order PB-900002 awaits its payment';

const shipment = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };

describe('depot API contract: parts orders', () => {
  it('ships a paid parts order with its carrier and tracking', () =>
    pact
      .addInteraction()
      .given(PAID)
      .uponReceiving('a shipment of paid parts order PB-900005')
      .withRequest('POST', '/depot/parts-orders/PB-900005/ship', (req) => req.headers({ Authorization: bearer }).jsonBody(shipment))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaBatchId: 'PB-900005',
          status: 'SHIPPED',
          carrier: 'UPS',
          trackingNumber: '1Z999AA10123456784',
          shippedAt: regex('^\\d{4}-\\d{2}-\\d{2}T.+$', '2026-03-04T15:30:00Z'),
        }),
      )
      .executeTest(async (server) => {
        const got = await clientAt(server.url, signedIn).depot.shipPartsOrder('PB-900005', shipment);
        expect(got).toMatchObject({ rmaBatchId: 'PB-900005', status: 'SHIPPED', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
      }));

  it('refuses to ship an order awaiting its payment', () =>
    pact
      .addInteraction()
      .given(AWAITING)
      .uponReceiving('a shipment of parts order PB-900002 before it is paid')
      .withRequest('POST', '/depot/parts-orders/PB-900002/ship', (req) => req.headers({ Authorization: bearer }).jsonBody(shipment))
      .willRespondWith(409, (res) => res.jsonBody({ error: 'parts.notPaid', message: like('This order is not paid yet: it ships once its payment is captured.') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).depot.shipPartsOrder('PB-900002', shipment)).rejects.toMatchObject({ status: 409, error: 'parts.notPaid' });
      }));

  it('answers a missing tracking number with its field', () =>
    pact
      .addInteraction()
      .given(PAID)
      .uponReceiving('a shipment of parts order PB-900005 without a tracking number')
      .withRequest('POST', '/depot/parts-orders/PB-900005/ship', (req) => req.headers({ Authorization: bearer }).jsonBody({ carrier: 'UPS', trackingNumber: '' }))
      .willRespondWith(400, (res) => res.jsonBody({ error: 'validation', fields: { trackingNumber: like('Required') } }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).depot.shipPartsOrder('PB-900005', { carrier: 'UPS', trackingNumber: '' })).rejects.toMatchObject({ status: 400 });
      }));

  it('lists the paid parts orders waiting to ship, oldest first', () =>
    pact
      .addInteraction()
      .given(PAID)
      .uponReceiving('a list of the parts orders awaiting shipment')
      .withRequest('GET', '/depot/parts-orders', (req) => req.headers({ Authorization: bearer }).query({ first: '25' }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          items: eachLike({
            rmaBatchId: 'PB-900005',
            kind: 'parts',
            customer: like('Adam Price'),
            company: like(''),
            createdAt: regex('^\\d{4}-\\d{2}-\\d{2}T.+$', '2026-03-02T10:00:00Z'),
            total: { cents: integer(17800), currency: 'USD' },
            shipTo: like('Austin, TX, US'),
            lines: eachLike({ partNumber: like('VX12-BAT-STD'), description: like('VX12 standard battery'), quantity: integer(2) }),
          }),
          next: '',
        }),
      )
      .executeTest(async (server) => {
        const page = await clientAt(server.url, signedIn).depot.partsOrders({ first: 25 });
        expect(page.items[0]).toMatchObject({ rmaBatchId: 'PB-900005', kind: 'parts' });
        expect(page.next).toBe('');
      }));
});
