// The whole service of one RMA in the browser (issue 29), on whichever portal the caller started:
// tariq, at the service desk, scans the unit in, receives it with a condition photo and finds
// liquid damage (two photos), which removes the warranty's cover, so a revised quote goes to the
// customer; casey decides in her account from the e-mail's link; tariq repairs (after her
// approval) and ships back; casey reads the return tracking and that the promised ship-back date
// was kept. Used by service-journey.test.ts (the embedded default) and split-topology.test.ts.
import type { Page } from 'playwright-core';
import type { RunningPortal } from './portal';
import { photo } from './stepper';

export const TARIQ = 'tariq@rugged.example';
export const CASEY = 'casey@example.com';

/** A page at url signed in as user (a new browser context each: tariq and casey never share one). */
export type OpenAs = (url: string, user: string) => Promise<Page>;

/** What the customer chooses on the revised quote. */
export type Choice = 'approve by card' | 'return unrepaired';

/** The work page's region of that name, once the page shows it. */
async function region(page: Page, name: string) {
  const found = page.getByRole('region', { name });
  await found.waitFor();
  return found;
}

/** The RMA's serial and the customer's problem, which the diagnosis prices again three times over. */
async function rmaFacts(portal: RunningPortal, rmaNumber: string): Promise<{ serial: string; problem: string }> {
  const res = await fetch(`${portal.url}/depot/rmas/${rmaNumber}`, { headers: { Authorization: `Bearer ${portal.devToken(TARIQ)}` } });
  if (!res.ok) throw new Error(`GET /depot/rmas/${rmaNumber}: ${res.status} ${await res.text()}`);
  const rma = (await res.json()) as { serial: string; problem: { problem: string } };
  return { serial: rma.serial, problem: rma.problem.problem };
}

/** tariq, at the service desk, scans the unit in, receives it and diagnoses liquid damage. */
async function receiveAndDiagnose(portal: RunningPortal, openAs: OpenAs, rmaNumber: string): Promise<Page> {
  const { serial, problem } = await rmaFacts(portal, rmaNumber);
  const desk = await openAs('/service-desk', TARIQ);
  await desk.getByRole('table', { name: 'RMAs in the queue, oldest first' }).waitFor();
  // A scanner types the serial and Enter into the search box, which has the focus.
  await desk.keyboard.type(serial);
  await desk.keyboard.press('Enter');
  await desk.waitForURL(`${portal.url}/service-desk/rma/${rmaNumber}`);

  const receive = await region(desk, 'Receive the unit');
  await receive.getByRole('textbox', { name: 'Scanned serial' }).fill(serial);
  await receive.getByLabel(/Condition photos/).setInputFiles(photo('arrived.png'));
  await receive.getByText('arrived.png').waitFor();
  await receive.getByRole('button', { name: 'Receive' }).click();

  const diagnose = await region(desk, 'Diagnose');
  await diagnose.getByRole('combobox', { name: 'Finding 1 kind' }).selectOption('LIQUID_DAMAGE');
  await diagnose.getByRole('textbox', { name: 'Finding 1 description' }).fill('Corrosion on the main board near the charging port.');
  await diagnose.getByLabel(/Finding 1 photos/).setInputFiles([photo('board.png'), photo('port.png')]);
  await diagnose.getByText('port.png').waitFor();
  await diagnose.getByRole('textbox', { name: "Technician's note" }).fill('The board must be replaced along with the screen.');
  await diagnose.getByRole('button', { name: 'Add an item' }).click();
  await diagnose.getByRole('combobox', { name: 'Item 1 kind' }).selectOption('REPAIR_OPTION');
  await diagnose.getByRole('textbox', { name: 'Item 1 code' }).fill(problem);
  await diagnose.getByRole('textbox', { name: 'Item 1 quantity' }).fill('3');
  await diagnose.getByRole('button', { name: 'Record diagnosis' }).click();
  await desk.getByText('Diagnosis recorded: a revised quote', { exact: false }).waitFor();
  // Nothing more to do before the customer decides.
  expect(await desk.getByRole('region', { name: 'Record the repair' }).count()).toBe(0);
  return desk;
}

