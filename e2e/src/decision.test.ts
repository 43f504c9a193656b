// The customer's decision on a revised quote, in Chromium against the built portal (issue 29):
// the depot's technician (tariq, through the depot API as the service desk calls it) receives a
// demo RMA's unit and diagnoses liquid damage, which removes the warranty's cover; the customer
// follows the e-mail's link to the RMA's details, sees the diagnosis with its photos, and decides:
// the unit back unrepaired, the repair approved by PO, or approved by card and paid on the card page.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { onePortalPerFile } from './fresh';
import type { RunningPortal } from './portal';
import { onePagePdf, photo } from './stepper';

const shared = onePortalPerFile();

/** casey's demo RMAs whose units are on their way to the service center (README). */
const CASEYS_AWAITING_UNIT = 'RMA-100393';
const CASEYS_OTHER_AWAITING_UNIT = 'RMA-100417';

/** A call of the portal's API as a demo user, through the token `portal dev-token` prints. */
async function call<T>(portal: RunningPortal, user: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${portal.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${portal.devToken(user)}`, ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const TARIQ = 'tariq@rugged.example';

/** Condition or finding photos uploaded by tariq: their upload ids. */
async function uploadPhotos(portal: RunningPortal, count: number): Promise<string[]> {
  const form = new FormData();
  for (let i = 0; i < count; i += 1) {
    form.append(`files[${i}]`, new Blob([readFileSync(photo())], { type: 'image/png' }), `photo-${i + 1}.png`);
  }
  const stored = await call<{ bucketFileName: string }[]>(portal, TARIQ, 'POST', '/depot/photos', form);
  return stored.map((file) => file.bucketFileName);
}

/**
 * tariq receives the RMA's unit and diagnoses liquid damage with two photos: the repair its
 * customer asked for, three times over, is more than anything covered or paid, so the RMA waits
 * for the customer's decision on a revised quote.
 */
async function diagnoseLiquidDamage(portal: RunningPortal, rmaNumber: string): Promise<void> {
  const rma = await call<{ serial: string; problem: { problem: string } }>(portal, TARIQ, 'GET', `/depot/rmas/${rmaNumber}`);
  await call(portal, TARIQ, 'POST', `/depot/rmas/${rmaNumber}/receive`, { serial: rma.serial, photos: await uploadPhotos(portal, 1), notes: 'Arrived in its box.' });
  const diagnosed = await call<{ status: string; outcome: string }>(portal, TARIQ, 'POST', `/depot/rmas/${rmaNumber}/diagnosis`, {
    findings: [{ code: 'LIQUID_DAMAGE', description: 'Corrosion on the main board near the charging port.', photos: await uploadPhotos(portal, 2) }],
    technicianNote: 'The board and the screen must be replaced.',
    lineItems: [{ kind: 'REPAIR_OPTION', code: rma.problem.problem, quantity: 3 }],
  });
  expect(diagnosed).toMatchObject({ status: 'QUOTE_PENDING', outcome: 'REVISED_QUOTE' });
}

/** One of olivia's own repair RMAs whose unit is on its way (her demo history has several). */
async function oliviasAwaitingUnit(portal: RunningPortal): Promise<string> {
  const query =
    'query($search:RMASearch,$first:Int){RMAsConnection(search:$search,first:$first){edges{node{rmaNumber rmaType mine}}}}';
  const answer = await call<{ data: { RMAsConnection: { edges: { node: { rmaNumber: string; rmaType: string; mine: boolean } }[] } } }>(
    portal,
    'olivia@fleetco.example',
    'POST',
    '/graphql',
    { query, variables: { search: { statuses: ['AWAITING_UNIT'] }, first: 50 } },
  );
  const own = answer.data.RMAsConnection.edges.map((edge) => edge.node).find((node) => node.mine && node.rmaType === 'REPAIR');
  if (!own) throw new Error('olivia has no repair awaiting its unit in the demo history');
  return own.rmaNumber;
}

/** The RMA's details, opened by the link of the e-mail that told its customer about the quote. */
async function openFromEmail(portal: RunningPortal, user: string, rmaNumber: string): Promise<Page> {
  const link = `/your-account/rma-history?rma=${rmaNumber}`;
  const page = await shared.open(link, user);
  const details = page.getByRole('dialog', { name: rmaNumber });
  await details.getByRole('region', { name: 'Diagnosis' }).waitFor();
  return page;
}

describe('the decision on a revised quote', () => {
  it('casey sees the liquid damage with its photos and has the unit returned unrepaired', async () => {
    const portal = shared.portal();
    await diagnoseLiquidDamage(portal, CASEYS_AWAITING_UNIT);
    expect(portal.outbox('casey@example.com')).toContain(`/your-account/rma-history?rma=${CASEYS_AWAITING_UNIT}`);

    const page = await openFromEmail(portal, 'casey@example.com', CASEYS_AWAITING_UNIT);
    const details = page.getByRole('dialog', { name: CASEYS_AWAITING_UNIT });
    const diagnosis = details.getByRole('region', { name: 'Diagnosis' });
    await diagnosis.getByText('Liquid damage', { exact: true }).waitFor();
    await diagnosis.getByText('Removes warranty cover').waitFor();
    const first = diagnosis.getByRole('img', { name: 'Liquid damage, photo 1 of 2' });
    await first.waitFor();
    // The photo is the bytes the API gave the token, not a broken image.
    expect(await first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const decision = details.getByRole('region', { name: 'Your decision' });
    await decision.getByText('Nothing is charged until you decide.', { exact: false }).waitFor();
    await decision.getByRole('radio', { name: /Return unrepaired/ }).check();
    await decision.getByRole('button', { name: 'Submit decision' }).click();

    await details.getByText('Your decision is recorded. Your RMA is now: Returning unrepaired.', { exact: false }).waitFor();
    await details.getByText('Returning unrepaired', { exact: true }).first().waitFor();
    expect(await details.getByRole('region', { name: 'Your decision' }).count()).toBe(0);
  });

  it('olivia approves the repair by PO and the RMA is repairing', async () => {
    const portal = shared.portal();
    const rmaNumber = await oliviasAwaitingUnit(portal);
    await diagnoseLiquidDamage(portal, rmaNumber);

    const page = await openFromEmail(portal, 'olivia@fleetco.example', rmaNumber);
    const details = page.getByRole('dialog', { name: rmaNumber });
    const decision = details.getByRole('region', { name: 'Your decision' });
    await decision.getByRole('radio', { name: /Approve the repair/ }).check();
    // PO is her default: she holds the PO permission.
    const method = decision.getByRole('radiogroup', { name: 'Payment Method' });
    await method.waitFor();
    expect(await method.getByRole('radio', { name: 'PO', exact: true }).isChecked()).toBe(true);
    await decision.getByRole('textbox', { name: 'PO Number' }).fill('4471');
    await decision.getByRole('textbox', { name: 'Release Number' }).fill('1234');
    await decision.getByLabel('PO File').setInputFiles(onePagePdf());
    await decision.getByText('Attached: PO-4471.pdf').waitFor();
    await decision.getByRole('button', { name: 'Submit decision' }).click();

    await details.getByText('Your decision is recorded. Your RMA is now: Repairing.', { exact: false }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Details of ${rmaNumber}` }) });
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByLabel('Filter').fill(rmaNumber);
    await row.getByText('Repairing', { exact: true }).waitFor();
  });

  it('casey approves the repair by card, pays on the card page, and the RMA is repairing', async () => {
    const portal = shared.portal();
    await diagnoseLiquidDamage(portal, CASEYS_OTHER_AWAITING_UNIT);

    const page = await openFromEmail(portal, 'casey@example.com', CASEYS_OTHER_AWAITING_UNIT);
    const decision = page.getByRole('dialog', { name: CASEYS_OTHER_AWAITING_UNIT }).getByRole('region', { name: 'Your decision' });
    await decision.getByRole('radio', { name: /Approve the repair/ }).check();
    expect(await decision.getByRole('radio', { name: 'Credit Card', exact: true }).isChecked()).toBe(true);
    await decision.getByRole('button', { name: 'Submit decision' }).click();

    await page.waitForURL(/\/pay-quote-by-authorize\//);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.waitForURL(/\/sandbox\/authnet\//);
    await page.getByLabel('Card Number').fill('4111111111111111');
    await page.getByLabel('Expiration Date (MMYY)').fill('1230');
    await page.getByLabel('Card Code').fill('123');
    await page.getByRole('button', { name: /Pay/ }).first().click();
    await page.waitForURL(/\/service-quote-successful/);

    await page.goto(`${portal.url}/your-account/rma-history?rma=${CASEYS_OTHER_AWAITING_UNIT}`);
    const details = page.getByRole('dialog', { name: CASEYS_OTHER_AWAITING_UNIT });
    await details.getByRole('region', { name: 'Diagnosis' }).waitFor();
    await details.getByText('Repairing', { exact: true }).first().waitFor();
    expect(await details.getByRole('region', { name: 'Your decision' }).count()).toBe(0);
  });
});
