/**
 * @jest-environment node
 */
// Consumer contract of the depot staff's API (/depot, process `depot`): receive, the queue, the
// backlog and the audit, as the service desk calls them. The pact file lands in <repo>/pacts;
// api/depot/depotpact verifies it against the real router with state handlers keyed by these
// state strings, word for word, signing the bearer token as the user the state names.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn, timestamp } from '../test/pact';

const { like, regex, integer, eachLike, boolean } = MatchersV3;

const pact = pactWith('portal-depot-api');

// Provider states (api/depot/depotpact).
const TARIQ = 'tariq, a depot technician, is signed in; RMA-100501 of unit RT10000001 awaits its unit and his photo depot/pact-photo.jpg is uploaded';
const LENA = 'lena, a depot lead, is signed in; RMA-100501 was received by tariq, who had first scanned unit RT99999999 for it';
const CASEY = 'casey, a customer, is signed in';
const NOBODY = 'nobody is signed in';

describe('depot API contract: receive', () => {
  it('receives the unit whose serial matches, with a condition photo', () =>
    pact
      .addInteraction()
      .given(TARIQ)
      .uponReceiving('a receipt of RMA-100501 with its serial and a photo')
      .withRequest('POST', '/depot/rmas/RMA-100501/receive', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ serial: 'RT10000001', photos: ['depot/pact-photo.jpg'], notes: 'Case intact' }),
      )
      .willRespondWith(200, (res) => res.jsonBody({ rmaNumber: 'RMA-100501', status: 'RECEIVED' }))
      .executeTest(async (server) => {
        const got = await clientAt(server.url, signedIn).depot.receive('RMA-100501', {
          serial: 'RT10000001',
          photos: ['depot/pact-photo.jpg'],
          notes: 'Case intact',
        });
        expect(got).toEqual({ rmaNumber: 'RMA-100501', status: 'RECEIVED' });
      }));

  it('refuses another serial: the unit is flagged, not received', () =>
    pact
      .addInteraction()
      .given(TARIQ)
      .uponReceiving('a receipt of RMA-100501 with another serial')
      .withRequest('POST', '/depot/rmas/RMA-100501/receive', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ serial: 'RT99999999', photos: ['depot/pact-photo.jpg'] }),
      )
      .willRespondWith(409, (res) => res.jsonBody({ error: 'depot.serialMismatch', message: like('The scanned serial is not this RMA’s unit.') }))
      .executeTest(async (server) => {
        await expect(
          clientAt(server.url, signedIn).depot.receive('RMA-100501', { serial: 'RT99999999', photos: ['depot/pact-photo.jpg'] }),
        ).rejects.toMatchObject({ status: 409, error: 'depot.serialMismatch' });
      }));

  it('refuses a receipt without a photo by its field', () =>
    pact
      .addInteraction()
      .given(TARIQ)
      .uponReceiving('a receipt of RMA-100501 without a photo')
      .withRequest('POST', '/depot/rmas/RMA-100501/receive', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ serial: 'RT10000001', photos: [] }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { photos: "Add at least one photo of the unit's condition" } }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).depot.receive('RMA-100501', { serial: 'RT10000001', photos: [] })).rejects.toMatchObject({
          status: 400,
          fields: { photos: "Add at least one photo of the unit's condition" },
        });
      }));

  it('answers an unknown RMA number with 404', () =>
    pact
      .addInteraction()
      .given(TARIQ)
      .uponReceiving('a receipt of an unknown RMA number')
      .withRequest('POST', '/depot/rmas/RMA-999999/receive', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ serial: 'RT10000001', photos: ['depot/pact-photo.jpg'] }),
      )
      .willRespondWith(404, (res) => res.jsonBody({ error: 'rma.notFound', message: like('RMA not found') }))
      .executeTest(async (server) => {
        await expect(
          clientAt(server.url, signedIn).depot.receive('RMA-999999', { serial: 'RT10000001', photos: ['depot/pact-photo.jpg'] }),
        ).rejects.toMatchObject({ status: 404 });
      }));

  it('refuses a customer', () =>
    pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a receipt by a customer')
      .withRequest('POST', '/depot/rmas/RMA-100501/receive', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ serial: 'RT10000001', photos: ['depot/pact-photo.jpg'] }),
      )
      .willRespondWith(403, (res) => res.jsonBody({ error: 'auth.forbidden', message: like('You do not have permission to do this.') }))
      .executeTest(async (server) => {
        await expect(
          clientAt(server.url, signedIn).depot.receive('RMA-100501', { serial: 'RT10000001', photos: ['depot/pact-photo.jpg'] }),
        ).rejects.toMatchObject({ status: 403 });
      }));
});

