// The ways back from PayPal, as customers take them, in Chromium against the built portal and its
// PayPal sandbox (issue 26 items 10, 11 and the receipt of 13): the label page after a card
// payment names the unit and the receipt; a payment left with the browser's Back button can be
// paid or cancelled from the page the customer comes back to, from Your RMAs (the row and the
// details window), from the unit's create-rma page, and a parts order from its checkout.
import type { Page } from 'playwright-core';
import { freshPortalPerTest } from './fresh';
import { continueToPayPal, fact, leavePayPalWithBack, payOnPayPal, toConfirmStep } from './payment';
import { expectText } from './stepper';

const fresh = freshPortalPerTest();

/** RT10000002 is casey's kind of unit: out of warranty, no override, a Summit ST12 tablet. */
const SERIAL = 'RT10000002';
const DECLINED = 'The payment was declined. Please use another card or payment method.';

/** casey's out-of-warranty RMA for RT10000002, up to PayPal's approval page. */
async function toPayPal(): Promise<Page> {
  const page = await fresh.open(`/create-rma/${SERIAL}`, 'casey@example.com');
  await toConfirmStep(page);
  await continueToPayPal(page);
  return page;
}

/** The label page after the payment: the unit's facts from the registry, and the receipt. */
async function expectLabelPageWithUnitAndReceipt(page: Page): Promise<string> {
  await expectText(page, 'Download Shipping Label');
  expect(await fact(page, 'Unit Description', 'Serial')).toBe(SERIAL);
  expect(await fact(page, 'Unit Description', 'Model')).toBe('ST12');
  expect(await fact(page, 'Unit Description', 'Model Family')).toBe('Summit');
  expect(await fact(page, 'Unit Description', 'Part Number')).toBe('ST12-G2-16');
  expect(await fact(page, 'Problem Description', 'Problem')).toBe('Cracked or broken screen');
  expect(await fact(page, 'Payment Receipt', 'Amount Paid')).toBe('$289.00');
  expect(await fact(page, 'Payment Receipt', 'Payment Method')).toBe('Credit Card');
  const reference = await fact(page, 'Payment Receipt', 'Payment Reference');
  expect(reference).toMatch(/^[A-Z0-9]{6,}$/);
  return reference;
}

/** The number of the RMA the page says awaits its payment. */
async function pendingNumber(page: Page): Promise<string> {
  const title = await page.getByRole('region', { name: /^RMA RMA-\d+ is waiting for its payment\.$/ }).getAttribute('aria-label');
  return /RMA-\d+/.exec(title ?? '')?.[0] ?? '';
}

describe('the label page after a card payment', () => {
  it('casey pays by card and sees the unit and the receipt on the label page', async () => {
    const page = await toPayPal();
    await payOnPayPal(page, '4111111111111111');

    const reference = await expectLabelPageWithUnitAndReceipt(page);
    const heading = await page.getByText(/Your RMA RMA-\d+ has been created\./).first().textContent();
    const rmaNumber = /RMA-\d+/.exec(heading ?? '')?.[0] ?? '';
    expect(fresh.portal().outbox('casey@example.com')).toContain(`Subject: Payment received for quote`);
    expect(reference).not.toBe('');
    expect(rmaNumber).toMatch(/^RMA-\d+$/);
  });

  it('a declined card, then Try Again with another card, ends on the same label page', async () => {
    const page = await toPayPal();
    await payOnPayPal(page, '4000000000000002');
    await expectText(page, DECLINED);

    await page.getByRole('button', { name: 'Try Again' }).click();
    await payOnPayPal(page, '5555555555554444');
    await expectLabelPageWithUnitAndReceipt(page);
  });
});

