// Consumer contract of the attachment upload. It runs in jsdom because the client uploads through
// XMLHttpRequest (for progress events); jsdom's XMLHttpRequest sends real requests to Pact's mock
// server, which answers the CORS preflight. Verified by api/uploads/uploadspact.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { createApiClient } from '../index';
import type { TokenSource } from '../client';

const { eachLike, regex, like } = MatchersV3;

const pact = new PactV4({
  consumer: 'portal-web',
  provider: 'portal-uploads-api',
  dir: path.resolve(__dirname, '../../../../pacts'),
  logLevel: 'warn',
});

const pixel = path.join(__dirname, 'testdata/pixel.png');
const signedIn: TokenSource = { getAccessToken: () => 'token-from-the-session', refresh: async () => false, signIn: jest.fn() };

describe('uploads API contract (upload)', () => {
  it('stores a photo and answers its bucket file name', () =>
    pact
      .addInteraction()
      .uponReceiving('an upload of one photo')
      .withRequest('POST', '/bucket-uploader/upload-rma-attachment', (req) =>
        req
          .headers({ Authorization: regex('^Bearer .+$', 'Bearer token-from-the-session') })
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
        const api = createApiClient({ baseUrl: server.url, tokens: signedIn });
        const file = new File([readFileSync(pixel)], 'pixel.png', { type: 'image/png' });
        const [stored] = await api.uploads.uploadRmaAttachments([file]);
        expect(stored?.originalname).toBe('pixel.png');
      }));
});
