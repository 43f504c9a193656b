/**
 * @jest-environment node
 */
// Consumer contract of the attachment removal and the purchase-order download (the uploads' are
// in upload.pact.test.ts, which needs jsdom's XMLHttpRequest). Verified by api/uploads/uploadspact
// (`make test-pact`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn, signedOut } from '../test/pact';

const { like } = MatchersV3;

const pact = pactWith('portal-uploads-api');

const poPdf = path.join(__dirname, 'testdata/po.pdf');
const poFileId = 'po/2026/11/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.pdf';

describe('uploads API contract', () => {
  it("answers the removal of a file that is not the customer's as not found", () =>
    pact
      .addInteraction()
      .uponReceiving('a removal of an attachment that does not exist')
      .withRequest('DELETE', '/bucket-uploader/upload-rma-attachment', (req) =>
        req.query({ bucketFileName: 'rma/2026/11/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.png' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(404, (res) => res.jsonBody({ error: 'uploads.notFound', message: like('File not found.') }))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.uploads.removeRmaAttachment('rma/2026/11/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.png')).rejects.toMatchObject({
          status: 404,
        });
      }));

  it("downloads the customer's purchase-order file as an attachment that is not to be sniffed", () =>
    pact
      .addInteraction()
      .given(`the customer uploaded the purchase order ${poFileId} as PO-4711.pdf`)
      .uponReceiving('a download of the customer\'s purchase-order file')
      .withRequest('GET', '/bucket-uploader/download-from-common-gridfs', (req) =>
        req.query({ trackId: poFileId }).headers({ Authorization: bearer }),
      )
      .willRespondWith(200, (res) =>
        res
          .headers({
            'Content-Disposition': 'attachment; filename=PO-4711.pdf',
            'X-Content-Type-Options': 'nosniff',
          })
          .binaryFile('application/pdf', poPdf),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const blob = await api.uploads.downloadPurchaseOrder(poFileId);
        expect(Buffer.from(await blob.arrayBuffer())).toEqual(readFileSync(poPdf));
      }));

  it("answers the download of a purchase-order file that is not the customer's as not found", () =>
    pact
      .addInteraction()
      .uponReceiving('a download of a purchase-order file that does not exist')
      .withRequest('GET', '/bucket-uploader/download-from-common-gridfs', (req) =>
        req.query({ trackId: 'po/2026/11/00000000-0000-4000-8000-000000000000.pdf' }).headers({ Authorization: bearer }),
      )
      .willRespondWith(404, (res) => res.jsonBody({ error: 'uploads.notFound', message: like('File not found.') }))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.uploads.downloadPurchaseOrder('po/2026/11/00000000-0000-4000-8000-000000000000.pdf')).rejects.toMatchObject({
          status: 404,
          error: 'uploads.notFound',
        });
      }));

  it('refuses a purchase-order download without a token with 401, and the client sends the user to sign-in', () =>
    pact
      .addInteraction()
      .uponReceiving('a download of a purchase-order file without a bearer token')
      .withRequest('GET', '/bucket-uploader/download-from-common-gridfs', (req) => req.query({ trackId: poFileId }))
      .willRespondWith(401, (res) => res.jsonBody({ error: 'invalid_token', message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        const { tokens, signIn } = signedOut();
        const api = clientAt(server.url, tokens);
        await expect(api.uploads.downloadPurchaseOrder(poFileId)).rejects.toMatchObject({ status: 401, error: 'invalid_token' });
        expect(signIn).toHaveBeenCalledTimes(1);
      }));
});
