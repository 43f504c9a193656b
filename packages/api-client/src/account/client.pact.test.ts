/**
 * @jest-environment node
 */
// Consumer contract of the account service's reads for the your-account pages (process
// `account`): the history CSV, an RMA's details and repair summary, the dashboard and its event
// stream. The provider verification (api/account) keys its state handlers by these state strings,
// word for word, and signs the bearer token as the user the state names.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn, timestamp } from '../test/pact';

const { like, regex, eachLike, integer, number } = MatchersV3;

const pact = pactWith('account');

const month = (example: string) => regex('^\\d{4}-\\d{2}$', example);

// Provider states (api/account verification).
const CASEY_RMA =
  'casey is signed in and has repair RMA RMA-900001 with uid 01JPACTRMA0000000000000001 for RT10000001, received on 2026-03-02, its label still valid';
const CASEY_REPAIRED =
  'casey is signed in and her repair RMA RMA-900002 for RT10000001 was repaired (display replaced) and shipped back';
const CASEY_DASHBOARD = 'casey is signed in and has RMAs in several statuses';
const CASEY = 'casey is signed in, in no organization';
const DIEGO_BATCH_RMA =
  "diego of FleetCo is signed in and olivia's RMA RMA-900004 with uid 01JPACTRMA0000000000000004 for RT10001003 was created in batch BT-PACT0001 and ships in its box 2, tracking RF0000000002";

const PACT_UID = '01JPACTRMA0000000000000001';