/** casey follows the quote e-mail's link and decides; paying by card goes through the Authorize.net sandbox. */
async function decide(portal: RunningPortal, openAs: OpenAs, rmaNumber: string, choice: Choice): Promise<void> {
  const link = `/your-account/rma-history?rma=${rmaNumber}`;
  expect(portal.outbox(CASEY)).toContain(link);
  const page = await openAs(link, CASEY);
  const details = page.getByRole('dialog', { name: rmaNumber });
  const diagnosis = details.getByRole('region', { name: 'Diagnosis' });
  await diagnosis.getByText('Liquid damage', { exact: true }).waitFor();
  await diagnosis.getByRole('img', { name: 'Liquid damage, photo 2 of 2' }).waitFor();
  const decision = details.getByRole('region', { name: 'Your decision' });
  await decision.getByText('Nothing is charged until you decide.', { exact: false }).waitFor();
  if (choice === 'return unrepaired') {
    await decision.getByRole('radio', { name: /Return unrepaired/ }).check();
    await decision.getByRole('button', { name: 'Submit decision' }).click();
    await details.getByText('Your decision is recorded. Your RMA is now: Returning unrepaired.', { exact: false }).waitFor();
    return;
  }
  await decision.getByRole('radio', { name: /Approve the repair/ }).check();
  await decision.getByRole('button', { name: 'Submit decision' }).click();
  await page.waitForURL(/\/pay-quote-by-authorize\//);
  await page.getByRole('button', { name: 'Pay by Card' }).click();
  await page.waitForURL(/\/sandbox\/authnet\//);
  await page.getByLabel('Card Number').fill('4111111111111111');
  await page.getByLabel('Expiration Date (MMYY)').fill('1230');
  await page.getByLabel('Card Code').fill('123');
  await page.getByRole('button', { name: /Pay/ }).first().click();
  await page.waitForURL(/\/service-quote-successful/);
}

/** tariq, back on the RMA's work page, repairs it if the customer approved and ships it back: the return tracking. */
async function repairAndShip(portal: RunningPortal, desk: Page, rmaNumber: string, choice: Choice): Promise<string> {
  await desk.goto(`${portal.url}/service-desk/rma/${rmaNumber}`);
  if (choice === 'approve by card') {
    const repair = await region(desk, 'Record the repair');
    await repair.getByRole('textbox', { name: 'Parts replaced' }).fill('Main board, display');
    await repair.getByRole('textbox', { name: 'Work performed' }).fill('Replaced the corroded main board and the screen; sealed the port.');
    for (const check of ['Powers on', 'Touchscreen responds', 'Seal and enclosure intact', 'Battery charges']) {
      await repair.getByRole('checkbox', { name: check }).check();
    }
    await repair.getByRole('button', { name: 'Record repair' }).click();
  } else {
    expect(await desk.getByRole('region', { name: 'Record the repair' }).count()).toBe(0);
  }
  const ship = await region(desk, 'Ship back');
  await ship.getByRole('button', { name: 'Ship back' }).click();
  const shipped = await region(desk, 'Shipped back');
  const tracking = (await shipped.getByText(/^Return tracking number:/).innerText()).replace('Return tracking number:', '').trim();
  expect(tracking).not.toBe('');
  return tracking;
}

/** casey's details of the RMA: shipped back, its return tracking, and the promised date kept. */
async function customerSeesItShipped(portal: RunningPortal, openAs: OpenAs, rmaNumber: string, tracking: string): Promise<void> {
  expect(portal.outbox(CASEY)).toContain(tracking);
  const page = await openAs(`/your-account/rma-history?rma=${rmaNumber}`, CASEY);
  const details = page.getByRole('dialog', { name: rmaNumber });
  await details.getByText(tracking, { exact: true }).waitFor();
  await details.getByText('Shipped back', { exact: true }).first().waitFor();
  await details.getByText(/Promised ship-back date: .*kept/).waitFor();
}

/** The RMA from the unit's arrival to its way back, with the customer's choice on its revised quote. */
export async function serviceJourney(portal: RunningPortal, openAs: OpenAs, rmaNumber: string, choice: Choice): Promise<void> {
  const desk = await receiveAndDiagnose(portal, openAs, rmaNumber);
  await decide(portal, openAs, rmaNumber, choice);
  const tracking = await repairAndShip(portal, desk, rmaNumber, choice);
  await customerSeesItShipped(portal, openAs, rmaNumber, tracking);
}
