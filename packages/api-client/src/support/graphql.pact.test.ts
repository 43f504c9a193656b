/**
 * @jest-environment node
 */
// Consumer contract of the GraphQL endpoint: the support-ticket mutation and the info-banner
// report. Verified against the real schema by the portal's GraphQL provider test.
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createApiClient } from '../index';
import type { TokenSource } from '../client';
import { QUERY_COMMON_REPORT_QUERY, RMA_WARNING_REPORT_ID } from '../reports/client';
import { CREATE_SERVICE_SUPPORT_TICKET_MUTATION } from './client';
import type { TicketInput } from './types';

const { eachLike, regex, string, boolean } = MatchersV3;

const pact = new PactV4({
  consumer: 'portal-web',
  provider: 'portal-graphql',
  dir: path.resolve(__dirname, '../../../../pacts'),
  logLevel: 'warn',
});

const signedIn: TokenSource = { getAccessToken: () => 'token-from-the-session', refresh: async () => false, signIn: jest.fn() };
const bearer = regex('^Bearer .+$', 'Bearer token-from-the-session');

const ticket: TicketInput = {
  name: 'Casey Morgan',
  emailAddress: 'casey@example.com',
  phone: '(512)555-0142',
  subject: 'Screen flickers after sleep',
  description: 'The screen flickers for a minute after the unit wakes up.',
  caseType: 'Hardware',
  model: 'RL14',
  serial: 'RT10000001',
};

describe('GraphQL contract: support tickets and reports', () => {
  it('creates a support ticket and answers its uid', () =>
    pact
      .addInteraction()
      .uponReceiving('a createServiceSupportTicket mutation')
      .withRequest('POST', '/graphql', (req) =>
        req
          .headers({ Authorization: bearer, 'Content-Type': 'application/json' })
          .jsonBody({ query: CREATE_SERVICE_SUPPORT_TICKET_MUTATION, variables: { ticketInput: ticket } }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          data: {
            createServiceSupportTicket: { success: true, error: null, uid: regex('^TCK-.+$', 'TCK-100001'), complete: boolean(true) },
          },
        }),
      )
      .executeTest(async (server) => {
        const api = createApiClient({ baseUrl: server.url, tokens: signedIn });
        const result = await api.support.createServiceSupportTicket(ticket);
        expect(result.success).toBe(true);
        expect(result.uid).toMatch(/^TCK-/);
      }));

  it('answers the info-banner report as a list of rows, without a token', () =>
    pact
      .addInteraction()
      .uponReceiving('a queryCommonReport query for QUERY_RMA_WARNING')
      .withRequest('POST', '/graphql', (req) =>
        req
          .headers({ 'Content-Type': 'application/json' })
          .jsonBody({ query: QUERY_COMMON_REPORT_QUERY, variables: { reportId: RMA_WARNING_REPORT_ID } }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          data: {
            queryCommonReport: eachLike({ message: string('Repairs may take longer this week.'), isWarning: boolean(true), isPaused: boolean(false) }),
          },
        }),
      )
      .executeTest(async (server) => {
        const api = createApiClient({ baseUrl: server.url });
        const rows = await api.reports.queryCommonReport(RMA_WARNING_REPORT_ID);
        expect(rows.length).toBeGreaterThan(0);
        expect(typeof rows[0]?.message).toBe('string');
      }));
});
