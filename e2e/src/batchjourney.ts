// Fleet RMAs in the browser (issue 30), on whichever portal the caller started: olivia (FleetCo
// Utilities: PO with a release number, 10 % discount) uploads a 25-row CSV with 4 bad rows, fixes
// two in place, removes two, pays the 6 out-of-warranty rows by one PO, waits for the batch to
// complete, downloads the labels and packing lists and the result CSV and reads them; diego, of
// her organization, sees the batch. Used by batch.test.ts (the embedded default) and
// split-topology.test.ts (the production shape).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningPortal } from './portal';
import { expectText, onePagePdf } from './stepper';

export const OLIVIA = 'olivia@fleetco.example';
export const DIEGO = 'diego@fleetco.example';

/** A page at url signed in as user (a new browser context each). */
export type OpenAs = (url: string, user: string) => Promise<Page>;

// Generated fleet units (rmadb.FleetUnits) no other browser test uses, each far from its
// warranty's last day so its entitlement holds for years: in warranty, out of warranty (RL14 and
// ST10, $119.00 for a battery, $107.10 after olivia's 10 %), and the bad ones.
const IN_WARRANTY = [
  'RT10001301', 'RT10001304', 'RT10001313', 'RT10001331', 'RT10001333', 'RT10001336', 'RT10001342', 'RT10001344',
  'RT10001351', 'RT10001359', 'RT10001362', 'RT10001367', 'RT10001370', 'RT10001374', 'RT10001375',
];
const OUT_OF_WARRANTY = ['RT10001303', 'RT10001308', 'RT10001310', 'RT10001332', 'RT10001341', 'RT10001334'];
/** Row 3: a serial mistyped (I for 1), fixed to RT10001389 (in warranty). */
const TYPO = { row: 3, serial: 'RT1000I389', fixed: 'RT10001389' };
/** Row 6: an end-of-service EX70, removed. */
const END_OF_SERVICE = { row: 6, serial: 'RT10001394' };
/** Row 11: a fault the model does not have, fixed to the battery fault (in warranty). */
const BAD_FAULT = { row: 11, serial: 'RT10001395', fault: 'Screen' };
/** Row 15: an EX80, returned through the helpdesk only, removed. */
const HELPDESK = { row: 15, serial: 'RT10001387' };

const FAULT = 'Battery / Power';
const PROBLEM = 'Battery does not hold a charge';
export const OOW_PRICE = '107.10';

/** The 25 rows, in order: the good ones with the 4 bad ones at their rows. */
function batchRows(): { serial: string; fault: string }[] {
  const good = [...IN_WARRANTY];
  // Out-of-warranty rows spread among the others, as a real fleet's list would have them.
  [2, 5, 9, 13, 18, 21].forEach((row, i) => good.splice(row - 1, 0, OUT_OF_WARRANTY[i]!));
  const rows = good.map((serial) => ({ serial, fault: FAULT }));
  for (const bad of [
    { row: TYPO.row, serial: TYPO.serial, fault: FAULT },
    { row: END_OF_SERVICE.row, serial: END_OF_SERVICE.serial, fault: FAULT },
    { row: BAD_FAULT.row, serial: BAD_FAULT.serial, fault: BAD_FAULT.fault },
    { row: HELPDESK.row, serial: HELPDESK.serial, fault: FAULT },
  ]) {
    rows.splice(bad.row - 1, 0, { serial: bad.serial, fault: bad.fault });
  }
  return rows;
}

/** The CSV olivia uploads, in the template's columns. */
export function batchCsv(): string {
  const lines = batchRows().map(
    ({ serial, fault }, i) => `${serial},${fault},${PROBLEM},Runs 20 minutes on a full charge.,FLEET-2026-11,FC-${String(i + 1).padStart(3, '0')},,`,
  );
  return ['serial,fault,problem,notes,customer reference,asset tag,branch,has data', ...lines].join('\n') + '\n';
}

