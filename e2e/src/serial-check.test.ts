// The walking skeleton as a customer meets it: sign-in through the provider, the serial check and
// every unit card, the 401 page for a user without a portal role, and not-found.
import type { Browser, Page } from 'playwright-core';
import { signIn, startBrowser, type RunningBrowser } from './browser';
import { startPortal, type RunningPortal } from './portal';

let portal: RunningPortal;
let chromium: RunningBrowser;
let browser: Browser;

beforeAll(async () => {
  // One after the other, so a failed browser start still leaves the portal to stop.
  portal = await startPortal();
  chromium = await startBrowser();
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.stop();
  await portal?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function signedInAsCasey(): Promise<Page> {
  const page = await newPage();
  await page.goto(`${portal.url}/create-rma`);
  await signIn(page, 'casey@example.com');
  await page.waitForURL(`${portal.url}/create-rma**`);
  return page;
}

async function checkSerial(page: Page, serial: string): Promise<void> {
  const field = page.getByLabel('Serial Number');
  await field.fill('');
  await field.fill(serial);
}

describe('serial check in Chromium', () => {
  it('signed out, /create-rma/RT10000001 goes to sign-in and comes back to a valid serial', async () => {
    const page = await newPage();
    await page.goto(`${portal.url}/create-rma/RT10000001`);
    await page.waitForURL(/\/idp\/login/);
    await signIn(page, 'casey@example.com');
    await page.waitForURL(`${portal.url}/create-rma/RT10000001**`);
    await expectText(page, 'Serial valid for new RMA!');
    await expectText(page, 'Covered under warranty until Jun 30 2028');
    await page.context().close();
  });

  it('shows each demo unit with its card', async () => {
    const page = await signedInAsCasey();
    const cases: Array<[string, string]> = [
      ['ZZ99999999', 'Serial Not Found'],
      ['RT10000002', 'Repairs may require payment upon diagnosis/inspection'],
      ['RT10000003', 'An override has been applied to allow you to submit this RMA without prepayment'],
      ['RT10000004', 'This unit has reached end of service and can no longer be repaired.'],
      ['RT10000005', 'Please contact the helpdesk to arrange the return of this unit.'],
      ['RT10000006', 'RMA Already Exists For This Unit'],
      ['VT10000007', 'Serial valid for new RMA!'],
      ['RT10000008', 'Your unit is missing data, please contact support'],
      ['RT10000009', 'This unit is handled through a special service process (advance exchange).'],
    ];
    for (const [serial, text] of cases) {
      await checkSerial(page, serial);
      await expectText(page, text);
    }
    await checkSerial(page, 'rt10000004');
    await expectText(page, 'Serial not valid for new RMA');
    await page.context().close();
  });

  it('sends a signed-in user without a portal role to the 401 page', async () => {
    const page = await newPage();
    await page.goto(`${portal.url}/create-rma`);
    await signIn(page, 'nora@example.com');
    await page.waitForURL(`${portal.url}/401**`);
    await expect(page.getByRole('heading', { name: 'No permission' }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('shows not-found for an unknown path', async () => {
    const page = await newPage();
    await page.goto(`${portal.url}/no-such-page/at-all`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  });
});

async function expectText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}
