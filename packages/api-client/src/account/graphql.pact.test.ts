/**
 * @jest-environment node
 */
// Consumer contract of the GraphQL endpoint for the account pages: the RMA history and the quotes
// connections (keyset paging). Verified against the real schema by api/portal/portalpact
// (`make test-pact`) with state handlers keyed by these state strings.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn, timestamp } from '../test/pact';
import { PARTS_ORDER_BATCH_CONNECTION_QUERY, RMAS_CONNECTION_QUERY, SAVED_QUOTE_CONNECTION_QUERY } from './client';

const { eachLike, like, regex, integer, boolean } = MatchersV3;

const pact = pactWith('portal-graphql');

const CASEY_RMA =
  'casey is signed in and has repair RMA RMA-900001 with uid 01JPACTRMA0000000000000001 for RT10000001, received on 2026-03-02, its label still valid';
const CASEY_PARTS_ORDERS = 'casey is signed in and has parts order PB-900010 of 2 x VX12-BAT-STD, placed on 2026-03-02 and paid by PayPal';
const CASEY_QUOTES = 'casey has a saved quote QT-PACTSAVED1 for RT10000002 and an open service quote QT-PACTSERVICE1 with reference pactreference';

const pageInfo = {
  hasNextPage: boolean(false),
  hasPreviousPage: boolean(false),
  startCursor: like('cursor-1'),
  endCursor: like('cursor-1'),
};

