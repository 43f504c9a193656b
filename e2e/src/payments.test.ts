// Out-of-warranty repairs and service quotes as customers pay for them, in Chromium against the
// built portal and its provider sandboxes (/sandbox/paypal, /sandbox/authnet), which the portal's
// real clients call by URL exactly as they would call PayPal and Authorize.net.
import type { Locator, Page } from 'playwright-core';
import { freshPortalPerTest } from './fresh';
import { payOnPayPal, toConfirmStep } from './payment';
import { confirmAccurate, contactInfo, describeProblem, expectText, onePagePdf, shipWithLabelAndSubmit } from './stepper';

const fresh = freshPortalPerTest();

/** RT10000002 is out of warranty without an override: its repair is paid before the label. */
const OUT_OF_WARRANTY = 'RT10000002';

const DECLINED = 'The payment was declined. Please use another card or payment method.';

/** Picks the problem of describeProblem and reads the price table's columns and first row. */
async function priceTable(page: Page): Promise<{ columns: string[]; row: string[] }> {
  await expectText(page, 'Serial valid for new RMA!');
  await page.getByRole('combobox', { name: 'Primary Fault' }).selectOption('Display');
  await page.getByRole('combobox', { name: 'Problem' }).selectOption('Cracked or broken screen');
  const table = page.getByRole('table', { name: 'Repair price' });
  await table.waitFor();
  return {
    columns: await table.getByRole('columnheader').allTextContents(),
    row: await table.getByRole('cell').allTextContents(),
  };
}

/** The message under a field, as its accessible description carries it ('' when none). */
async function fieldMessage(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).innerText()));
  return texts.join(' ').trim();
}

function openAs(user: string, url = `/create-rma/${OUT_OF_WARRANTY}`): Promise<Page> {
  return fresh.open(url, user);
}

