/**
 * @jest-environment node
 */
// Consumer contract of the depot's ship back (POST /depot/rmas/{number}/ship), in the same pact
// as client.pact.test.ts; api/depot/depotpact verifies it with state handlers keyed by these
// state strings, word for word.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn } from '../test/pact';

const { like, regex } = MatchersV3;

const pact = pactWith('portal-depot-api');

// Provider states (api/depot/depotpact).
const REPAIRED = 'tariq, a depot technician, is signed in; RMA-100501 of unit RT10000001 was repaired and waits to ship back';
const SHIPPED = 'tariq, a depot technician, is signed in; RMA-100501 of unit RT10000001 was shipped back under return tracking RET000001';
const AWAITING = 'tariq, a depot technician, is signed in; RMA-100501 of unit RT10000001 awaits its unit and his photo depot/pact-photo.jpg is uploaded';

describe('depot API contract: ship back', () => {
  it('ships a repaired unit back with its return tracking', () =>
    pact
      .addInteraction()
      .given(REPAIRED)
      .uponReceiving('a ship back of repaired RMA-100501')
      .withRequest('POST', '/depot/rmas/RMA-100501/ship', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: 'RMA-100501',
          status: 'SHIPPED_BACK',
          returnTrackingNumber: like('RET000001'),
          labelId: like('label000001'),
          invoiceId: '',
        }),
      )
      .executeTest(async (server) => {
        const got = await clientAt(server.url, signedIn).depot.ship('RMA-100501');
        expect(got).toMatchObject({ rmaNumber: 'RMA-100501', status: 'SHIPPED_BACK', invoiceId: '' });
        expect(got.returnTrackingNumber).not.toBe('');
      }));

  it('refuses to ship a unit not yet received and repaired', () =>
    pact
      .addInteraction()
      .given(AWAITING)
      .uponReceiving('a ship back of RMA-100501 before its unit arrived')
      .withRequest('POST', '/depot/rmas/RMA-100501/ship', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(409, (res) =>
        res.jsonBody({ error: 'depot.notShippable', message: like('This RMA cannot ship back: its unit is not received and repaired, or it was shipped already.') }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).depot.ship('RMA-100501')).rejects.toMatchObject({ status: 409, error: 'depot.notShippable' });
      }));

  it('streams the return label of a shipped RMA for staff to print', () =>
    pact
      .addInteraction()
      .given(SHIPPED)
      .uponReceiving('a request for the return label of shipped RMA-100501')
      .withRequest('GET', '/depot/rmas/RMA-100501/return-label', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.headers({
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex('^inline; filename="RMA-100501-label\\.pdf"$', 'inline; filename="RMA-100501-label.pdf"'),
        }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).depot.returnLabel('RMA-100501')).resolves.toBeDefined();
      }));

  it('answers the return label of an RMA not shipped back with 404', () =>
    pact
      .addInteraction()
      .given(REPAIRED)
      .uponReceiving('a request for the return label of RMA-100501 before it shipped')
      .withRequest('GET', '/depot/rmas/RMA-100501/return-label', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'depot.noReturnLabel', message: like('This RMA has no return label: it has not shipped back yet.') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).depot.returnLabel('RMA-100501')).rejects.toMatchObject({ status: 404, error: 'depot.noReturnLabel' });
      }));
});
