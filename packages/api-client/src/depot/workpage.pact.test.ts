/**
 * @jest-environment node
 */
// Consumer contract of the service desk's work page: the RMA as staff read it (GET
// /depot/rmas/{number}), the diagnosis (POST /depot/rmas/{number}/diagnosis) and a receipt's
// photo (GET /depot/photos/{id}), in the same pact as client.pact.test.ts; api/depot/depotpact
// verifies it with state handlers keyed by these state strings, word for word.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn, timestamp } from '../test/pact';

const { like, regex, eachLike } = MatchersV3;

const pact = pactWith('portal-depot-api');

// Provider states (api/depot/depotpact).
const RECEIVED = 'tariq, a depot technician, is signed in; RMA-100501 of in-warranty unit RT10000001 was received with his photo depot/pact-photo.jpg and awaits diagnosis';
const AWAITING = 'tariq, a depot technician, is signed in; RMA-100501 of unit RT10000001 awaits its unit and his photo depot/pact-photo.jpg is uploaded';

describe('depot API contract: the work page', () => {
  it("reads the RMA as staff need it: facts, receipt, timeline and the moves they may make", () =>
    pact
      .addInteraction()
      .given(RECEIVED)
      .uponReceiving('a read of received RMA-100501 by a technician')
      .withRequest('GET', '/depot/rmas/RMA-100501', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: 'RMA-100501',
          serial: 'RT10000001',
          model: like('RL14'),
          rmaType: like('REPAIR'),
          status: 'RECEIVED',
          warrantyType: like('STANDARD'),
          customer: like('Casey Morgan'),
          company: like('Morgan Field Services'),
          createdAt: timestamp('2026-03-01T09:00:00Z'),
          receivedAt: timestamp('2026-03-02T10:00:00Z'),
          promisedShipDate: regex('^\\d{4}-\\d{2}-\\d{2}$', '2026-03-12'),
          returnTrackingNumber: '',
          problem: { fault: like('Screen'), problem: like('Cracked display'), notes: like('') },
          receipt: { photos: eachLike({ id: like('depot/pact-photo.jpg') }), notes: like('Case intact'), at: timestamp('2026-03-02T10:00:00Z') },
          diagnosis: null,
          repair: null,
          timeline: eachLike({ at: timestamp('2026-03-02T10:00:00Z'), kind: like('STATUS'), status: like('RECEIVED'), actor: like('tariq@rugged.example'), detail: like('') }),
          moves: ['diagnose'],
        }),
      )
      .executeTest(async (server) => {
        const got = await clientAt(server.url, signedIn).depot.rma('RMA-100501');
        expect(got).toMatchObject({ rmaNumber: 'RMA-100501', status: 'RECEIVED', moves: ['diagnose'], diagnosis: null });
        expect(got.receipt?.photos.length).toBeGreaterThan(0);
      }));

  it('answers an unknown RMA with 404', () =>
    pact
      .addInteraction()
      .given(RECEIVED)
      .uponReceiving('a read of unknown RMA-999999 by a technician')
      .withRequest('GET', '/depot/rmas/RMA-999999', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'rma.notFound', message: like('RMA not found.') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).depot.rma('RMA-999999')).rejects.toMatchObject({ status: 404, error: 'rma.notFound' });
      }));

  it('streams a receipt photo with the staff token', () =>
    pact
      .addInteraction()
      .given(RECEIVED)
      .uponReceiving("a read of RMA-100501's receipt photo depot/pact-photo.jpg")
      .withRequest('GET', '/depot/photos/depot/pact-photo.jpg', (req) => req.headers({ Authorization: bearer }))
      // Cache-Control (private, no-store) is the provider's own tests': pact splits header values at commas.
      .willRespondWith(200, (res) => res.headers({ 'Content-Type': regex('^image/.+$', 'image/jpeg') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).depot.photo('depot/pact-photo.jpg')).resolves.toBeDefined();
      }));
});

describe('depot API contract: diagnosis', () => {
  it('records covered work on an in-warranty unit: DIAGNOSING, no quote', () =>
    pact
      .addInteraction()
      .given(RECEIVED)
      .uponReceiving('a covered diagnosis of RMA-100501')
      .withRequest('POST', '/depot/rmas/RMA-100501/diagnosis', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({
          findings: [{ code: 'COMPONENT_FAILURE', description: 'The display connector is loose', photos: ['depot/pact-photo.jpg'] }],
          technicianNote: 'Reseat the connector',
          lineItems: [],
        }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({ rmaNumber: 'RMA-100501', status: 'DIAGNOSING', outcome: 'COVERED', quoteId: null, amountDue: null }),
      )
      .executeTest(async (server) => {
        const got = await clientAt(server.url, signedIn).depot.diagnose('RMA-100501', {
          findings: [{ code: 'COMPONENT_FAILURE', description: 'The display connector is loose', photos: ['depot/pact-photo.jpg'] }],
          technicianNote: 'Reseat the connector',
          lineItems: [],
        });
        expect(got).toEqual({ rmaNumber: 'RMA-100501', status: 'DIAGNOSING', outcome: 'COVERED', quoteId: null, amountDue: null });
      }));

  it('refuses a finding that removes cover with fewer than 2 photos, by field', () =>
    pact
      .addInteraction()
      .given(RECEIVED)
      .uponReceiving('a diagnosis of RMA-100501 finding liquid damage with one photo')
      .withRequest('POST', '/depot/rmas/RMA-100501/diagnosis', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({
          findings: [{ code: 'LIQUID_DAMAGE', description: 'Corrosion on the board', photos: ['depot/pact-photo.jpg'] }],
          lineItems: [],
        }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({
          error: 'validation',
          message: like('Some fields are invalid.'),
          fields: { 'findings[0].photos': 'Attach at least 2 photos of a finding that removes warranty cover' },
        }),
      )
      .executeTest(async (server) => {
        await expect(
          clientAt(server.url, signedIn).depot.diagnose('RMA-100501', {
            findings: [{ code: 'LIQUID_DAMAGE', description: 'Corrosion on the board', photos: ['depot/pact-photo.jpg'] }],
            lineItems: [],
          }),
        ).rejects.toMatchObject({ status: 400, fields: { 'findings[0].photos': 'Attach at least 2 photos of a finding that removes warranty cover' } });
      }));

  it('refuses to diagnose a unit that has not arrived', () =>
    pact
      .addInteraction()
      .given(AWAITING)
      .uponReceiving('a diagnosis of RMA-100501 before its unit arrived')
      .withRequest('POST', '/depot/rmas/RMA-100501/diagnosis', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({
          findings: [{ code: 'WEAR', description: 'Worn keyboard', photos: [] }],
          lineItems: [],
        }),
      )
      .willRespondWith(409, (res) =>
        res.jsonBody({ error: 'depot.notDiagnosable', message: like("This RMA's unit is not received and awaiting diagnosis.") }),
      )
      .executeTest(async (server) => {
        await expect(
          clientAt(server.url, signedIn).depot.diagnose('RMA-100501', { findings: [{ code: 'WEAR', description: 'Worn keyboard', photos: [] }], lineItems: [] }),
        ).rejects.toMatchObject({ status: 409, error: 'depot.notDiagnosable' });
      }));
});