describe('out-of-warranty payments in Chromium', () => {
  it('casey pays by card through PayPal and gets the label', async () => {
    const page = await openAs('casey@example.com');
    await expectText(page, 'Repairs may require payment upon diagnosis/inspection');
    expect(await priceTable(page)).toEqual({ columns: ['Selection', 'Cost (USD)'], row: ['Cracked or broken screen', '289.00'] });
    await toConfirmStep(page);
    await expectText(page, 'Total: $289.00');
    await confirmAccurate(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await payOnPayPal(page, '4111111111111111');
    await expectText(page, 'Download Shipping Label');
    const heading = await page.getByText(/Your RMA RMA-\d+ has been created\./).first().textContent();
    const rmaNumber = /RMA-\d+/.exec(heading ?? '')?.[0];
    expect(fresh.portal().outbox('casey@example.com')).toContain(`Subject: RMA ${rmaNumber} created`);
  });

  it('a declined card is told so, and another card then pays', async () => {
    const page = await openAs('casey@example.com');
    await toConfirmStep(page);
    await confirmAccurate(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payOnPayPal(page, '4000000000000002');
    await expectText(page, DECLINED);
    expect(await page.getByRole('link', { name: 'Download Shipping Label' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Try Again' }).click();
    await payOnPayPal(page, '5555555555554444');
    await expectText(page, 'Download Shipping Label');
  });

  it('cancelling at PayPal cancels the RMA and ends on /canceled', async () => {
    const page = await openAs('casey@example.com');
    await toConfirmStep(page);
    await confirmAccurate(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/sandbox\/paypal\//);
    await page.getByRole('button', { name: 'Cancel and return to merchant' }).click();
    await page.waitForURL(/\/canceled/);
    const rmaNumber = new URL(page.url()).searchParams.get('rma');
    expect(rmaNumber).toMatch(/^RMA-\d+$/);
    await page.getByText(rmaNumber ?? '', { exact: false }).first().waitFor();

    // The unit is free again: a new RMA may be opened for it.
    await page.goto(`${fresh.portal().url}/create-rma/${OUT_OF_WARRANTY}`);
    await expectText(page, 'Serial valid for new RMA!');
  });

  it('olivia pays by PO with a file and a release number, with her 10 % discount', async () => {
    const page = await openAs('olivia@fleetco.example');
    expect(await priceTable(page)).toEqual({
      columns: ['Selection', 'Cost (USD)', 'After Discount (USD)'],
      row: ['Cracked or broken screen', '289.00', '260.10'],
    });
    await toConfirmStep(page);
    await expectText(page, 'Total: $260.10');
    const method = page.getByRole('radiogroup', { name: 'Payment Method' });
    expect(await method.getByRole('radio', { name: 'PO' }).isChecked()).toBe(true);

    await confirmAccurate(page);
    // Each PO field says what is wrong as she leaves it, before any Submit.
    const poNumber = page.getByRole('textbox', { name: 'PO Number' });
    const release = page.getByRole('textbox', { name: 'Release Number' });
    const poFile = page.getByLabel('PO File');
    await poNumber.focus();
    await release.focus();
    expect(await fieldMessage(poNumber)).toBe('Required');
    for (const typed of ['12', 'abcd', '123456']) {
      await release.fill(typed);
      await poNumber.focus();
      expect(await release.inputValue()).toBe(typed);
      expect(await fieldMessage(release)).toBe('Must be 4 or 5 digits');
    }
    await poFile.focus();
    await poNumber.focus();
    expect(await fieldMessage(poFile)).toBe('Must Attach Files');

    await poNumber.fill('4471');
    await release.fill('123');
    await poFile.setInputFiles(onePagePdf());
    // The photos' uploader: the attached file, and no native 'No file chosen' beside it.
    const poGroup = page.getByRole('group', { name: 'PO File' });
    await poGroup.getByText('Attached: PO-4471.pdf').waitFor();
    expect((await poFile.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await poGroup.getByText('Choose file', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Submit RMA' }).click({ force: true });
    await expectText(page, 'Must be 4 or 5 digits');

    await release.fill('1234');
    await page.getByRole('button', { name: 'Submit RMA' }).click();
    await expectText(page, 'Download Shipping Label');
  });

  it('/success opened directly thanks for no payment: it says no quote was given', async () => {
    const page = await fresh.open('/success');
    await expectText(page, 'No quote was given. Please open the link from your e-mail again.');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Quote payment');
    expect(await page.getByText('Thank you', { exact: false }).count()).toBe(0);
  });

  it('Save Quote opens confirm-quote prefilled, and the saved quote is paid from there', async () => {
    const page = await openAs('casey@example.com');
    await toConfirmStep(page);
    await confirmAccurate(page);
    await page.getByRole('button', { name: 'Save Quote' }).click();
    await page.waitForURL(new RegExp(`/create-rma/${OUT_OF_WARRANTY}/confirm-quote`));
    await page.getByText(/Quote QT-[A-Z2-7]{12} saved/).first().waitFor();
    await expectText(page, 'Total: $289.00');
    await expectText(page, 'Cracked or broken screen');
    await expectText(page, 'cracked-screen.png');
    expect(await page.getByRole('button', { name: 'Save Quote' }).count()).toBe(0);

    await confirmAccurate(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payOnPayPal(page, '4111111111111111');
    await expectText(page, 'Download Shipping Label');
  });

  it('a service quote e-mailed after diagnosis is paid through Authorize.net', async () => {
    const { page, quote, rmaNumber } = await serviceQuoteForCasey();
    await page.goto(quote.payUrl.replace('/pay-quote/', '/pay-quote-by-authorize/'));
    await expectText(page, '$125.00');
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.waitForURL(/\/sandbox\/authnet\//);
    await page.getByLabel('Card Number').fill('4111111111111111');
    await page.getByLabel('Expiration Date (MMYY)').fill('1230');
    await page.getByLabel('Card Code').fill('123');
    await page.getByRole('button', { name: /Pay/ }).first().click();
    await page.waitForURL(/\/service-quote-successful/);
    await page.getByText(quote.uid).first().waitFor();
    await page.getByText(rmaNumber).first().waitFor();
  });

  it('the same kind of quote is paid through PayPal from the e-mailed link', async () => {
    const { page, quote } = await serviceQuoteForCasey();
    await page.goto(quote.payUrl);
    await expectText(page, '$125.00');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await payOnPayPal(page, '4111111111111111');
    await page.waitForURL(/\/success/);
    await page.getByText(quote.uid).first().waitFor();
    expect(fresh.portal().outbox('casey@example.com')).toContain(`Payment received for quote ${quote.uid}`);
  });
});

/**
 * An in-warranty RMA of casey's, then staff price the extra work found at inspection: the quote
 * is e-mailed to casey with its pay link.
 */
async function serviceQuoteForCasey(): Promise<{ page: Page; quote: { uid: string; payUrl: string }; rmaNumber: string }> {
  const page = await fresh.open('/create-rma/RT10000001', 'casey@example.com');
  await describeProblem(page);
  await contactInfo(page);
  const rmaNumber = (await shipWithLabelAndSubmit(page)) ?? '';
  const portal = fresh.portal();
  const issued = await fetch(`${portal.url}/payments/admin/service-quotes`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${portal.devToken('adam@example.com')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ rmaNumber, amountCents: 12_500, note: 'The keyboard needs replacing as well.' }),
  });
  expect(issued.status).toBe(201);
  const quote = (await issued.json()) as { uid: string; payUrl: string };
  expect(portal.outbox('casey@example.com')).toContain(quote.payUrl);
  return { page, quote, rmaNumber };
}
