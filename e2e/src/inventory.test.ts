// The service-managed inventory as casey uses it, in Chromium against the built portal: her units
// come from the RMAs of the demo history (see the README). Signed out, both inventory pages
// explain what they show and offer sign-in.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { signIn } from './browser';
import { onePortalPerFile } from './fresh';

/** casey's only VX12 without an open RMA in the demo history. */
const QUIET_CAMERA = 'VT10001062';
/** One of casey's VX12 cameras with an open RMA in the demo history. */
const BUSY_CAMERA = 'VT10001253';

const shared = onePortalPerFile();
const open = (url: string): Promise<Page> => shared.open(url);

/** The serials of the units table, in its order. */
async function serials(page: Page): Promise<string[]> {
  return page.getByRole('table', { name: 'Your units' }).getByRole('rowheader').allTextContents();
}

describe('service-managed inventory in Chromium', () => {
  it('casey filters her units, downloads them as CSV and opens a unit’s profile', async () => {
    const page = await open('/sm-inventory');
    await page.getByRole('region', { name: 'Sign in to see your inventory' }).getByRole('button', { name: 'Sign in' }).click();
    await signIn(page, 'casey@example.com');
    await page.waitForURL(`${shared.portal().url}/sm-inventory`);
    const table = page.getByRole('table', { name: 'Your units' });
    await table.waitFor();
    expect((await serials(page)).length).toBeGreaterThan(5);

    await page.getByRole('combobox', { name: 'Model' }).selectOption('VX12');
    await page.getByRole('status').getByText('5 units').waitFor();
    const cameras = await serials(page);
    expect(cameras).toHaveLength(5);
    expect(cameras.every((s) => s.startsWith('VT'))).toBe(true);

    await page.getByRole('combobox', { name: 'Open RMA' }).selectOption({ label: 'Without an open RMA' });
    await page.getByRole('status').getByText('1 unit', { exact: true }).waitFor();
    expect(await serials(page)).toEqual([QUIET_CAMERA]);

    await page.getByRole('combobox', { name: 'Open RMA' }).selectOption({ label: 'With an open RMA' });
    await page.getByRole('status').getByText('4 units').waitFor();
    const rmaLink = await table.getByRole('row').filter({ hasText: 'VT' }).first().getByRole('link', { name: /^RMA-\d+ / }).getAttribute('href');
    expect(rmaLink).toBe('/your-account/rma-history');

    await page.getByRole('combobox', { name: 'Open RMA' }).selectOption({ label: 'With or without' });
    await page.getByLabel('Search').fill(QUIET_CAMERA.slice(-4));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').getByText('1 unit', { exact: true }).waitFor();

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe('inventory.csv');
    const lines = readFileSync((await csv.path()) as string, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Serial,Model,Model Family,Product Type,Warranty,Warranty End,Open RMA,Open RMA Status,Registered,Registered At,Sources');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${QUIET_CAMERA},VX12,Veretos,VERETOS,(IN_WARRANTY|OUT_OF_WARRANTY),\\d{4}-\\d{2}-\\d{2},,,no,,rma$`));

    await table.getByRole('link', { name: QUIET_CAMERA }).click();
    await page.waitForURL(`${shared.portal().url}/sm-inventory-profile?serial=${QUIET_CAMERA}`);
    await page.getByRole('heading', { name: `Unit ${QUIET_CAMERA}` }).waitFor();
    const warranty = page.getByRole('region', { name: 'Warranty' });
    await warranty.getByText('Veretos', { exact: true }).waitFor();
    // Dates as everywhere in the portal (spec §9 'MMM d yyyy'), not 'Mar 31, 2025'.
    expect(await warranty.locator('dt:text-is("Warranty ends") + dd').innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2} \d{4}$/);
    const history = page.getByRole('table', { name: 'RMAs of this unit' });
    await history.waitFor();
    expect(await history.getByRole('rowheader').count()).toBeGreaterThan(0);
    await page.getByRole('region', { name: 'Parts orders' }).getByText('No parts were ordered for this unit.').waitFor();
    const upgrades = page.getByRole('region', { name: 'Upgrades' });
    await upgrades.getByText('Extended battery (14-hour)').waitFor();
    expect(await upgrades.getByRole('link', { name: 'Upgrade this unit' }).getAttribute('href')).toBe(`/upgrade-device/${QUIET_CAMERA}`);
    await page.getByRole('region', { name: 'Drivers' }).getByRole('status').waitFor({ state: 'detached' });
  });

  it('a unit with an open RMA lists its upgrades but offers none until the RMA is closed', async () => {
    const page = await open(`/sm-inventory-profile?serial=${BUSY_CAMERA}`);
    await page.getByRole('region', { name: "Sign in to see this unit's profile" }).getByRole('button', { name: 'Sign in' }).click();
    await signIn(page, 'casey@example.com');
    await page.waitForURL(`${shared.portal().url}/sm-inventory-profile?serial=${BUSY_CAMERA}`);
    await page.getByRole('region', { name: 'Warranty' }).getByText(/^RMA-\d+ /).waitFor();

    const upgrades = page.getByRole('region', { name: 'Upgrades' });
    await upgrades.getByText('Extended battery (14-hour)').waitFor();
    await upgrades.getByText('This unit has an open RMA. An upgrade can be requested once that RMA is closed.').waitFor();
    expect(await upgrades.getByRole('link', { name: 'Upgrade this unit' }).count()).toBe(0);
  });

  it('a signed-out visitor is told what the inventory shows and offered sign-in', async () => {
    const page = await open('/sm-inventory');
    await page.getByText('Every unit you and your organization hold', { exact: false }).waitFor();
    const prompt = page.getByRole('region', { name: 'Sign in to see your inventory' });
    await prompt.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);

    await page.goto(`${shared.portal().url}/sm-inventory-profile?serial=${QUIET_CAMERA}`);
    await page.getByRole('region', { name: "Sign in to see this unit's profile" }).getByRole('button', { name: 'Sign in' }).click();
    await signIn(page, 'casey@example.com');
    await page.waitForURL(`${shared.portal().url}/sm-inventory-profile?serial=${QUIET_CAMERA}`);
    await page.getByRole('heading', { name: `Unit ${QUIET_CAMERA}` }).waitFor();
  });
});