describe('account service contract: RMA history', () => {
  it('downloads the filtered history as CSV', () =>
    pact
      .addInteraction()
      .given(CASEY_RMA)
      .uponReceiving('a CSV download of the history filtered by RMA number, year and month')
      .withRequest('GET', '/rma-manager/rma/history', (req) =>
        req
          .query({
            sortBy: 'createdAt',
            sortDesc: 'true',
            filterText: 'RMA-900001',
            year: '2026',
            month: '3',
            isDownload: 'true',
          })
          .headers({ Authorization: bearer }),
      )
      .willRespondWith(200, (res) =>
        res.headers({
          'Content-Type': regex('^text/csv; charset=utf-8$', 'text/csv; charset=utf-8'),
          'Content-Disposition': regex('^attachment; filename="?rma-history\\.csv"?$', 'attachment; filename="rma-history.csv"'),
        }),
      )
      .executeTest(async (server) => {
        const csv = await clientAt(server.url, signedIn).account.downloadHistoryCsv({
          search: { text: 'RMA-900001', years: [2026], months: [3] },
          sort: { field: 'CREATED_AT', desc: true },
        });
        expect(csv).toBeDefined();
      }));

  it("reads an RMA's details with its timeline and label", () =>
    pact
      .addInteraction()
      .given(CASEY_RMA)
      .uponReceiving("a request for the details of the caller's RMA")
      .withRequest('GET', '/rma-manager/rma/details', (req) => req.query({ uid: PACT_UID }).headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          uid: PACT_UID,
          rmaNumber: 'RMA-900001',
          rmaType: 'REPAIR',
          status: like('RECEIVED'),
          mine: true,
          openedBy: like('Casey Morgan'),
          serial: 'RT10000001',
          model: like('RL14'),
          partNumber: like('RL14-G2-16'),
          problem: {
            primaryFault: like('Display'),
            problem: like('Cracked or broken screen'),
            initialNotes: like('Dropped on the site'),
            customerReference: like('PO-7781'),
            assetTag: like('AT-1'),
          },
          contact: like({
            firstName: 'Casey',
            lastName: 'Morgan',
            email: 'casey@example.com',
            phone: '5125550142',
            phoneCountryCode: 'US',
            company: 'Morgan Field Services',
            position: 'Technician',
          }),
          address: like({ line1: '100 Congress Ave', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' }),
          shippingMethod: like('FEDEX_GROUND'),
          trackingNumber: like('794600000001'),
          returnTrackingNumber: like(''),
          label: regex('^/shipping/.+', '/shipping/label?rmaNumber=RMA-900001'),
          commercialInvoice: like('/shipping/commercial-invoice?rmaNumber=RMA-900001'),
          labelExpiresAt: timestamp('2026-04-01T10:00:00Z'),
          promisedShipDate: regex('^\\d{4}-\\d{2}-\\d{2}$', '2026-03-19'),
          // Opened on its own, not in a fleet batch.
          batchId: null,
          batchBox: null,
          createdAt: timestamp('2026-03-02T10:00:00Z'),
          updatedAt: timestamp('2026-03-05T10:00:00Z'),
          timeline: eachLike({
            at: timestamp('2026-03-02T10:00:00Z'),
            status: like('AWAITING_UNIT'),
            kind: like('status'),
            actor: like('You'),
            note: like(''),
          }),
        }),
      )
      .executeTest(async (server) => {
        const details = await clientAt(server.url, signedIn).account.details(PACT_UID);
        expect(details.rmaNumber).toBe('RMA-900001');
        expect(details.timeline.length).toBeGreaterThan(0);
        expect(details.label).toMatch(/^\/shipping\//);
        expect(details.promisedShipDate).toBe('2026-03-19');
      }));

  it("reads the details of an organization's RMA created in a fleet batch, with its batch and box", () =>
    pact
      .addInteraction()
      .given(DIEGO_BATCH_RMA)
      .uponReceiving("a request for the details of a colleague's RMA created in a batch")
      .withRequest('GET', '/rma-manager/rma/details', (req) =>
        req.query({ uid: '01JPACTRMA0000000000000004' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          uid: '01JPACTRMA0000000000000004',
          rmaNumber: 'RMA-900004',
          rmaType: 'REPAIR',
          status: like('AWAITING_UNIT'),
          mine: false,
          openedBy: like('Olivia Reyes'),
          serial: 'RT10001003',
          shippingMethod: 'batch',
          trackingNumber: like('RF0000000002'),
          label: null,
          batchId: regex('^BT-[0-9A-Z]{8}$', 'BT-PACT0001'),
          batchBox: integer(2),
          timeline: eachLike({
            at: timestamp('2026-03-02T10:00:00Z'),
            status: like('AWAITING_UNIT'),
            kind: like('created'),
            actor: like('Olivia Reyes'),
            note: like('Created in batch BT-PACT0001'),
          }),
        }),
      )
      .executeTest(async (server) => {
        const details = await clientAt(server.url, signedIn).account.details('01JPACTRMA0000000000000004');
        expect(details.batchId).toBe('BT-PACT0001');
        expect(details.batchBox).toBe(2);
      }));

  it('answers an RMA the caller may not see like one that does not exist', () =>
    pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a request for the details of an unknown RMA')
      .withRequest('GET', '/rma-manager/rma/details', (req) => req.query({ uid: '01JPACTUNKNOWN000000000000' }).headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'rma.notFound', message: like('RMA not found') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).account.details('01JPACTUNKNOWN000000000000')).rejects.toMatchObject({ status: 404, error: 'rma.notFound' });
      }));

  it('reads the repair summary of a repaired RMA', () =>
    pact
      .addInteraction()
      .given(CASEY_REPAIRED)
      .uponReceiving('a request for the repair summary of a repaired RMA')
      .withRequest('GET', '/rma-manager/rma/repair-summary', (req) => req.query({ rmaNumber: 'RMA-900002' }).headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: 'RMA-900002',
          serial: 'RT10000001',
          model: like('RL14'),
          rmaType: 'REPAIR',
          status: like('SHIPPED_BACK'),
          primaryFault: like('Display'),
          problem: like('Cracked or broken screen'),
          receivedAt: timestamp('2026-03-03T10:00:00Z'),
          shippedAt: timestamp('2026-03-09T10:00:00Z'),
          returnTrackingNumber: like('794600000099'),
          work: eachLike({
            at: timestamp('2026-03-06T10:00:00Z'),
            status: like('REPAIRING'),
            partsReplaced: like('Display assembly'),
            workPerformed: like('Replaced the display'),
            technicianNotes: like('Passed burn-in'),
          }),
        }),
      )
      .executeTest(async (server) => {
        const summary = await clientAt(server.url, signedIn).account.repairSummary('RMA-900002');
        expect(summary.work[0]?.partsReplaced).toBeTruthy();
      }));

  it('prints the repair summary as a PDF', () =>
    pact
      .addInteraction()
      .given(CASEY_REPAIRED)
      .uponReceiving('a request for the repair summary of a repaired RMA as a PDF')
      .withRequest('GET', '/rma-manager/rma/repair-summary', (req) =>
        req.query({ rmaNumber: 'RMA-900002', format: 'pdf' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(200, (res) =>
        res.headers({
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex('^attachment; filename="?repair-summary-RMA-900002\\.pdf"?$', 'attachment; filename="repair-summary-RMA-900002.pdf"'),
        }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).account.repairSummaryPdf('RMA-900002')).resolves.toBeDefined();
      }));

  it('answers the repair summary of an unknown RMA with 404', () =>
    pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a request for the repair summary of an unknown RMA')
      .withRequest('GET', '/rma-manager/rma/repair-summary', (req) => req.query({ rmaNumber: 'RMA-999999999' }).headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'rma.notFound', message: like('RMA not found') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).account.repairSummary('RMA-999999999')).rejects.toMatchObject({ status: 404 });
      }));
});

