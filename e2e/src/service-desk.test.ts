// The service desk (issue 29) in Chromium against the built portal: tariq, a depot technician,
// scans the serial of a demo RMA's unit that is on its way, receives it with a condition photo,
// diagnoses it as covered, records the repair with its QA checklist and ships it back, and reads
// the return tracking; casey, a customer, is refused the service desk and never sees it offered.
import type { Page } from 'playwright-core';
import { signIn } from './browser';
import { onePortalPerFile } from './fresh';
import type { RunningPortal } from './portal';
import { photo } from './stepper';

const shared = onePortalPerFile();

const TARIQ = 'tariq@rugged.example';

interface QueueItem {
  rmaNumber: string;
  serial: string;
  rmaType: string;
  customer: string;
}

/** One of casey's demo repair RMAs whose unit is on its way to the depot, as the queue lists it to tariq. */
async function awaitingUnit(portal: RunningPortal): Promise<QueueItem> {
  const res = await fetch(`${portal.url}/depot/queue?status=AWAITING_UNIT&first=50`, { headers: { Authorization: `Bearer ${portal.devToken(TARIQ)}` } });
  if (!res.ok) throw new Error(`GET /depot/queue: ${res.status} ${await res.text()}`);
  const { items } = (await res.json()) as { items: QueueItem[] };
  const repair = items.find((item) => item.rmaType === 'REPAIR' && item.customer.startsWith('Casey'));
  if (!repair) throw new Error("the demo history has no repair RMA of casey's awaiting its unit");
  return repair;
}

/** The remotes (by their /remotes/<name>/ folder) the document fetched any file of, sorted. */
async function remotesFetched(page: Page): Promise<string[]> {
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  const names = urls.map((url) => /^\/remotes\/([^/]+)\//.exec(new URL(url).pathname)?.[1]).filter((name): name is string => Boolean(name));
  return [...new Set(names)].sort();
}

/** The work page's step of that name, once the page shows it. */
async function step(page: Page, name: string) {
  const region = page.getByRole('region', { name });
  await region.waitFor();
  return region;
}

describe('the service desk', () => {
  it('tariq finds an RMA by its serial, receives, diagnoses, repairs and ships it', async () => {
    const portal = shared.portal();
    const rma = await awaitingUnit(portal);
    const page = await shared.open('/service-desk', TARIQ);

    await page.getByRole('table', { name: 'RMAs in the queue, oldest first' }).waitFor();
    // The staff's pages come from their own remote, registered under a name that is no JS identifier.
    expect(await remotesFetched(page)).toEqual(['service-desk']);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Service desk' }).waitFor();
    // The search box has the focus: a scanner types the serial and Enter.
    await page.keyboard.type(rma.serial);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.url}/service-desk/rma/${rma.rmaNumber}`);
    await page.getByRole('heading', { name: rma.rmaNumber, level: 1 }).waitFor();

    const receive = await step(page, 'Receive the unit');
    await receive.getByRole('textbox', { name: 'Scanned serial' }).fill(rma.serial);
    await receive.getByRole('button', { name: 'Receive' }).click();
    await receive.getByText("Add at least one photo of the unit's condition").waitFor();
    await receive.getByLabel(/Condition photos/).setInputFiles(photo('arrived.png'));
    await receive.getByText('arrived.png').waitFor();
    await receive.getByRole('textbox', { name: 'Notes' }).fill('Arrived in its box, case intact.');
    await receive.getByRole('button', { name: 'Receive' }).click();

    const diagnose = await step(page, 'Diagnose');
    // The receipt's photo is shown from the bytes the API gave the staff token.
    const receiptPhoto = page.getByRole('region', { name: 'Receipt' }).getByRole('img', { name: 'Condition photo 1' });
    await receiptPhoto.waitFor();
    expect(await receiptPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await diagnose.getByRole('combobox', { name: 'Finding 1 kind' }).selectOption('COMPONENT_FAILURE');
    await diagnose.getByRole('textbox', { name: 'Finding 1 description' }).fill('The display connector worked loose.');
    await diagnose.getByRole('textbox', { name: "Technician's note" }).fill('Reseat the connector; no parts needed.');
    await diagnose.getByRole('button', { name: 'Record diagnosis' }).click();

    await page.getByText('Diagnosis recorded: the work is covered.', { exact: false }).waitFor();
    const repair = await step(page, 'Record the repair');
    await repair.getByRole('textbox', { name: 'Work performed' }).fill('Reseated the display connector and tested the screen.');
    for (const check of ['Powers on', 'Touchscreen responds', 'Seal and enclosure intact', 'Battery charges']) {
      await repair.getByRole('checkbox', { name: check }).check();
    }
    await repair.getByRole('button', { name: 'Record repair' }).click();

    const ship = await step(page, 'Ship back');
    await ship.getByRole('button', { name: 'Ship back' }).click();

    const shipped = await step(page, 'Shipped back');
    const tracking = (await shipped.getByText(/^Return tracking number:/).innerText()).replace('Return tracking number:', '').trim();
    expect(tracking).not.toBe('');
    // The label needs the staff token: it opens in a new tab from the PDF the API answered.
    const [label] = await Promise.all([page.waitForEvent('popup'), shipped.getByRole('button', { name: 'Print the return label' }).click()]);
    await label.waitForURL(/^blob:/);
    await page.getByRole('region', { name: 'RMA' }).getByText('Shipped back', { exact: true }).waitFor();
    expect(portal.outbox('casey@example.com')).toContain(tracking);
  });

  it('casey, a customer, gets the no-permission page and no Service desk in the navigation', async () => {
    const portal = shared.portal();
    const page = await shared.open('/service-desk');
    await signIn(page, 'casey@example.com');
    await page.waitForURL(`${portal.url}/401`);
    await page.getByRole('heading', { name: 'No permission' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your RMAs' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Service desk' }).count()).toBe(0);
  });
});
