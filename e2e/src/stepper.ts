// A customer's way through the create-rma stepper, step by step, by label and role.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The smallest valid PNG: a 1×1 transparent pixel. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f80f00000101000518d84e0000000049454e44ae426082',
  'hex',
);

/** A video file of size bytes: an MP4 header (what the server sniffs) followed by filler. */
export function video(name: string, size: number): string {
  const header = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-e2e-files-')), name);
  writeFileSync(file, Buffer.concat([header, Buffer.alloc(size - header.length, 7)]));
  return file;
}

export function photo(name = 'cracked-screen.png'): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-e2e-files-')), name);
  writeFileSync(file, PNG);
  return file;
}

/** A one-page PDF named name, as the purchase-order and proof-of-purchase uploads sniff it. */
export function onePagePdf(name = 'PO-4471.pdf'): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-e2e-pdf-')), name);
  writeFileSync(
    file,
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  return file;
}

export async function expectText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

export async function cont(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Presses Continue while the step is still invalid. The button is only aria-disabled, so a person
 * can press it and is told what is missing; Playwright's click waits for enabled elements, hence
 * force.
 */
export async function contAnyway(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click({ force: true });
}

/** Step 1 for a unit that offers the Display fault, with one photo attached. */
export async function describeProblem(page: Page, options: { veretos?: boolean } = {}): Promise<void> {
  await expectText(page, 'Serial valid for new RMA!');
  await page.getByRole('combobox', { name: 'Primary Fault' }).selectOption('Display');
  await page.getByRole('combobox', { name: 'Problem' }).selectOption('Cracked or broken screen');
  await page.getByRole('textbox', { name: 'Service Request Notes' }).fill('Screen cracked after a drop from a truck step.');
  if (options.veretos) {
    await page.getByRole('group', { name: 'Is there data on the device?' }).getByRole('radio', { name: 'No' }).check();
  }
  await page.getByRole('checkbox', { name: 'I have backed up the data on the hard drive: it may be erased during the repair.' }).check();
  await page.getByLabel('Add photos or videos').setInputFiles(photo());
  await page.getByRole('button', { name: 'Remove cracked-screen.png' }).waitFor();
  await cont(page);
}

export interface AddressInput {
  country: string;
  state?: string;
  line1: string;
  city: string;
  postalCode: string;
}

/** Step 2: the contact is prefilled from the profile; the address is replaced when given. */
export async function contactInfo(page: Page, address?: AddressInput): Promise<void> {
  await page.getByRole('textbox', { name: 'First Name' }).waitFor();
  if (address) {
    await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption({ label: address.country });
    if (address.state) {
      await page.getByRole('combobox', { name: 'State / Province' }).selectOption({ label: address.state });
    }
    await page.getByRole('textbox', { name: 'Address Line 1' }).fill(address.line1);
    await page.getByRole('textbox', { name: 'Address Line 2' }).fill('');
    await page.getByLabel('City', { exact: true }).fill(address.city);
    await page.getByRole('textbox', { name: 'Postal Code' }).fill(address.postalCode);
  }
  await cont(page);
}

/** Step 4: the confirmation checkbox. */
export async function confirmAccurate(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'I confirm the above information is accurate' }).check();
}

/** Step 4: confirm and submit. */
export async function confirmAndSubmit(page: Page): Promise<void> {
  await confirmAccurate(page);
  await page.getByRole('button', { name: 'Submit RMA' }).click();
}

/**
 * Steps 3 and 4 for a customer who has a box: a label now, confirm, submit. Returns the number the
 * download step announces.
 */
export async function shipWithLabelAndSubmit(page: Page): Promise<string | undefined> {
  await page.getByRole('radio', { name: 'I have a box: give me a shipping label now' }).check();
  await cont(page);
  await expectText(page, 'Unit Description');
  await confirmAndSubmit(page);
  await expectText(page, 'Download Shipping Label');
  const heading = await page.getByText(/Your RMA RMA-\d+ has been created\./).first().textContent();
  return /RMA-\d+/.exec(heading ?? '')?.[0];
}

/** Opens a document button's new window and returns the PDF bytes it shows. */
export async function downloadDocument(page: Page, button: string): Promise<Buffer> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: button }).click()]);
  await popup.waitForLoadState();
  const base64 = await popup.evaluate(async () => {
    const bytes = new Uint8Array(await (await fetch(location.href)).arrayBuffer());
    let s = '';
    bytes.forEach((b) => (s += String.fromCharCode(b)));
    return btoa(s);
  });
  await popup.close();
  return Buffer.from(base64, 'base64');
}

/** Reads a label PDF as a person would: the printed tracking number and the decoded barcode. */
export function readLabel(pdf: Buffer): { printed: string; barcode: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-label-'));
  const file = path.join(dir, 'label.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', [file, '-']).toString();
  const printed = /TRACKING # (\S+)/.exec(text)?.[1] ?? '';
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
  const decoded = execFileSync('sh', ['-c', `zbarimg -q --raw -Scode128.enable ${dir}/page*.png || true`]).toString();
  const barcode = decoded.split('\n').map((l) => l.trim()).find((l) => /^[A-Z]{2}\d+$/.test(l)) ?? '';
  return { printed, barcode };
}

/** Recycle steps 1 and 2: every consent, then the prefilled contact. */
export async function recycleConsentAndContact(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /I own this unit/ }).check();
  await page.getByRole('checkbox', { name: /storage in the unit will be erased/ }).check();
  await page.getByRole('checkbox', { name: /ownership of the unit passes/ }).check();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await cont(page);
  await page.getByRole('form', { name: 'Contact Info' }).waitFor();
  await cont(page);
  await page.getByRole('form', { name: 'Request to Recycle Summary' }).waitFor();
}

/** Recycle step 3: the three confirmations, then submit. */
export async function recycleConfirmAll(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'I am recycling my unit.' }).check();
  await page.getByRole('checkbox', { name: "I understand my unit won't be returned once it's shipped." }).check();
  await page.getByRole('checkbox', { name: 'I confirm the above information is accurate.' }).check();
  await page.getByRole('button', { name: 'Submit Request to Recycle' }).click();
}

/** Fills and sends the support-ticket form of a signed-in customer (e-mail and name prefilled). */
export async function raiseTicket(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Support ticket' });
  await form.getByRole('textbox', { name: 'Phone' }).fill('(512)555-0142');
  await form.getByRole('textbox', { name: 'Subject' }).fill('Vehicle dock does not charge');
  await form.getByRole('combobox', { name: 'Case Type' }).selectOption('Hardware');
  await form.getByRole('textbox', { name: 'Description' }).fill('The dock in truck 12 stopped charging the tablet yesterday.');
  await form.getByRole('button', { name: 'Create ticket' }).click();
}
