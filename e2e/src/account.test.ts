// The your-account pages as the demo customers use them, on the embedded default: the service
// history the seed writes (stable RMA numbers, see the README), followed through its statuses,
// the organization's view, and a saved quote opened again.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { onePortalPerFile } from './fresh';
import { toConfirmStep } from './payment';
import { confirmAccurate, describeProblem, expectText, onePagePdf } from './stepper';

/** casey's repaired and closed RMA: a timeline from creation to closure and a repair summary. */
const CLOSED_REPAIR = 'RMA-100083';
/** casey's RMA whose unit is on its way to the service center. */
const AWAITING_UNIT = 'RMA-100393';
/** diego's RMA, which olivia sees as her organization's. */
const DIEGOS = 'RMA-100388';

const shared = onePortalPerFile();
const openAs = (url: string, user: string): Promise<Page> => shared.open(url, user);

/** Types into the history's filter and waits for the table to show only that RMA. */
async function filterTo(page: Page, rmaNumber: string): Promise<void> {
  await page.getByLabel('Filter').fill(rmaNumber);
  await page.getByText('1 RMA', { exact: false }).first().waitFor();
  await page.getByRole('button', { name: `Details of ${rmaNumber}` }).waitFor();
}

/** The 'Your account' menu is on the page, with the page's own link marked as the open one. */
async function currentAccountPage(page: Page, link: string): Promise<void> {
  const current = page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: link, exact: true });
  expect(await current.getAttribute('aria-current')).toBe('page');
}

describe('your account in Chromium', () => {
  it('casey finds an RMA by filter, reads its timeline and repair summary, and downloads the CSV', async () => {
    const page = await openAs('/your-account', 'casey@example.com');
    await page.waitForURL(/\/your-account\/rma-history$/);
    await page.getByRole('heading', { name: 'Your RMAs' }).waitFor();
    await filterTo(page, CLOSED_REPAIR);

    await page.getByRole('button', { name: `Details of ${CLOSED_REPAIR}` }).click();
    const details = page.getByRole('dialog');
    const timeline = details.getByRole('region', { name: 'Status timeline' });
    await timeline.getByText('Closed', { exact: true }).first().waitFor();
    const steps = await timeline.getByRole('listitem').allInnerTexts();
    const order = ['Awaiting unit', 'Received', 'Diagnosing', 'Repairing', 'Shipped back', 'Closed'].map((status) =>
      steps.findIndex((step) => step.includes(status)),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    await details.getByRole('button', { name: 'Repair Summary' }).click();
    const summary = details.getByRole('region', { name: 'Repair Summary' });
    await summary.getByText('Parts replaced', { exact: true }).first().waitFor();
    await summary.getByText('Work performed', { exact: true }).first().waitFor();
    const [pdf] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(readFileSync((await pdf.path()) as string).subarray(0, 5).toString()).toBe('%PDF-');
    await details.getByRole('button', { name: 'Close' }).first().click();

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const lines = readFileSync((await csv.path()) as string, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('RMA Number,Type,Status,Serial,Model,Problem,Customer Reference,Asset Tag,Opened By,Created,Updated');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${CLOSED_REPAIR},REPAIR,CLOSED,`));
  });

  it('an RMA the service center advances shows its new status on the open dashboard', async () => {
    const page = await openAs('/your-account/dashboard', 'casey@example.com');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('figure', { name: 'RMAs by status' }).waitFor();

    const res = await fetch(`${shared.portal().url}/rma-manager/admin/rmas/${AWAITING_UNIT}/advance`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${shared.portal().devToken('adam@example.com')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'RECEIVED', note: 'Unit arrived at the service center.' }),
    });
    expect(res.status).toBe(200);
    await expectText(page, `${AWAITING_UNIT} is now Received`);
  });

  it('olivia sees her organization’s RMAs, marked, and its branches; casey has no branches page', async () => {
    const olivia = await openAs('/your-account/rma-history', 'olivia@fleetco.example');
    await filterTo(olivia, DIEGOS);
    const row = olivia.getByRole('row').filter({ hasText: DIEGOS });
    await row.getByText('Organization', { exact: true }).waitFor();
    await row.getByText('Diego Alvarez').waitFor();

    await olivia.goto(`${shared.portal().url}/your-account/branches`);
    await olivia.getByRole('heading', { name: /Branches/ }).first().waitFor();
    await currentAccountPage(olivia, 'Branches');
    await olivia.getByText('FleetCo Utilities').first().waitFor();
    expect(await olivia.getByRole('button', { name: /^Edit / }).count()).toBeGreaterThan(0);

    const casey = await openAs('/your-account/rma-history', 'casey@example.com');
    expect(await casey.getByRole('link', { name: 'Branches' }).count()).toBe(0);
    await casey.goto(`${shared.portal().url}/your-account/branches`);
    await casey.waitForURL(`${shared.portal().url}/`);
  });

  it('a saved quote opens into create-rma from the quotes page', async () => {
    const page = await openAs('/create-rma/RT10000002', 'casey@example.com');
    await toConfirmStep(page);
    await confirmAccurate(page);
    await page.getByRole('button', { name: 'Save Quote' }).click();
    const saved = await page.getByText(/Quote QT-[A-Z2-7]{12} saved/).first().innerText();
    const quoteId = /QT-[A-Z2-7]{12}/.exec(saved)?.[0] as string;

    await page.goto(`${shared.portal().url}/your-account/saved-quotes`);
    await page.getByRole('button', { name: `Open ${quoteId}` }).click();
    await page.waitForURL(/\/create-rma\/RT10000002\/confirm-quote/);
    await expectText(page, 'Total: $289.00');
    await expectText(page, 'Cracked or broken screen');
    expect(await page.getByRole('button', { name: 'Save Quote' }).count()).toBe(0);
  });

  it('casey saves her settings for every form, registers a unit with its proof and downloads a driver of its model', async () => {
    const page = await openAs('/your-account/account-settings', 'casey@example.com');
    await currentAccountPage(page, 'Account settings');
    await page.getByRole('textbox', { name: 'Position' }).fill('Field Service Lead');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectText(page, 'Your settings have been saved. New requests use them from now on.');
    await page.goto(`${shared.portal().url}/create-rma/RT10000001`);
    await describeProblem(page);
    expect(await page.getByRole('textbox', { name: 'Position' }).inputValue()).toBe('Field Service Lead');

    await page.goto(`${shared.portal().url}/your-account/product-registration`);
    await page.getByRole('textbox', { name: 'Serial Number' }).fill('rt10000009');
    await page.getByLabel('Purchase Date').fill('2025-06-14');
    await page.getByLabel('Proof of Purchase').setInputFiles(onePagePdf('receipt-RT10000009.pdf'));
    await page.getByText('Attached: receipt-RT10000009.pdf').waitFor();
    await page.getByRole('button', { name: 'Register' }).click();
    await expectText(page, 'Unit RT10000009 has been registered.');
    await page.getByRole('rowheader', { name: 'RT10000009' }).waitFor();

    await page.goto(`${shared.portal().url}/your-account/drivers`);
    const download = page.getByRole('button', { name: /^Download / }).first();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const sha256 = createHash('sha256').update(readFileSync((await file.path()) as string)).digest('hex');
    await page.getByText(sha256, { exact: true }).first().waitFor();
  });
});
