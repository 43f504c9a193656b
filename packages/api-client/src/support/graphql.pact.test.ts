/**
 * @jest-environment node
 */
// Consumer contract of the GraphQL endpoint: the support-ticket mutation and the caller's tickets
// (the info-banner report's contract is beside its client, in reports/). Verified against the
// real schema by the portal's GraphQL provider test.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn } from '../test/pact';
import { CREATE_SERVICE_SUPPORT_TICKET_MUTATION, MY_SERVICE_SUPPORT_TICKETS_QUERY } from './client';
import type { TicketInput } from './types';

const { eachLike, like, regex, boolean } = MatchersV3;

const pact = pactWith('portal-graphql');

// Provider state (api/portal/portalpact).
const CASEY_TICKET = "casey raised support ticket 'Screen flickers after sleep'";

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

describe('GraphQL contract: support tickets', () => {
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
        const api = clientAt(server.url, signedIn);
        const result = await api.support.createServiceSupportTicket(ticket);
        expect(result.success).toBe(true);
        expect(result.uid).toMatch(/^TCK-/);
      }));

  it("lists the caller's tickets", () =>
    pact
      .addInteraction()
      .given(CASEY_TICKET)
      .uponReceiving('a myServiceSupportTickets query')
      .withRequest('POST', '/graphql', (req) =>
        req
          .headers({ Authorization: bearer, 'Content-Type': 'application/json' })
          .jsonBody({ query: MY_SERVICE_SUPPORT_TICKETS_QUERY, variables: {} }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          data: {
            myServiceSupportTickets: eachLike({
              uid: regex('^TCK-.+$', 'TCK-100001'),
              subject: like('Screen flickers after sleep'),
              caseType: like('Hardware'),
              status: like('open'),
              createdAt: regex('^\\d{4}-\\d{2}-\\d{2}T.+$', '2026-03-02T10:00:00Z'),
            }),
          },
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const tickets = await api.support.myServiceSupportTickets();
        expect(tickets[0]).toMatchObject({ subject: 'Screen flickers after sleep', status: 'open' });
      }));
});
