/**
 * @jest-environment node
 */
// Consumer contract of the customer's decision on a revised quote (POST
// /rma-manager/rma/{number}/decision, the repair API): each choice's answer, and the refusals the
// decision form shows. Verified by api/repair/repairpact, whose state handlers use these state
// strings verbatim and sign the bearer as casey (with the PO permission where the state says so).
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn } from '../test/pact';

const { like, regex } = MatchersV3;

const pact = pactWith('portal-repair-api');

const payLink = (example: string) => regex('^https?://.+', example);

// Provider states (api/repair/repairpact), word for word.
const AWAITS = 'RMA RMA-900006 of casey awaits her decision on a revised quote of 240.00 after liquid damage was found';
const AWAITS_PO = 'RMA RMA-900007 of casey, who may pay by PO, awaits her decision on a revised quote and she uploaded the PO file po/pact-po.pdf';
const DECIDED = 'RMA RMA-900008 of casey was recycled on her decision';
const OLIVIAS = 'RMA RMA-900009 of olivia awaits her decision on a revised quote';

describe('repair API contract: the decision on a revised quote', () => {
  it('returns the unit unrepaired and answers the return fee’s pay link', () =>
    pact
      .addInteraction()
      .given(AWAITS)
      .uponReceiving('a decision to return the unit unrepaired')
      .withRequest('POST', '/rma-manager/rma/RMA-900006/decision', (req) => req.headers({ Authorization: bearer }).jsonBody({ choice: 'RETURN_UNREPAIRED' }))
      .willRespondWith(200, (res) => res.jsonBody({ status: 'RETURN_UNREPAIRED', paymentUrl: payLink('http://127.0.0.1:8080/pay-quote?quote=QT-FEE') }))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).repair.decide('RMA-900006', { choice: 'RETURN_UNREPAIRED' });
        expect(result.status).toBe('RETURN_UNREPAIRED');
        expect(result.paymentUrl).toMatch(/^https?:\/\//);
      }));

  it('recycles the unit for free', () =>
    pact
      .addInteraction()
      .given(AWAITS)
      .uponReceiving('a decision to recycle the unit')
      .withRequest('POST', '/rma-manager/rma/RMA-900006/decision', (req) => req.headers({ Authorization: bearer }).jsonBody({ choice: 'RECYCLE' }))
      .willRespondWith(200, (res) => res.jsonBody({ status: 'RECYCLED', paymentUrl: null }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).repair.decide('RMA-900006', { choice: 'RECYCLE' })).resolves.toEqual({ status: 'RECYCLED', paymentUrl: null });
      }));

  it('approves by card and answers the card page of the revised quote', () =>
    pact
      .addInteraction()
      .given(AWAITS)
      .uponReceiving('a decision to approve the repair paid by card')
      .withRequest('POST', '/rma-manager/rma/RMA-900006/decision', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ choice: 'APPROVE', paymentData: { paymentMethod: 'CREDIT_CARD' } }),
      )
      .willRespondWith(200, (res) => res.jsonBody({ status: 'QUOTE_PENDING', paymentUrl: payLink('http://127.0.0.1:8080/pay-quote?quote=QT-1') }))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).repair.decide('RMA-900006', { choice: 'APPROVE', paymentData: { paymentMethod: 'CREDIT_CARD' } });
        expect(result.status).toBe('QUOTE_PENDING');
        expect(result.paymentUrl).toMatch(/^https?:\/\//);
      }));

  it('approves by PO: the repair starts at once', () =>
    pact
      .addInteraction()
      .given(AWAITS_PO)
      .uponReceiving('a decision to approve the repair paid by PO')
      .withRequest('POST', '/rma-manager/rma/RMA-900007/decision', (req) =>
        req
          .headers({ Authorization: bearer })
          .jsonBody({ choice: 'APPROVE', paymentData: { paymentMethod: 'PO', customerPO: 'PO-7781', customerPOFileId: 'po/pact-po.pdf' } }),
      )
      .willRespondWith(200, (res) => res.jsonBody({ status: 'REPAIRING', paymentUrl: null }))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).repair.decide('RMA-900007', {
          choice: 'APPROVE',
          paymentData: { paymentMethod: 'PO', customerPO: 'PO-7781', customerPOFileId: 'po/pact-po.pdf' },
        });
        expect(result).toEqual({ status: 'REPAIRING', paymentUrl: null });
      }));

  it('refuses a PO approval without its PO file, by field', () =>
    pact
      .addInteraction()
      .given(AWAITS_PO)
      .uponReceiving('a decision to approve by PO without a PO file')
      .withRequest('POST', '/rma-manager/rma/RMA-900007/decision', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ choice: 'APPROVE', paymentData: { paymentMethod: 'PO', customerPO: 'PO-7781', customerPOFileId: '' } }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({ error: like('validation'), message: like('Some fields are not valid'), fields: { 'paymentData.customerPOFileId': 'Must Attach Files' } }),
      )
      .executeTest(async (server) => {
        await expect(
          clientAt(server.url, signedIn).repair.decide('RMA-900007', { choice: 'APPROVE', paymentData: { paymentMethod: 'PO', customerPO: 'PO-7781', customerPOFileId: '' } }),
        ).rejects.toMatchObject({ status: 400, fields: { 'paymentData.customerPOFileId': 'Must Attach Files' } });
      }));

  it('refuses a choice it does not know, by field', () =>
    pact
      .addInteraction()
      .given(AWAITS)
      .uponReceiving('a decision without a known choice')
      .withRequest('POST', '/rma-manager/rma/RMA-900006/decision', (req) => req.headers({ Authorization: bearer }).jsonBody({ choice: 'MAYBE' }))
      .willRespondWith(400, (res) => res.jsonBody({ error: like('validation'), message: like('Some fields are not valid'), fields: { choice: 'Required' } }))
      .executeTest(async (server) => {
        // The form never sends an unknown choice; the server's own check is what this pins.
        await expect(clientAt(server.url, signedIn).repair.decide('RMA-900006', { choice: 'MAYBE' as never })).rejects.toMatchObject({ status: 400, fields: { choice: 'Required' } });
      }));

  it('refuses a second decision with 409 and the message the form shows', () =>
    pact
      .addInteraction()
      .given(DECIDED)
      .uponReceiving('a decision on an RMA already decided')
      .withRequest('POST', '/rma-manager/rma/RMA-900008/decision', (req) => req.headers({ Authorization: bearer }).jsonBody({ choice: 'RETURN_UNREPAIRED' }))
      .willRespondWith(409, (res) => res.jsonBody({ error: 'rma.noDecisionPending', message: 'This RMA has no quote awaiting your decision.' }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).repair.decide('RMA-900008', { choice: 'RETURN_UNREPAIRED' })).rejects.toMatchObject({
          status: 409,
          error: 'rma.noDecisionPending',
          message: 'This RMA has no quote awaiting your decision.',
        });
      }));

  it("answers a decision on another customer's RMA like an unknown one", () =>
    pact
      .addInteraction()
      .given(OLIVIAS)
      .uponReceiving("a decision on another customer's RMA")
      .withRequest('POST', '/rma-manager/rma/RMA-900009/decision', (req) => req.headers({ Authorization: bearer }).jsonBody({ choice: 'RECYCLE' }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'rma.notFound', message: like('RMA not found') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).repair.decide('RMA-900009', { choice: 'RECYCLE' })).rejects.toMatchObject({ status: 404, error: 'rma.notFound' });
      }));
});
