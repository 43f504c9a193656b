/**
 * @jest-environment node
 */
// Consumer contract of the depot's turnaround for leads (GET /depot/turnaround), as the service
// desk's lead overview reads it, in the same pact as client.pact.test.ts; api/depot/depotpact
// verifies it with state handlers keyed by these state strings, word for word.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn } from '../test/pact';

const { like, regex, eachLike, integer, number } = MatchersV3;

const pact = pactWith('portal-depot-api');

// Provider state (api/depot/depotpact).
const SHIPPED_TWO = 'lena, a depot lead, is signed in; two RL14 repairs on STANDARD warranty shipped back after 3 and 5 days at the depot';

describe('depot API contract: turnaround', () => {
  it('reports p50/p90 days per model and warranty type over the default 90 days', () =>
    pact
      .addInteraction()
      .given(SHIPPED_TWO)
      .uponReceiving("a lead's read of the depot's turnaround")
      .withRequest('GET', '/depot/turnaround', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          since: regex('^\\d{4}-\\d{2}-\\d{2}T.+$', '2026-09-01T10:00:00Z'),
          days: 90,
          overall: { count: 2, p50Days: number(3), p90Days: number(5) },
          byModel: eachLike({ model: 'RL14', count: integer(2), p50Days: number(3), p90Days: number(5) }),
          byWarrantyType: eachLike({ warrantyType: 'STANDARD', count: integer(2), p50Days: number(3), p90Days: number(5) }),
          rows: eachLike({ model: 'RL14', warrantyType: 'STANDARD', count: integer(2), p50Days: number(3), p90Days: number(5) }),
        }),
      )
      .executeTest(async (server) => {
        const got = await clientAt(server.url, signedIn).depot.turnaround();
        expect(got.overall.count).toBe(2);
        expect(got.rows[0]).toMatchObject({ model: 'RL14', warrantyType: 'STANDARD' });
      }));

  it('refuses a window outside 1 to 730 days by field', () =>
    pact
      .addInteraction()
      .given(SHIPPED_TWO)
      .uponReceiving("a lead's read of the turnaround over 0 days")
      .withRequest('GET', '/depot/turnaround', (req) => req.headers({ Authorization: bearer }).query({ days: '0' }))
      .willRespondWith(400, (res) => res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { days: 'Must be 1 to 730' } }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).depot.turnaround(0)).rejects.toMatchObject({ status: 400, fields: { days: 'Must be 1 to 730' } });
      }));
});
