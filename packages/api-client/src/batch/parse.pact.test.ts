// Consumer contract of the batch file's parse (provider 'portal-batch-api'). It runs in jsdom
// because the client uploads through XMLHttpRequest, as every upload of the package does;
// jsdom's XMLHttpRequest sends real requests to Pact's mock server (which tells a part's type by
// its bytes: a CSV is text/plain to it, as to the server, which sniffs too). Verified by
// api/batch/batchpact with the state strings of client.pact.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { createHttpClient } from '../client';
import { bearer, pactWith, signedIn } from '../test/pact';
import { createBatchClient } from './client';

const { like } = MatchersV3;

const pact = pactWith('portal-batch-api');

const OLIVIA_UNITS =
  'olivia of FleetCo Utilities is signed in; RT10001003 is an RT10 in warranty, RT10001004 an RT10 out of warranty whose Display / Cracked repair is 289.00, and her discount is 10 %';

const goodCsv = path.join(__dirname, 'testdata/batch.csv');
const badCsv = path.join(__dirname, 'testdata/bad-column.csv');
const csvFile = (file: string) => new File([readFileSync(file)], path.basename(file), { type: 'text/csv' });

describe('batch API contract: parse', () => {
  it('reads a CSV file into rows', () =>
    pact
      .addInteraction()
      .given(OLIVIA_UNITS)
      .uponReceiving('a parse of a one-row CSV file')
      .withRequest('POST', '/rma-manager/batches/parse', (req) => req.headers({ Authorization: bearer }).multipartBody('text/plain', goodCsv, 'file'))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          rows: [
            {
              line: 2,
              serial: 'RT10001003',
              fault: 'Display',
              problem: 'Cracked',
              notes: 'Screen cracked in the field',
              customerReference: '',
              assetTag: '',
              branch: '',
              hasData: null,
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const rows = await createBatchClient(createHttpClient({ baseUrl: server.url, tokens: signedIn })).parseBatchFile(csvFile(goodCsv));
        expect(rows).toEqual([expect.objectContaining({ line: 2, serial: 'RT10001003', hasData: null })]);
      }));

  it('refuses a file with a column it does not know, naming it', () =>
    pact
      .addInteraction()
      .given(OLIVIA_UNITS)
      .uponReceiving('a parse of a CSV file with a misspelt column')
      .withRequest('POST', '/rma-manager/batches/parse', (req) => req.headers({ Authorization: bearer }).multipartBody('text/plain', badCsv, 'file'))
      .willRespondWith(400, (res) =>
        res.jsonBody({
          error: 'batch.badFile',
          message: like('Unknown column "serail". The columns are: serial, fault, problem, notes, customer reference, asset tag, branch, has data'),
        }),
      )
      .executeTest(async (server) => {
        const parse = createBatchClient(createHttpClient({ baseUrl: server.url, tokens: signedIn })).parseBatchFile(csvFile(badCsv));
        await expect(parse).rejects.toMatchObject({ status: 400, error: 'batch.badFile' });
      }));
});
