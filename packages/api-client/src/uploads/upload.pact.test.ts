// Consumer contract of the attachment upload. It runs in jsdom because the client uploads through
// XMLHttpRequest (for progress events); jsdom's XMLHttpRequest sends real requests to Pact's mock
// server, which answers the CORS preflight. Verified by api/uploads/uploadspact.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn, signedOut } from '../test/pact';

const { eachLike, regex, like } = MatchersV3;

const pact = pactWith('portal-uploads-api');

const pixel = path.join(__dirname, 'testdata/pixel.png');
const poPdf = path.join(__dirname, 'testdata/po.pdf');

describe('uploads API contract (upload)', () => {
  it('stores a photo and answers its bucket file name', () =>
    pact
      .addInteraction()
      .uponReceiving('an upload of one photo')
      .withRequest('POST', '/bucket-uploader/upload-rma-attachment', (req) =>
        req
          .headers({ Authorization: bearer })
          .multipartBody('image/png', pixel, 'files[0]'),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          eachLike({
            originalname: like('pixel.png'),
            bucketFileName: regex('^rma/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.png$', 'rma/2026/11/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.png'),
            cancellable: true,
          }),
        ),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const file = new File([readFileSync(pixel)], 'pixel.png', { type: 'image/png' });
        const [stored] = await api.uploads.uploadRmaAttachments([file]);
        expect(stored?.originalname).toBe('pixel.png');
      }));

  it('stores a purchase-order PDF and answers its file id', () =>
    pact
      .addInteraction()
      .uponReceiving('an upload of one purchase-order PDF')
      .withRequest('POST', '/bucket-uploader/upload-to-common-gridfs', (req) =>
        req
          .headers({ Authorization: bearer })
          .multipartBody('application/pdf', poPdf, 'file'),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          eachLike({
            fileId: regex('^po/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.pdf$', 'po/2026/11/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.pdf'),
            originalname: like('po.pdf'),
          }),
        ),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const file = new File([readFileSync(poPdf)], 'po.pdf', { type: 'application/pdf' });
        const [stored] = await api.uploads.uploadPurchaseOrder(file);
        expect(stored?.originalname).toBe('po.pdf');
        expect(stored?.fileId).toMatch(/^po\//);
      }));

  it('refuses a purchase-order upload without a token with 401, and the client sends the user to sign-in', () =>
    pact
      .addInteraction()
      .uponReceiving('an upload of one purchase-order PDF without a bearer token')
      .withRequest('POST', '/bucket-uploader/upload-to-common-gridfs', (req) => req.multipartBody('application/pdf', poPdf, 'file'))
      .willRespondWith(401, (res) => res.jsonBody({ error: 'invalid_token', message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        const { tokens, signIn } = signedOut();
        const api = clientAt(server.url, tokens);
        const file = new File([readFileSync(poPdf)], 'po.pdf', { type: 'application/pdf' });
        await expect(api.uploads.uploadPurchaseOrder(file)).rejects.toMatchObject({ status: 401, error: 'invalid_token' });
        expect(signIn).toHaveBeenCalledTimes(1);
      }));
});