/** The serials of the batch once fixed and trimmed: 17 in warranty, 6 out. */
export function batchSerials(): string[] {
  return batchRows()
    .filter(({ serial }) => serial !== END_OF_SERVICE.serial && serial !== HELPDESK.serial)
    .map(({ serial }) => (serial === TYPO.serial ? TYPO.fixed : serial));
}

function tableRow(page: Page, n: number) {
  const table = page.getByRole('table', { name: /each checked as one RMA would be/ });
  return table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(n), exact: true }) });
}

/** A download's bytes, started by a button (the pages save blobs fetched with the token). */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const saved = path.join(mkdtempSync(path.join(tmpdir(), 'portal-e2e-batch-')), file.suggestedFilename());
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), bytes: readFileSync(saved) };
}

function pdfText(pdf: Buffer): { text: string; pages: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-batch-pdf-'));
  const file = path.join(dir, 'labels.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1] ?? 0);
  return { text, pages };
}

/** Olivia's batch, from the CSV to its documents; answers the batch's id. */
export async function oliviaSubmitsABatch(portal: RunningPortal, openAs: OpenAs): Promise<string> {
  const page = await openAs('/create-rma/batch', OLIVIA);

  // 1. The units, from a CSV file.
  await page.getByLabel('Choose a CSV or XLSX file').setInputFiles({ name: 'fleetco-november.csv', mimeType: 'text/csv', buffer: Buffer.from(batchCsv()) });
  await expectText(page, '25 rows added.');
  await page.getByRole('button', { name: 'Check the units' }).click();

  // 2. The pre-flight: each bad row's reason beside its cell; nothing goes on while one fails.
  await expectText(page, 'Nothing is submitted while a row fails: fix or remove the 4 rows marked ✗, then Check again.');
  expect(await tableRow(page, TYPO.row).textContent()).toContain('Serial Not Found');
  expect(await tableRow(page, END_OF_SERVICE.row).textContent()).toContain('This unit has reached end of service and can no longer be repaired.');
  expect(await tableRow(page, BAD_FAULT.row).textContent()).toContain('Select a primary fault from the list');
  expect(await tableRow(page, HELPDESK.row).textContent()).toContain('Please contact the helpdesk to arrange the return of this unit.');
  expect(await tableRow(page, 2).textContent()).toContain(`Out of warranty$${OOW_PRICE}`);

  await page.getByRole('button', { name: `Edit row ${TYPO.row}` }).click();
  await page.getByRole('textbox', { name: `Serial, row ${TYPO.row}` }).fill(TYPO.fixed);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: `Edit row ${BAD_FAULT.row}` }).click();
  // The row's model is known: its faults are offered (the problem it names stays, the battery fault offers it).
  await page.getByRole('combobox', { name: `Fault, row ${BAD_FAULT.row}` }).selectOption(FAULT);
  await page.getByRole('button', { name: 'Done' }).click();
  // Rows keep their numbers when another is removed.
  await page.getByRole('button', { name: `Remove row ${HELPDESK.row}` }).click();
  await page.getByRole('button', { name: `Remove row ${END_OF_SERVICE.row}` }).click();
  await expectText(page, '2 rows have changed since the check: Check again before you continue.');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expectText(page, 'Every row passes.');
  expect(await page.getByRole('region', { name: 'Summary' }).textContent()).toBe(
    'Rows23Pass23Fail0In warranty17Out of warranty6Total$642.60',
  );
  await page.getByRole('button', { name: 'Continue' }).click();

  // 3. One contact and address (her profile's), her own boxes, 10 a box.
  await page.getByRole('form', { name: 'Contact & Packaging' }).waitFor();
  expect(await page.getByRole('textbox', { name: 'Units per box' }).inputValue()).toBe('10');
  await expectText(page, '3 boxes');
  await page.getByRole('button', { name: 'Continue' }).click();

  // 4. One PO for the six out-of-warranty rows, with her release number and file.
  await page.getByRole('form', { name: 'Confirm & Submit' }).waitFor();
  await expectText(page, 'Total of the out-of-warranty repairs: $642.60');
  const method = page.getByRole('radiogroup', { name: 'Payment Method' });
  expect(await method.getByRole('radio', { name: 'PO' }).isChecked()).toBe(true);
  await page.getByRole('checkbox', { name: /backed up the data on the hard drives/ }).check();
  await page.getByRole('textbox', { name: 'PO Number' }).fill('4500');
  await page.getByRole('textbox', { name: 'Release Number' }).fill('2611');
  await page.getByLabel('PO File').setInputFiles(onePagePdf('PO-4500.pdf'));
  await page.getByRole('group', { name: 'PO File' }).getByText('Attached: PO-4500.pdf').waitFor();
  await page.getByRole('button', { name: 'Submit and Pay' }).click();

  // 5. The progress, then the batch's page once every row has its RMA.
  await page.waitForURL(/\/your-account\/batches\/BT-[0-9A-Z]{8}$/, { timeout: 120_000 });
  const batchId = /BT-[0-9A-Z]{8}/.exec(page.url())![0];
  await page.getByRole('heading', { name: `Batch ${batchId}` }).waitFor();
  await page.getByText('Completed', { exact: true }).first().waitFor({ timeout: 60_000 });

  // 6. The labels and packing lists: a label and a packing list per box of 10, every serial and
  // RMA number listed once the RMAs exist.
  await page.getByRole('button', { name: 'Labels and packing lists (PDF)' }).waitFor({ timeout: 60_000 });
  const documents = await download(page, 'Labels and packing lists (PDF)');
  expect(documents.name).toBe(`${batchId}-labels.pdf`);
  expect(documents.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = pdfText(documents.bytes);
  expect(pdf.pages).toBe(6);
  for (const serial of batchSerials()) expect(pdf.text).toContain(serial);

  const result = await download(page, 'Result (CSV)');
  expect(result.name).toBe(`${batchId}-result.csv`);
  const [header, ...lines] = result.bytes.toString().trim().split(/\r?\n/);
  expect(header).toBe('serial,rma number,status,price,box,tracking number,reason');
  expect(lines.map((line) => line.split(',')[0])).toEqual(batchSerials());
  const cells = lines.map((line) => line.split(','));
  expect(cells.every(([, rma, status]) => /^RMA-\d+$/.test(rma ?? '') && status === 'CREATED')).toBe(true);
  expect(cells.filter(([, , , price]) => price === OOW_PRICE)).toHaveLength(6);
  expect(new Set(cells.map(([, , , , box]) => box))).toEqual(new Set(['1', '2', '3']));
  // Each box's tracking number is on its label.
  for (const tracking of new Set(cells.map(([, , , , , trackingNumber]) => trackingNumber))) expect(pdf.text).toContain(tracking!);
  for (const [, rma] of cells) expect(pdf.text).toContain(rma!);

  // One summary e-mail for the batch, not 23.
  const mail = portal.outbox(OLIVIA);
  expect(mail).toContain(batchId);
  expect(mail.match(new RegExp(`/your-account/batches/${batchId}`, 'g'))?.length ?? 0).toBeGreaterThanOrEqual(1);
  return batchId;
}

/** Diego, of olivia's organization, finds her batch in his list and reads it, without changing it. */
export async function diegoSeesTheBatch(openAs: OpenAs, batchId: string): Promise<void> {
  const page = await openAs('/your-account/batches', DIEGO);
  await page.getByRole('link', { name: batchId }).click();
  await page.getByRole('heading', { name: `Batch ${batchId}` }).waitFor();
  await page.getByText('Completed', { exact: true }).first().waitFor();
  await page.getByText(/Only the person who submitted this batch can change it\./).waitFor();
  expect(await page.getByRole('button', { name: /^Remove row/ }).count()).toBe(0);
}

/** The whole journey: olivia's batch, then diego's look at it. */
export async function batchJourney(portal: RunningPortal, openAs: OpenAs): Promise<void> {
  const batchId = await oliviaSubmitsABatch(portal, openAs);
  await diegoSeesTheBatch(openAs, batchId);
}
