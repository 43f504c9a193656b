/**
 * @jest-environment node
 */
// Consumer contract of the attachment removal (the upload's is in upload.pact.test.ts, which needs
// jsdom's XMLHttpRequest). Verified by api/uploads/uploadspact (`make test-pact`).
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createApiClient } from '../index';
import type { TokenSource } from '../client';

const { regex, like } = MatchersV3;

const pact = new PactV4({
  consumer: 'portal-web',
  provider: 'portal-uploads-api',
  dir: path.resolve(__dirname, '../../../../pacts'),
  logLevel: 'warn',
});

const signedIn: TokenSource = { getAccessToken: () => 'token-from-the-session', refresh: async () => false, signIn: jest.fn() };
const bearer = regex('^Bearer .+$', 'Bearer token-from-the-session');

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
        const api = createApiClient({ baseUrl: server.url, tokens: signedIn });
        await expect(api.uploads.removeRmaAttachment('rma/2026/11/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.png')).rejects.toMatchObject({
          status: 404,
        });
      }));
});