describe('GraphQL contract: account connections', () => {
  it("pages the caller's RMAs found by the filter", () =>
    pact
      .addInteraction()
      .given(CASEY_RMA)
      .uponReceiving('an RMAsConnection query for the first page filtered by RMA number')
      .withRequest('POST', '/graphql', (req) =>
        req.headers({ Authorization: bearer, 'Content-Type': 'application/json' }).jsonBody({
          query: RMAS_CONNECTION_QUERY,
          variables: { search: { text: 'RMA-900001', years: [2026] }, sort: { field: 'CREATED_AT', desc: true }, first: 25 },
        }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          data: {
            RMAsConnection: {
              totalCount: integer(1),
              pageInfo,
              edges: eachLike({
                cursor: like('cursor-1'),
                node: {
                  uid: like('01JPACTRMA0000000000000001'),
                  rmaNumber: like('RMA-900001'),
                  rmaType: like('REPAIR'),
                  status: like('RECEIVED'),
                  serial: like('RT10000001'),
                  model: like('RL14'),
                  problem: like('Cracked or broken screen'),
                  customerReference: like('PO-7781'),
                  assetTag: like('AT-1'),
                  openedBy: like('Casey Morgan'),
                  mine: boolean(true),
                  // Opened on its own, not in a fleet batch.
                  batchId: null,
                  createdAt: timestamp('2026-03-02T10:00:00Z'),
                  updatedAt: timestamp('2026-03-05T10:00:00Z'),
                },
              }),
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const page = await clientAt(server.url, signedIn).account.rmasConnection(
          { text: 'RMA-900001', years: [2026] },
          { field: 'CREATED_AT', desc: true },
          { first: 25 },
        );
        expect(page.edges[0]?.node.rmaNumber).toBe('RMA-900001');
      }));

  it('lists saved quotes and service quotes waiting for payment', () =>
    pact
      .addInteraction()
      .given(CASEY_QUOTES)
      .uponReceiving('a savedQuoteConnection query for saved quotes')
      .withRequest('POST', '/graphql', (req) =>
        req.headers({ Authorization: bearer, 'Content-Type': 'application/json' }).jsonBody({
          query: SAVED_QUOTE_CONNECTION_QUERY,
          variables: { search: { kinds: ['SAVED'] }, sort: { field: 'EXPIRES_AT', desc: false }, first: 10 },
        }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          data: {
            savedQuoteConnection: {
              totalCount: integer(1),
              pageInfo,
              edges: eachLike({
                cursor: like('cursor-1'),
                node: {
                  uid: like('QT-PACTSAVED1'),
                  kind: 'SAVED',
                  status: like('open'),
                  serial: like('RT10000002'),
                  model: like('RL14'),
                  rmaNumber: null,
                  amount: { cents: integer(28900), currency: like('USD') },
                  createdAt: timestamp('2026-03-02T10:00:00Z'),
                  expiresAt: timestamp('2026-04-01T10:00:00Z'),
                  mine: boolean(true),
                  payLink: null,
                  quoteData: regex('^\\{.*"externalResource".*\\}$', '{"externalResource":{"serial":"RT10000002"},"total":{"cents":28900,"currency":"USD"}}'),
                  // Casey's unit has no open RMA: the quote may be opened.
                  unitBlock: null,
                },
              }),
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const page = await clientAt(server.url, signedIn).account.quotesConnection({ kinds: ['SAVED'] }, { field: 'EXPIRES_AT', desc: false }, { first: 10 });
        expect(page.edges[0]?.node.quoteData?.externalResource.serial).toBe('RT10000002');
        expect(page.edges[0]?.node.unitBlock).toBeNull();
      }));

  it('lists service quotes with their pay-quote link', () =>
    pact
      .addInteraction()
      .given(CASEY_QUOTES)
      .uponReceiving('a savedQuoteConnection query for service quotes')
      .withRequest('POST', '/graphql', (req) =>
        req.headers({ Authorization: bearer, 'Content-Type': 'application/json' }).jsonBody({
          query: SAVED_QUOTE_CONNECTION_QUERY,
          variables: { search: { kinds: ['SERVICE'] }, sort: { field: 'EXPIRES_AT', desc: false }, first: 10 },
        }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          data: {
            savedQuoteConnection: {
              totalCount: integer(1),
              pageInfo,
              edges: eachLike({
                cursor: like('cursor-1'),
                node: {
                  uid: like('QT-PACTSERVICE1'),
                  kind: 'SERVICE',
                  status: like('open'),
                  serial: like('RT10000001'),
                  model: like('RL14'),
                  rmaNumber: like('RMA-100501'),
                  amount: { cents: integer(12500), currency: like('USD') },
                  createdAt: timestamp('2026-03-02T10:00:00Z'),
                  expiresAt: timestamp('2026-04-01T10:00:00Z'),
                  mine: boolean(true),
                  payLink: regex('^/pay-quote/.+/.+$', '/pay-quote/QT-PACTSERVICE1/pactreference'),
                  quoteData: like('{}'),
                  // A service quote's RMA exists: it is paid, never opened into a new one.
                  unitBlock: null,
                },
              }),
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const page = await clientAt(server.url, signedIn).account.quotesConnection({ kinds: ['SERVICE'] }, { field: 'EXPIRES_AT', desc: false }, { first: 10 });
        expect(page.edges[0]?.node.payLink).toMatch(/^\/pay-quote\//);
      }));

  it("pages the caller's parts orders found by the search", () =>
    pact
      .addInteraction()
      .given(CASEY_PARTS_ORDERS)
      .uponReceiving('a partsOrderBatchConnection query for the first page found by rmaBatchId')
      .withRequest('POST', '/graphql', (req) =>
        req.headers({ Authorization: bearer, 'Content-Type': 'application/json' }).jsonBody({
          query: PARTS_ORDER_BATCH_CONNECTION_QUERY,
          variables: { search: 'PB-900010', statuses: ['PLACED'], sort: { field: 'CREATED_AT', desc: true }, first: 25 },
        }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          data: {
            partsOrderBatchConnection: {
              totalCount: integer(1),
              pageInfo,
              edges: eachLike({
                cursor: like('cursor-1'),
                node: {
                  rmaBatchId: 'PB-900010',
                  kind: like('parts'),
                  status: 'PLACED',
                  createdAt: timestamp('2026-03-02T10:00:00Z'),
                  total: { cents: integer(17800), currency: like('USD') },
                  paymentMethod: like('PayPal'),
                  customerPO: like(''),
                  itemCount: integer(2),
                  mine: boolean(true),
                  orderedByName: like('Casey Morgan'),
                  lines: eachLike({
                    partNumber: like('VX12-BAT-STD'),
                    description: like('VX12 standard battery'),
                    quantity: integer(2),
                    unitPrice: { cents: integer(8900), currency: like('USD') },
                    lineTotal: { cents: integer(17800), currency: like('USD') },
                    model: like(''),
                    serials: [],
                  }),
                },
              }),
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const page = await clientAt(server.url, signedIn).account.partsOrdersConnection(
          { text: 'PB-900010', statuses: ['PLACED'] },
          { field: 'CREATED_AT', desc: true },
          { first: 25 },
        );
        expect(page.edges[0]?.node.rmaBatchId).toBe('PB-900010');
        expect(page.edges[0]?.node.lines[0]?.quantity).toBe(2);
      }));
});