describe("leaving PayPal with the browser's Back button", () => {
  it('the page the customer comes back to offers Pay Now, which pays and shows the label', async () => {
    const page = await toPayPal();
    await leavePayPalWithBack(page, fresh.portal().url);

    const number = await pendingNumber(page);
    expect(number).toMatch(/^RMA-\d+$/);
    await expectText(page, 'RMA Already Exists For This Unit');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await payOnPayPal(page, '4111111111111111');

    await expectLabelPageWithUnitAndReceipt(page);
    await expectText(page, `Your RMA ${number} has been created.`);
  });

  it('Your RMAs offers Pay Now in the RMA’s row, which pays and shows the label', async () => {
    const page = await toPayPal();
    await leavePayPalWithBack(page, fresh.portal().url);
    const number = await pendingNumber(page);

    await page.goto(`${fresh.portal().url}/your-account/rma-history`);
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Details of ${number}` }) });
    await row.getByText('Awaiting payment').waitFor();
    await row.getByRole('button', { name: `Cancel RMA ${number}` }).waitFor();
    await row.getByRole('button', { name: `Pay Now ${number}` }).click();
    await payOnPayPal(page, '4111111111111111');

    await expectLabelPageWithUnitAndReceipt(page);
    await expectText(page, `Your RMA ${number} has been created.`);
  });

  it('the RMA’s details window offers Cancel RMA, which frees the unit', async () => {
    const page = await toPayPal();
    await leavePayPalWithBack(page, fresh.portal().url);
    const number = await pendingNumber(page);

    await page.goto(`${fresh.portal().url}/your-account/rma-history`);
    await page.getByRole('button', { name: `Details of ${number}` }).click();
    const details = page.getByRole('dialog', { name: number });
    await details.getByRole('button', { name: `Pay Now ${number}` }).waitFor();
    await details.getByRole('button', { name: `Cancel RMA ${number}` }).click();

    await page.waitForURL(/\/canceled\?rma=/);
    expect(new URL(page.url()).searchParams.get('rma')).toBe(number);
    await page.goto(`${fresh.portal().url}/create-rma/${SERIAL}`);
    await expectText(page, 'Serial valid for new RMA!');
  });

  it("the unit's create-rma page, opened anew, offers Cancel RMA, which frees the unit", async () => {
    const page = await toPayPal();
    await leavePayPalWithBack(page, fresh.portal().url);
    const number = await pendingNumber(page);

    await page.goto(`${fresh.portal().url}/`);
    await page.goto(`${fresh.portal().url}/create-rma/${SERIAL}`);
    expect(await pendingNumber(page)).toBe(number);
    await page.getByRole('button', { name: 'Cancel RMA' }).click();

    await page.waitForURL(/\/canceled\?rma=/);
    await page.goto(`${fresh.portal().url}/create-rma/${SERIAL}`);
    await expectText(page, 'Serial valid for new RMA!');
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
  });

  it('the parts checkout the customer comes back to offers the unpaid order, to pay or cancel', async () => {
    const page = await fresh.open('/your-account/rma-history', 'adam@example.com');
    await page.goto(`${fresh.portal().url}/parts-order/manual`);
    await page.getByRole('textbox', { name: 'Part numbers and quantities' }).fill('RL14-BAT-STD 2');
    await page.getByRole('button', { name: 'Check parts' }).click();
    await page.getByRole('button', { name: 'Add 1 part to cart' }).click();
    await page.goto(`${fresh.portal().url}/parts-order/checkout`);
    await page.getByRole('table', { name: 'Items and prices' }).getByRole('row', { name: 'Total $258.00' }).waitFor();
    await page.getByRole('button', { name: 'Place order' }).click();
    await leavePayPalWithBack(page, fresh.portal().url);

    const orders = page.getByRole('region', { name: 'Orders waiting for their payment' });
    const number = ((await orders.getByText(/^PB-\d{6}$/).first().textContent()) ?? '').trim();
    expect(number).toMatch(/^PB-\d{6}$/);
    await orders.getByRole('button', { name: `Cancel Order ${number}` }).waitFor();
    await orders.getByRole('button', { name: `Pay Now ${number}` }).click();
    await payOnPayPal(page, '4111111111111111');

    await page.waitForURL(/\/parts-order\/success$/);
    await expectText(page, number);
  });
});
