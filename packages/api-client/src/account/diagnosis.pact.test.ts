/**
 * @jest-environment node
 */
// Consumer contract of what the details window shows of a diagnosis (provider `account`): the
// details' `diagnosis` of an RMA whose revised quote awaits its owner's decision, and its photos,
// read with the bearer token by the url the details give. Verified by api/account/accountpact,
// whose state handlers use these state strings word for word.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn, timestamp } from '../test/pact';

const { like, regex, eachLike, integer } = MatchersV3;

const pact = pactWith('account');

const usd = (example: string) => regex('^\\d+\\.\\d{2}$', example);

// Provider states (api/account/accountpact), word for word.
const AWAITS =
  'casey is signed in and her repair RMA RMA-900003 with uid 01JPACTRMA0000000000000003 awaits her decision on a revised quote: liquid damage shown by photo pact/liquid-1.jpg';
const CASEY = 'casey is signed in, in no organization';

const UID = '01JPACTRMA0000000000000003';
const PHOTO_URL = '/rma-manager/rma/details/RMA-900003/photos/pact/liquid-1.jpg';

describe('account service contract: the diagnosis', () => {
  it('reads the diagnosis of an RMA awaiting its owner’s decision', () =>
    pact
      .addInteraction()
      .given(AWAITS)
      .uponReceiving('a request for the details of an RMA whose revised quote awaits the caller’s decision')
      .withRequest('GET', '/rma-manager/rma/details', (req) => req.query({ uid: UID }).headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          uid: UID,
          rmaNumber: 'RMA-900003',
          status: 'QUOTE_PENDING',
          mine: true,
          diagnosis: {
            at: timestamp('2026-03-06T10:00:00Z'),
            outcome: 'REVISED_QUOTE',
            findings: eachLike({
              code: 'LIQUID_DAMAGE',
              label: 'Liquid damage',
              description: like('Corrosion on the main board near the charging port.'),
              removesCover: true,
              photos: eachLike({ id: like('pact/liquid-1.jpg'), url: regex('^/rma-manager/rma/details/RMA-900003/photos/.+$', PHOTO_URL) }),
            }),
            technicianNote: like('The main board must be replaced.'),
            lineItems: eachLike({
              kind: regex('^(REPAIR_OPTION|PART)$', 'PART'),
              code: like('RL14-MB'),
              description: like('Main board'),
              quantity: integer(1),
              unitPrice: usd('240.00'),
              amount: usd('240.00'),
            }),
            total: usd('240.00'),
            alreadyPaid: usd('0.00'),
            amountDue: usd('240.00'),
            quoteId: like('QT-PACT-1'),
            choices: [
              { choice: 'APPROVE', price: usd('240.00') },
              { choice: 'RETURN_UNREPAIRED', price: usd('45.00') },
              { choice: 'RECYCLE', price: '0.00' },
            ],
            decideBy: timestamp('2026-04-05T10:00:00Z'),
            decision: null,
          },
        }),
      )
      .executeTest(async (server) => {
        const details = await clientAt(server.url, signedIn).account.details(UID);
        expect(details.diagnosis?.outcome).toBe('REVISED_QUOTE');
        expect(details.diagnosis?.findings[0]?.photos[0]?.url).toBe(PHOTO_URL);
        expect(details.diagnosis?.choices.map((c) => c.choice)).toEqual(['APPROVE', 'RETURN_UNREPAIRED', 'RECYCLE']);
      }));

  it('answers a diagnosis photo’s bytes to the RMA’s owner', () =>
    pact
      .addInteraction()
      .given(AWAITS)
      .uponReceiving('a request for a diagnosis photo of the caller’s RMA')
      .withRequest('GET', PHOTO_URL, (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) => res.headers({ 'Content-Type': regex('^image/.+$', 'image/jpeg') }))
      .executeTest(async (server) => {
        const photo = await clientAt(server.url, signedIn).account.diagnosisPhoto({ id: 'pact/liquid-1.jpg', url: PHOTO_URL });
        expect(photo).toBeDefined();
      }));

  it('answers a photo of an RMA the caller may not see like one that does not exist', () =>
    pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a request for a diagnosis photo of an RMA the caller may not see')
      .withRequest('GET', PHOTO_URL, (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'rma.notFound', message: like('RMA not found') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).account.diagnosisPhoto({ id: 'pact/liquid-1.jpg', url: PHOTO_URL })).rejects.toMatchObject({
          status: 404,
          error: 'rma.notFound',
        });
      }));
});
