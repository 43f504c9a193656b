/**
 * @jest-environment node
 */
// Consumer contract of the shipping API: drop-off offices near an address and the documents of an
// RMA. Verified against the real router by api/shipping/shippingpact (`make test-pact`).
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn } from '../test/pact';
import type { OfficeQuery } from './types';

const { eachLike, string, number, like } = MatchersV3;

const pact = pactWith('portal-shipping-api');

const austin: OfficeQuery = {
  firstName: 'Casey',
  lastName: 'Morgan',
  line1: '2100 Riverside Dr',
  line2: '',
  city: 'Austin',
  state: 'TX',
  postalCode: '78741',
  country: 'US',
};

describe('shipping API contract', () => {
  it('lists drop-off offices nearest first', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for drop-off offices near an Austin address')
      .withRequest('GET', '/shipping/offices', (req) => req.query({ ...austin }).headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          eachLike({
            id: string('RFD-0328'),
            name: string('Rugged Freight Drop-off — Austin Sunset Blvd'),
            line1: string('1200 Sunset Blvd'),
            city: string('Austin'),
            state: string('TX'),
            postalCode: string('78701'),
            country: 'US',
            distanceMiles: number(0.2),
            hours: string('Daily 7:00 AM-10:00 PM'),
            lat: number(30.27),
            lng: number(-97.74),
          }),
        ),
      )
      .executeTest(async (server) => {
        const offices = await clientAt(server.url, signedIn).shipping.offices(austin);
        expect(offices[0]).toMatchObject({ country: 'US', state: 'TX' });
      }));

  it('asks for the postal code it needs', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for drop-off offices without a postal code')
      .withRequest('GET', '/shipping/offices', (req) => req.query({ ...austin, postalCode: '' }).headers({ Authorization: bearer }))
      .willRespondWith(400, (res) => res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { postalCode: 'Required' } }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).shipping.offices({ ...austin, postalCode: '' })).rejects.toMatchObject({ status: 400 });
      }));

  it("answers a document that is not the customer's as not found", () =>
    pact
      .addInteraction()
      .uponReceiving('a request for a shipping document that does not exist')
      .withRequest('GET', '/shipping/documents/0123456789abcdef0123456789abcdef', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'shipping.documentNotFound', message: like('Document not found') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).shipping.document('/shipping/documents/0123456789abcdef0123456789abcdef')).rejects.toMatchObject({
          status: 404,
        });
      }));
});