describe('depot API contract: repair', () => {
  const work = {
    partsReplaced: 'Display RL14-LCD',
    workPerformed: 'Replaced the display',
    technicianNotes: '',
    qa: [{ check: 'Powers on', passed: true }],
  };

  it('records covered work on a received unit', () =>
    pact
      .addInteraction()
      .given(LENA)
      .uponReceiving('a repair of received RMA-100501 with its QA checklist')
      .withRequest('POST', '/depot/rmas/RMA-100501/repair', (req) => req.headers({ Authorization: bearer }).jsonBody(work))
      .willRespondWith(200, (res) => res.jsonBody({ rmaNumber: 'RMA-100501', status: 'REPAIRING' }))
      .executeTest(async (server) => {
        const got = await clientAt(server.url, signedIn).depot.repair('RMA-100501', work);
        expect(got).toEqual({ rmaNumber: 'RMA-100501', status: 'REPAIRING' });
      }));

  it('refuses a repair of a unit not yet received', () =>
    pact
      .addInteraction()
      .given(TARIQ)
      .uponReceiving('a repair of RMA-100501 before its unit arrived')
      .withRequest('POST', '/depot/rmas/RMA-100501/repair', (req) => req.headers({ Authorization: bearer }).jsonBody(work))
      .willRespondWith(409, (res) => res.jsonBody({ error: 'depot.notRepairable', message: like("This RMA's unit is not at the depot awaiting repair.") }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).depot.repair('RMA-100501', work)).rejects.toMatchObject({ status: 409, error: 'depot.notRepairable' });
      }));
});

describe('depot API contract: queue, backlog, audit', () => {
  it('finds an RMA by the scanned serial', () =>
    pact
      .addInteraction()
      .given(TARIQ)
      .uponReceiving('a queue search by serial')
      .withRequest('GET', '/depot/queue', (req) => req.headers({ Authorization: bearer }).query({ q: 'rt10000001' }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          items: eachLike({
            rmaNumber: 'RMA-100501',
            serial: 'RT10000001',
            model: like('RL14'),
            rmaType: like('REPAIR'),
            status: 'AWAITING_UNIT',
            warrantyType: like('STANDARD'),
            customer: like('Casey Morgan'),
            createdAt: timestamp('2026-03-01T09:00:00Z'),
            receivedAt: null,
            ageSince: timestamp('2026-03-01T09:00:00Z'),
            promisedShipDate: null,
            breached: boolean(false),
          }),
          next: '',
        }),
      )
      .executeTest(async (server) => {
        const page = await clientAt(server.url, signedIn).depot.queue({ q: 'rt10000001' });
        expect(page.items[0]).toMatchObject({ rmaNumber: 'RMA-100501', status: 'AWAITING_UNIT', receivedAt: null });
        expect(page.next).toBe('');
      }));

  it('refuses the queue to an anonymous caller', () =>
    pact
      .addInteraction()
      .given(NOBODY)
      .uponReceiving('a queue request without a token')
      .withRequest('GET', '/depot/queue')
      .willRespondWith(401, (res) => res.jsonBody({ error: 'invalid_token', message: like('Your session has expired or is not valid. Please sign in again.') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url).depot.queue()).rejects.toMatchObject({ status: 401 });
      }));

  it('counts the backlog per status for a lead', () =>
    pact
      .addInteraction()
      .given(LENA)
      .uponReceiving('a backlog request by a lead')
      .withRequest('GET', '/depot/backlog', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          statuses: eachLike({ status: like('RECEIVED'), count: integer(1), oldestCreatedAt: timestamp('2026-03-01T09:00:00Z'), breached: integer(0) }),
        }),
      )
      .executeTest(async (server) => {
        const backlog = await clientAt(server.url, signedIn).depot.backlog();
        expect(backlog[0]?.count).toBeGreaterThan(0);
      }));

  it('lists the flagged units for a lead', () =>
    pact
      .addInteraction()
      .given(LENA)
      .uponReceiving('a flags request by a lead')
      .withRequest('GET', '/depot/flags', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          items: eachLike({
            kind: regex('^(SERIAL_MISMATCH|UNIT_WITHOUT_RMA)$', 'SERIAL_MISMATCH'),
            rmaNumber: 'RMA-100501',
            serial: 'RT99999999',
            expectedSerial: like('RT10000001'),
            detail: like(''),
            actor: like('usr_tariq'),
            at: timestamp('2026-03-02T09:00:00Z'),
          }),
        }),
      )
      .executeTest(async (server) => {
        const flags = await clientAt(server.url, signedIn).depot.flags();
        expect(flags[0]).toMatchObject({ kind: 'SERIAL_MISMATCH', serial: 'RT99999999' });
      }));

  it('reads the audit, newest first, for a lead', () =>
    pact
      .addInteraction()
      .given(LENA)
      .uponReceiving('an audit request by a lead')
      .withRequest('GET', '/depot/audit', (req) => req.headers({ Authorization: bearer }).query({ first: '20' }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          items: eachLike({
            id: integer(1),
            at: timestamp('2026-03-02T10:00:00Z'),
            actor: like('usr_tariq'),
            actorEmail: like('tariq@rugged.example'),
            action: 'receive',
            rmaNumber: 'RMA-100501',
            orderNumber: '',
            from: 'AWAITING_UNIT',
            to: 'RECEIVED',
            detail: like('Serial RT10000001 scanned, 1 photo(s)'),
          }),
          next: '',
        }),
      )
      .executeTest(async (server) => {
        const page = await clientAt(server.url, signedIn).depot.audit({ first: 20 });
        expect(page.items[0]).toMatchObject({ action: 'receive', from: 'AWAITING_UNIT', to: 'RECEIVED' });
      }));
});
