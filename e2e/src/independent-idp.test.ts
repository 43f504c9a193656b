// The production configuration with somebody else's OpenID provider: one process per domain behind
// nginx on PostgreSQL and Redis, OIDC_ISSUER pointing at an independent, certified provider
// (tooling/test-idp) that every process knows only through discovery. A customer who exists only in that
// provider signs in there, checks a serial, creates an in-warranty RMA whose contact step is
// prefilled from the provider's claims, and signs out through the provider's end_session.
import type { Page } from 'playwright-core';
import { startBrowser, type RunningBrowser } from './browser';
import { confirmSignOutAtIndependentIdp, independentUser, signInAtIndependentIdp, startIndependentIdp, type RunningIdp } from './independent-idp';
import { freePort, type RunningPortal } from './portal';
import { startSplitPortal } from './split';
import { cont, describeProblem, expectText, shipWithLabelAndSubmit } from './stepper';

const riley = independentUser('riley.quinn@independent.example');

let idp: RunningIdp | undefined;
let portal: RunningPortal | undefined;
let chromium: RunningBrowser | undefined;

beforeAll(async () => {
  // The provider's port is chosen first so the portal can start before the provider answers.
  const idpPort = await freePort();
  portal = await startSplitPortal({ OIDC_ISSUER: `http://127.0.0.1:${idpPort}` });
  idp = await startIndependentIdp({ origins: [portal.url], port: idpPort });
  chromium = await startBrowser();
}, 120_000);

afterAll(async () => {
  await chromium?.stop();
  await portal?.stop();
  await idp?.stop();
});

function value(page: Page, role: 'textbox' | 'combobox', name: string): Promise<string> {
  return page.getByRole(role, { name, exact: true }).inputValue();
}

describe('an independent OpenID provider', () => {
  it('signs in a customer who exists only there, prefills the RMA from its claims and signs out through it', async () => {
    if (!portal || !idp || !chromium) throw new Error('setup failed');
    const page = await (await chromium.browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);

    await page.goto(`${portal.url}/create-rma`);
    await page.waitForURL(`${idp.issuer}/**`);
    await signInAtIndependentIdp(page, riley);
    await page.waitForURL(`${portal.url}/create-rma**`);
    await expectText(page, 'Riley Quinn');

    await page.getByLabel('Serial Number').fill('RT10000001');
    await expectText(page, 'Serial valid for new RMA!');
    await describeProblem(page);

    // The contact step, prefilled from the provider's claims alone.
    await page.getByRole('textbox', { name: 'First Name' }).waitFor();
    expect(await value(page, 'textbox', 'First Name')).toBe('Riley');
    expect(await value(page, 'textbox', 'Last Name')).toBe('Quinn');
    expect(await value(page, 'textbox', 'Email')).toBe(riley.email);
    expect(await value(page, 'textbox', 'Company')).toBe('Quinn Surveying');
    expect(await value(page, 'textbox', 'Position')).toBe('Field Lead');
    expect((await page.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).replace(/\D/g, '')).toBe('7375550163');
    expect(await value(page, 'textbox', 'Address Line 1')).toBe('4100 Lakeline Blvd');
    expect(await value(page, 'textbox', 'Address Line 2')).toBe('Suite 210');
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Cedar Park');
    expect(await value(page, 'textbox', 'Postal Code')).toBe('78613');
    expect(await value(page, 'combobox', 'Country')).toBe('US');
    expect(await value(page, 'combobox', 'State / Province')).toBe('TX');
    await cont(page);

    const rmaNumber = await shipWithLabelAndSubmit(page);
    expect(rmaNumber).toBeDefined();
    expect(portal.outbox(riley.email)).toContain(`Subject: RMA ${rmaNumber} created`);

    // The account process finds it again for a user only that provider knows.
    await page.getByRole('link', { name: 'Your RMAs' }).click();
    await page.getByRole('button', { name: `Details of ${rmaNumber}` }).click();
    await page.getByRole('dialog').getByRole('region', { name: 'Status timeline' }).getByText('Awaiting unit', { exact: true }).first().waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    // Sign-out ends the provider's session too: signing in again asks for the password.
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(`${idp.issuer}/**`);
    await confirmSignOutAtIndependentIdp(page);
    await page.waitForURL(`${portal.url}/**`);
    const signInAgain = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
    await signInAgain.waitFor();
    await signInAgain.click();
    await page.waitForURL(`${idp.issuer}/**`);
    await page.getByRole('heading', { name: 'Independent IdP sign-in' }).waitFor();
  });
});
