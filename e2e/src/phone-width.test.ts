// The portal on a phone's screen, in Chromium against the built portal: no page is wider than
// the screen, so nothing is cut off at its right edge or needs the whole page dragged sideways.
// A table whose columns need more room scrolls sideways on its own.
import type { Locator, Page } from 'playwright-core';
import { onePortalPerFile } from './fresh';
import { confirmAndSubmit, cont, contactInfo, describeProblem, expectText } from './stepper';

const shared = onePortalPerFile();

/** The narrowest screen of phones in common use, in CSS pixels. */
const PHONE = { width: 320, height: 640 };

/** Each page with what shows it has its content (a table's rows, a unit's card, a form). */
const pages: [string, (page: Page) => Locator][] = [
  ['/', (page) => page.getByRole('heading', { name: 'Repairs and service for your rugged devices' })],
  ['/create-rma/RT10000001', (page) => page.getByRole('heading', { name: 'RT10000001', level: 3 })],
  ['/recycle-unit/RT10000002', (page) => page.getByRole('heading', { name: 'RT10000002', level: 3 })],
  ['/parts-order', (page) => page.getByRole('heading', { name: /parts? found$/ })],
  ['/sm-inventory', (page) => page.getByRole('table', { name: 'Your units' }).getByRole('row').nth(1)],
  ['/help-support', (page) => page.getByRole('form', { name: 'Contact form' })],
  ['/your-account/rma-history', (page) => page.getByRole('button', { name: /^Details of RMA-/ }).first()],
  ['/your-account/quotes', (page) => page.getByRole('table', { name: 'Saved quotes' }).getByRole('row').nth(1)],
  ['/your-account/parts-orders-history', (page) => page.getByRole('table', { name: 'Parts orders' }).getByRole('row').nth(1)],
  ['/your-account/account-settings', (page) => page.getByRole('combobox', { name: 'Phone country code' })],
];

/** How far the page reaches past the screen's right edge, in CSS pixels (0 when it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('the portal on a phone', () => {
  let page: Page;

  beforeAll(async () => {
    page = await shared.open('/your-account/rma-history', 'casey@example.com', { viewport: PHONE, isMobile: true, hasTouch: true });
    // A page with a form in progress asks before it is left; here every page is only looked at.
    page.on('dialog', (dialog) => void dialog.accept());
  }, 60_000);

  afterAll(async () => {
    await page?.context().close();
  });

  it.each(pages)('%s is no wider than the screen', async (path, content) => {
    await page.goto(`${shared.portal().url}${path}`);
    await content(page).waitFor();
    expect(await overflow(page)).toBe(0);
  });

  it('a table wider than the screen scrolls on its own', async () => {
    await page.goto(`${shared.portal().url}/your-account/rma-history`);
    const table = page.getByRole('table', { name: 'Your RMAs' });
    await table.getByRole('button', { name: /^Details of RMA-/ }).first().waitFor();
    const widths = await table.evaluate((element) => ({
      table: element.scrollWidth,
      scroller: element.parentElement!.clientWidth,
      scrolls: getComputedStyle(element.parentElement!).overflowX,
    }));
    expect(widths.table).toBeGreaterThan(widths.scroller);
    expect(widths.scrolls).toBe('auto');
    expect(await overflow(page)).toBe(0);
  });

  it('every step of a new RMA fits the screen, up to its label', async () => {
    await page.goto(`${shared.portal().url}/create-rma/RT10000001`);
    await describeProblem(page);
    await page.getByRole('textbox', { name: 'First Name' }).waitFor();
    expect(await overflow(page)).toBe(0);
    await contactInfo(page);
    // The drop-off choice lists the shipping offices near the address.
    await page.getByRole('radio', { name: 'Drop it off at a retail shipping office' }).check();
    await page.getByRole('list', { name: 'Nearby shipping offices' }).waitFor();
    expect(await overflow(page)).toBe(0);
    await page.getByRole('radio', { name: 'I have a box: give me a shipping label now' }).check();
    await cont(page);
    await expectText(page, 'Unit Description');
    expect(await overflow(page)).toBe(0);
    await confirmAndSubmit(page);
    await expectText(page, 'Download Shipping Label');
    expect(await overflow(page)).toBe(0);
  });

  it("an RMA's details window fits the screen", async () => {
    await page.goto(`${shared.portal().url}/your-account/rma-history`);
    await page.getByRole('button', { name: /^Details of RMA-/ }).first().click();
    const details = page.getByRole('dialog');
    await details.getByText('Problem', { exact: true }).first().waitFor();
    const box = await details.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await details.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    expect(await overflow(page)).toBe(0);
  });
});
