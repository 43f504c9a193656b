/**
 * @jest-environment node
 */
// Consumer contract of the recycle API: the body the recycle wizard sends and what it reads back.
// The pact file lands in <repo>/pacts; the Go provider test uses these state strings verbatim.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn } from '../test/pact';
import { recyclePayload } from './fixtures';

const { like, regex } = MatchersV3;

const pact = pactWith('portal-recycle-api');

describe('recycle API contract', () => {
  it('creates a recycle RMA for an out-of-warranty unit and answers its number and label', () =>
    pact
      .addInteraction()
      .given('unit RT10000002 is out of warranty')
      .uponReceiving('a recycle request for an out-of-warranty unit')
      .withRequest('POST', '/rma-manager/rma/recycle', (req) =>
        req.headers({ Authorization: bearer, 'Content-Type': 'application/json' }).jsonBody(recyclePayload('RT10000002')),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rmaNumber: regex('^RMA-\\d+$', 'RMA-200001'),
          label: regex('^/shipping/documents/.+$', '/shipping/documents/abc'),
          commercialInvoice: null,
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const result = await api.recycle.createRecycle(recyclePayload('RT10000002'));
        expect(result.rmaNumber).toMatch(/^RMA-/);
        expect(result.label).toMatch(/^\/shipping\/documents\//);
      }));

  it('refuses to recycle a unit still in warranty with 409 rma.inWarranty', () =>
    pact
      .addInteraction()
      .given('unit RT10000001 is in warranty')
      .uponReceiving('a recycle request for an in-warranty unit')
      .withRequest('POST', '/rma-manager/rma/recycle', (req) =>
        req.headers({ Authorization: bearer, 'Content-Type': 'application/json' }).jsonBody(recyclePayload('RT10000001')),
      )
      .willRespondWith(409, (res) =>
        res.jsonBody({
          error: 'rma.inWarranty',
          message: like('This unit is still in warranty, so it cannot be recycled here. Open a repair instead.'),
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.recycle.createRecycle(recyclePayload('RT10000001'))).rejects.toMatchObject({ status: 409, error: 'rma.inWarranty' });
      }));
});
