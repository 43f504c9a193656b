/**
 * @jest-environment node
 */
// Consumer contract of the info-banner report (GraphQL queryCommonReport), which the host's
// useInfoBanner reads on every page without a token. Verified against the real schema by
// api/portal/portalpact (`make test-pact`), whose support store is seeded as the portal is:
// QUERY_RMA_WARNING holds one warning row.
import { MatchersV3 } from '@pact-foundation/pact';
import { clientAt, pactWith } from '../test/pact';
import { QUERY_COMMON_REPORT_QUERY, RMA_WARNING_REPORT_ID } from './client';

const { eachLike, string, boolean } = MatchersV3;

const pact = pactWith('portal-graphql');

const reportRequest = (reportId: string) => ({ query: QUERY_COMMON_REPORT_QUERY, variables: { reportId } });

describe('GraphQL contract: the info-banner report', () => {
  it('answers the info-banner report as a list of rows, without a token', () =>
    pact
      .addInteraction()
      .uponReceiving('a queryCommonReport query for QUERY_RMA_WARNING')
      .withRequest('POST', '/graphql', (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody(reportRequest(RMA_WARNING_REPORT_ID)),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          data: {
            queryCommonReport: eachLike({ message: string('Repairs may take longer this week.'), isWarning: boolean(true), isPaused: boolean(false) }),
          },
        }),
      )
      .executeTest(async (server) => {
        const rows = await clientAt(server.url).reports.queryCommonReport(RMA_WARNING_REPORT_ID);
        expect(rows.length).toBeGreaterThan(0);
        expect(typeof rows[0]?.message).toBe('string');
      }));

  it('answers a report nobody wrote with no rows, so the banner stays hidden', () =>
    pact
      .addInteraction()
      .uponReceiving('a queryCommonReport query for a report without rows')
      .withRequest('POST', '/graphql', (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody(reportRequest('QUERY_NO_SUCH_REPORT')),
      )
      .willRespondWith(200, (res) => res.jsonBody({ data: { queryCommonReport: [] } }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url).reports.queryCommonReport('QUERY_NO_SUCH_REPORT')).resolves.toEqual([]);
      }));
});
