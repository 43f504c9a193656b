// The create-rma stepper as a customer uses it, from serial to shipping label, in Chromium against
// the built portal. Each flow gets a fresh portal, so every demo unit is still valid for a new RMA.
import type { Page } from 'playwright-core';
import { freshPortalPerTest } from './fresh';
import { confirmAndSubmit, cont, contAnyway, contactInfo, describeProblem, downloadDocument, expectText, readLabel, shipWithLabelAndSubmit, video } from './stepper';

const fresh = freshPortalPerTest();

function openAsCasey(serial: string): Promise<Page> {
  return fresh.open(`/create-rma/${serial}`, 'casey@example.com');
}

describe('create-rma in Chromium', () => {
  it('US address with a label: the label PDF barcode decodes to its tracking number, and the link is e-mailed', async () => {
    const page = await openAsCasey('RT10000001');
    await describeProblem(page);
    await contactInfo(page);
    const rmaNumber = await shipWithLabelAndSubmit(page);
    expect(rmaNumber).toBeDefined();
    expect(await page.getByRole('link', { name: 'Download Commercial Invoice' }).count()).toBe(0);

    const { printed, barcode } = readLabel(await downloadDocument(page, 'Download Shipping Label'));
    expect(printed).toMatch(/^RF\d{11}$/);
    expect(barcode).toBe(printed);
    expect(fresh.portal().outbox('casey@example.com')).toContain(`Subject: RMA ${rmaNumber} created`);

    await page.getByRole('button', { name: 'Need to Create a new Service Request?' }).click();
    await page.getByRole('textbox', { name: 'Serial Number' }).waitFor();
  });

  it('Canadian address: label only, with a commercial invoice', async () => {
    const page = await openAsCasey('RT10000001');
    await describeProblem(page);
    await contactInfo(page, { country: 'Canada', state: 'Ontario', line1: '100 King St W', city: 'Toronto', postalCode: 'M5X 1A9' });
    await expectText(page, 'Addresses in Canada and military (APO/FPO/DPO) addresses ship with a prepaid label, provided as soon as the RMA is created.');
    await cont(page);
    await confirmAndSubmit(page);
    await expectText(page, 'Download Commercial Invoice');
    const invoice = await downloadDocument(page, 'Download Commercial Invoice');
    expect(invoice.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('APO address: label only, military city', async () => {
    const page = await openAsCasey('RT10000001');
    await describeProblem(page);
    await contactInfo(page, { country: 'United States', state: 'Armed Forces Pacific', line1: 'Unit 2050 Box 4190', city: 'APO', postalCode: '96278' });
    await expectText(page, 'Addresses in Canada and military (APO/FPO/DPO) addresses ship with a prepaid label, provided as soon as the RMA is created.');
    await cont(page);
    await confirmAndSubmit(page);
    await expectText(page, 'Download Shipping Label');
  });

  it('address abroad: no label, contact support', async () => {
    const page = await openAsCasey('RT10000001');
    await describeProblem(page);
    await contactInfo(page, { country: 'Germany', line1: 'Friedrichstrasse 100', city: 'Berlin', postalCode: '10117' });
    await expectText(page, 'International RMAs get no automatic shipping label. Once the RMA is created, please contact support at service@rugged.example to arrange the shipment.');
    await cont(page);
    await confirmAndSubmit(page);
    await expectText(page, 'No shipping label is provided for international RMAs: please contact support at service@rugged.example with your RMA number to arrange the shipment.');
    expect(await page.getByRole('link', { name: 'Download Shipping Label' }).count()).toBe(0);
  });

  it('VERETOS unit: the data question instead of credentials', async () => {
    const page = await openAsCasey('VT10000007');
    await expectText(page, 'Serial valid for new RMA!');
    expect(await page.getByRole('textbox', { name: 'Windows Username' }).count()).toBe(0);
    await describeProblem(page, { veretos: true });
    await contactInfo(page);
    await page.getByRole('radio', { name: 'Drop it off at a retail shipping office' }).check();
    await page.getByRole('list', { name: 'Nearby shipping offices' }).getByText(/Rugged Freight Drop-off/).first().waitFor();
    await cont(page);
    await confirmAndSubmit(page);
    await expectText(page, 'Download Shipping Label');
  });

  it('out-of-warranty unit with an override submits directly', async () => {
    const page = await openAsCasey('RT10000003');
    await expectText(page, 'An override has been applied to allow you to submit this RMA without prepayment');
    await describeProblem(page);
    await contactInfo(page);
    await page.getByRole('radio', { name: 'Send me a box' }).check();
    await cont(page);
    await confirmAndSubmit(page);
    await expectText(page, 'A box with the shipping label is on its way to you: allow 3-5 business days for it to arrive.');
  });

  it('one validation failure per step shows its message', async () => {
    const page = await openAsCasey('RT10000001');
    await expectText(page, 'Serial valid for new RMA!');
    await contAnyway(page);
    await expectText(page, 'Missing Required Fields!');
    await describeProblem(page);

    await page.getByRole('textbox', { name: 'First Name' }).fill('');
    await page.getByRole('textbox', { name: 'Address Line 1' }).fill('PO Box 1234');
    await contAnyway(page);
    await expectText(page, 'Error Validating Information');
    await expectText(page, 'Cannot be a PO box');
    await page.getByRole('textbox', { name: 'First Name' }).fill('Casey');
    await page.getByRole('textbox', { name: 'Address Line 1' }).fill('2100 Riverside Dr');
    await cont(page);

    await contAnyway(page);
    await expectText(page, 'Missing Required Fields!');
    await page.getByRole('radio', { name: 'I have a box: give me a shipping label now' }).check();
    await cont(page);

    await page.getByRole('button', { name: 'Submit RMA' }).click({ force: true });
    await expectText(page, 'Missing Required Fields!');
  });

  it('an upload shows its progress and can be cancelled', async () => {
    const page = await openAsCasey('RT10000001');
    await expectText(page, 'Serial valid for new RMA!');
    // A slow uplink, so the upload is still running when the customer cancels it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
    await page.getByLabel('Add photos or videos').setInputFiles(video('walkaround.mp4', 8 * 1024 * 1024));
    const progress = page.getByRole('progressbar', { name: 'Uploading walkaround.mp4' });
    await progress.waitFor();
    await page.getByRole('button', { name: 'Cancel upload of walkaround.mp4' }).click();
    await expectText(page, 'Operation canceled by the user.');
    expect(await page.getByRole('button', { name: 'Remove walkaround.mp4' }).count()).toBe(0);

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByLabel('Add photos or videos').setInputFiles(video('walkaround.mp4', 256 * 1024));
    await page.getByRole('button', { name: 'Remove walkaround.mp4' }).waitFor();
    await page.getByRole('button', { name: 'Remove walkaround.mp4' }).click();
    await page.getByRole('button', { name: 'Remove walkaround.mp4' }).waitFor({ state: 'detached' });
  });

  it('an address the carrier refuses shows the address message and creates nothing', async () => {
    const page = await openAsCasey('RT10000001');
    await describeProblem(page);
    await contactInfo(page, { country: 'United States', state: 'Texas', line1: '2100 Riverside Dr', city: 'Austin', postalCode: 'ABCDE' });
    await page.getByRole('radio', { name: 'I have a box: give me a shipping label now' }).check();
    await cont(page);
    await confirmAndSubmit(page);
    await expectText(page, 'Error validating address, please verify your information and try again.');
    expect(await page.getByRole('link', { name: 'Download Shipping Label' }).count()).toBe(0);
  });
});
