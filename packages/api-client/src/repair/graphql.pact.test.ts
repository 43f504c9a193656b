/**
 * @jest-environment node
 */
// Consumer contract of the GraphQL endpoint: the repair options of a unit. Verified against the
// real schema by api/portal/portalpact (`make test-pact`).
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn } from '../test/pact';
import { REPAIR_FORM_SELECTIONS_QUERY } from './client';

const { eachLike, string, integer, like } = MatchersV3;

const pact = pactWith('portal-graphql');

describe('GraphQL contract', () => {
  it('lists the faults and problems of a unit with prices and tips', () =>
    pact
      .addInteraction()
      .given('unit RT10000001 is in warranty')
      .uponReceiving('a repairFormSelections query for RT10000001')
      .withRequest('POST', '/graphql', (req) =>
        req.headers({ Authorization: bearer, 'Content-Type': 'application/json' }).jsonBody({
          query: REPAIR_FORM_SELECTIONS_QUERY,
          variables: { pn: 'RL14-G2-16', model: 'RL14', rmaType: 'REPAIR', serial: 'RT10000001' },
        }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          data: {
            repairFormSelections: eachLike({
              name: string('Display'),
              options: eachLike({
                name: string('Cracked or broken screen'),
                price: { cents: integer(28900), currency: 'USD' },
                tip: string('Note where the impact happened.'),
              }),
            }),
          },
        }),
      )
      .executeTest(async (server) => {
        const faults = await clientAt(server.url, signedIn).repair.repairFormSelections({ pn: 'RL14-G2-16', model: 'RL14', rmaType: 'REPAIR', serial: 'RT10000001' });
        expect(faults[0]?.options[0]?.price).toEqual({ cents: 28900, currency: 'USD' });
      }));

  it('lists the upgrades of a unit by category, with prices and what each adds', () =>
    pact
      .addInteraction()
      .given('unit RT10000001 is in warranty')
      .uponReceiving('a repairFormSelections query for the upgrades of RT10000001')
      .withRequest('POST', '/graphql', (req) =>
        req.headers({ Authorization: bearer, 'Content-Type': 'application/json' }).jsonBody({
          query: REPAIR_FORM_SELECTIONS_QUERY,
          variables: { pn: 'RL14-G2-16', model: 'RL14', rmaType: 'UPGRADE', serial: 'RT10000001' },
        }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          data: {
            repairFormSelections: eachLike({
              name: string('Memory'),
              options: eachLike({
                name: string('16 GB to 32 GB DDR4'),
                price: { cents: integer(24900), currency: 'USD' },
                tip: string('Doubles the memory.'),
              }),
            }),
          },
        }),
      )
      .executeTest(async (server) => {
        const categories = await clientAt(server.url, signedIn).repair.repairFormSelections({ pn: 'RL14-G2-16', model: 'RL14', rmaType: 'UPGRADE', serial: 'RT10000001' });
        expect(categories[0]?.options[0]?.price).toEqual({ cents: 24900, currency: 'USD' });
      }));

  it('answers an unknown serial with a NOT_FOUND error', () =>
    pact
      .addInteraction()
      .given('no unit has serial ZZ99999999')
      .uponReceiving('a repairFormSelections query for an unknown serial')
      .withRequest('POST', '/graphql', (req) =>
        req.headers({ Authorization: bearer, 'Content-Type': 'application/json' }).jsonBody({
          query: REPAIR_FORM_SELECTIONS_QUERY,
          variables: { pn: '', model: '', rmaType: 'REPAIR', serial: 'ZZ99999999' },
        }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          errors: eachLike({ message: like('Serial Not Found'), extensions: { code: 'NOT_FOUND' } }),
          data: null,
        }),
      )
      .executeTest(async (server) => {
        await expect(
          clientAt(server.url, signedIn).repair.repairFormSelections({ pn: '', model: '', rmaType: 'REPAIR', serial: 'ZZ99999999' }),
        ).rejects.toBeTruthy();
      }));
});
