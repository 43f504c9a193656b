/**
 * @jest-environment node
 */
// Consumer contract of the geography lists behind the address form. Verified against the real
// router by api/geo/geopact (`make test-pact`).
import { MatchersV3 } from '@pact-foundation/pact';
import { clientAt, pactWith } from '../test/pact';

const { eachLike, integer, string, boolean } = MatchersV3;

const pact = pactWith('portal-geo-api');

describe('geography API contract', () => {
  it('lists countries with their codes and GeoNames ids', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the countries')
      .withRequest('GET', '/fn/LocationsAPI/countries')
      .willRespondWith(200, (res) =>
        res.jsonBody(eachLike({ name: string('United States'), countryCode: string('US'), geonameId: integer(6252001) })),
      )
      .executeTest(async (server) => {
        const countries = await clientAt(server.url).locations.countries();
        expect(countries[0]).toEqual({ name: 'United States', countryCode: 'US', geonameId: 6252001 });
      }));

  it('lists the states of the US with the military flag', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the states of the United States')
      .withRequest('GET', '/fn/LocationsAPI/states', (req) => req.query({ geonameId: '6252001' }))
      .willRespondWith(200, (res) =>
        res.jsonBody(eachLike({ name: string('Texas'), stateCode: string('TX'), geonameId: integer(4736286), apo: boolean(false) })),
      )
      .executeTest(async (server) => {
        const states = await clientAt(server.url).locations.states(6252001);
        expect(states[0]).toMatchObject({ stateCode: 'TX', apo: false });
      }));

  it('lists the military cities of a military state', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the military cities of Armed Forces Pacific')
      .withRequest('GET', '/fn/LocationsAPI/cities', (req) => req.query({ geonameId: '-3', apo: 'true' }))
      .willRespondWith(200, (res) => res.jsonBody([{ name: 'APO' }, { name: 'DPO' }, { name: 'FPO' }]))
      .executeTest(async (server) => {
        const cities = await clientAt(server.url).locations.cities(-3, true);
        expect(cities.map((c) => c.name)).toEqual(['APO', 'DPO', 'FPO']);
      }));

  it('answers an unknown geonameId with a field message', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the states of an unknown place')
      .withRequest('GET', '/fn/LocationsAPI/states', (req) => req.query({ geonameId: '999999999' }))
      .willRespondWith(400, (res) => res.jsonBody({ error: 'validation', message: string('Some fields are invalid.'), fields: { geonameId: string('Must be the geonameId of a known country or state') } }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url).locations.states(999999999)).rejects.toMatchObject({ status: 400 });
      }));
});