describe('account service contract: dashboard', () => {
  it("sums up the caller's service", () =>
    pact
      .addInteraction()
      .given(CASEY_DASHBOARD)
      .uponReceiving('a request for the dashboard summary')
      .withRequest('GET', '/gss-dashboard/summary', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmasByStatus: eachLike({ status: like('RECEIVED'), count: integer(3) }),
          rmasByMonth: eachLike({ month: month('2026-03'), repair: integer(2), recycle: integer(1) }),
          turnaround: {
            closed: integer(4),
            averageDays: number(6.5),
            medianDays: number(6),
            byMonth: eachLike({ month: month('2026-03'), averageDays: number(6.5) }),
          },
          unitsByWarranty: { inWarranty: integer(2), outOfWarranty: integer(1), endOfService: integer(0) },
          spend: {
            total: { cents: integer(28900), currency: like('USD') },
            byMonth: eachLike({ month: month('2026-03'), amount: { cents: integer(28900), currency: like('USD') } }),
          },
          openRmas: integer(5),
        }),
      )
      .executeTest(async (server) => {
        const summary = await clientAt(server.url, signedIn).account.dashboard();
        expect(summary.openRmas).toBeGreaterThanOrEqual(0);
        expect(summary.spend.total.currency).toBe('USD');
      }));

  it('answers 401 without a token', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the dashboard summary without a bearer token')
      .withRequest('GET', '/gss-dashboard/summary')
      .willRespondWith(401, (res) => res.jsonBody({ error: like('invalid_token'), message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url).account.dashboard()).rejects.toMatchObject({ status: 401 });
      }));

  it('opens the event stream with the bearer token', () =>
    pact
      .addInteraction()
      .given(CASEY_DASHBOARD)
      .uponReceiving('a request for the dashboard event stream')
      .withRequest('GET', '/gss-dashboard/stream-app', (req) =>
        req.query({ id: like('dashboard-1') }).headers({ Authorization: bearer, Accept: 'text/event-stream' }),
      )
      // Only the status and type are the contract: the body is an endless stream the provider
      // verification cuts short (its state closes the stream after the first ping).
      .willRespondWith(200, (res) => res.headers({ 'Content-Type': 'text/event-stream' }))
      .executeTest(async (server) => {
        const controller = new AbortController();
        const opened = jest.fn(() => controller.abort());
        await clientAt(server.url, signedIn).account.followDashboard('dashboard-1', { signal: controller.signal, onStatus: jest.fn(), onOpen: opened });
        expect(opened).toHaveBeenCalledWith(false);
      }));
});

