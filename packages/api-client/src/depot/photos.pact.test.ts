// Consumer contract of the depot staff's condition-photo upload. It runs in jsdom because the
// client uploads through XMLHttpRequest (for progress events), as the attachments' upload does.
// Verified by api/depot/depotpact.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn } from '../test/pact';

const { eachLike, like } = MatchersV3;

const pact = pactWith('portal-depot-api');

const pixel = path.join(__dirname, '../uploads/testdata/pixel.png');

// Provider state (api/depot/depotpact), word for word.
const TARIQ = 'tariq, a depot technician, is signed in; RMA-100501 of unit RT10000001 awaits its unit and his photo depot/pact-photo.jpg is uploaded';

describe('depot API contract: condition photos', () => {
  it('stores a condition photo and answers its bucket file name', () =>
    pact
      .addInteraction()
      .given(TARIQ)
      .uponReceiving('an upload of one condition photo by a technician')
      .withRequest('POST', '/depot/photos', (req) =>
        req.headers({ Authorization: bearer }).multipartBody('image/png', pixel, 'files[0]'),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(eachLike({ originalname: like('pixel.png'), bucketFileName: like('rma/2026/11/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.png') })),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const file = new File([readFileSync(pixel)], 'pixel.png', { type: 'image/png' });
        const [stored] = await api.depot.uploadPhotos([file]);
        expect(stored?.originalname).toBe('pixel.png');
      }));
});
