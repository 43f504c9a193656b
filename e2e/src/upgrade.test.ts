// A unit upgrade as a customer requests it, in Chromium against the built portal: the public
// upgrade-device page asks a signed-out visitor to sign in, then lists the model's upgrades with
// their prices; the upgrade is paid by card through the PayPal sandbox even though the unit is in
// warranty, and the upgrade RMA's label is shown; or saved as a quote and paid from the upgrade
// confirm-quote page.
import { signIn } from './browser';
import { freshPortalPerTest } from './fresh';
import { payOnPayPal } from './payment';
import { confirmAccurate, cont, contactInfo, downloadDocument, expectText, readLabel } from './stepper';

const fresh = freshPortalPerTest();

/** RT10000001 is casey's RL14, in warranty: an upgrade is paid all the same. */
const IN_WARRANTY = 'RT10000001';

describe('upgrade-device in Chromium', () => {
  it('casey signs in, picks 32 GB of memory, pays by card through PayPal and gets the upgrade label', async () => {
    const portal = fresh.portal();
    const page = await fresh.open(`/upgrade-device/${IN_WARRANTY}`);
    await expectText(page, 'Upgrade memory, storage, battery or radio modules');
    await page.getByRole('region', { name: 'Upgrades' }).getByRole('button', { name: 'Sign in' }).click();
    await signIn(page, 'casey@example.com');
    await page.waitForURL(`${portal.url}/upgrade-device/${IN_WARRANTY}`);

    await expectText(page, 'Serial valid for new RMA!');
    const memory = page.getByRole('group', { name: 'Memory' });
    // Heard as name, pause, price ('DDR4, $249.00'; Chromium puts a space before the hidden comma),
    // not run together ('DDR4249.00 USD'); the tip is its description, not part of its name.
    const option = memory.getByRole('radio', { name: /^16 GB to 32 GB DDR4 ?, \$249\.00$/ });
    await option.check();
    expect(await page.getByRole('group', { name: 'Radio modules' }).getByRole('radio').count()).toBeGreaterThan(0);
    const price = page.getByRole('table', { name: 'Upgrade price' });
    expect(await price.getByRole('cell').allTextContents()).toEqual(['16 GB to 32 GB DDR4', '249.00']);
    await cont(page);

    await contactInfo(page);
    await page.getByRole('radio', { name: 'I have a box: give me a shipping label now' }).check();
    await cont(page);
    await expectText(page, 'Upgrade');
    await expectText(page, 'Total: $249.00');
    await confirmAccurate(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await payOnPayPal(page, '4111111111111111');
    await expectText(page, 'Download Shipping Label');
    expect(new URL(page.url()).pathname).toBe(`/upgrade-device/${IN_WARRANTY}`);
    const heading = await page.getByText(/Your RMA RMA-\d+ has been created\./).first().textContent();
    const rmaNumber = /RMA-\d+/.exec(heading ?? '')?.[0];
    expect(rmaNumber).toBeDefined();
    const { printed, barcode } = readLabel(await downloadDocument(page, 'Download Shipping Label'));
    expect(printed).toMatch(/^RF\d{11}$/);
    expect(barcode).toBe(printed);
    expect(portal.outbox('casey@example.com')).toContain(`Subject: RMA ${rmaNumber} created`);
  });

  it('Save Quote opens the upgrade confirm-quote page prefilled, and the saved upgrade quote is paid from there', async () => {
    const portal = fresh.portal();
    const page = await fresh.open(`/upgrade-device/${IN_WARRANTY}`);
    await page.getByRole('region', { name: 'Upgrades' }).getByRole('button', { name: 'Sign in' }).click();
    await signIn(page, 'casey@example.com');
    await page.waitForURL(`${portal.url}/upgrade-device/${IN_WARRANTY}`);
    await page.getByRole('group', { name: 'Memory' }).getByRole('radio', { name: /16 GB to 32 GB DDR4/ }).check();
    await cont(page);
    await contactInfo(page);
    await page.getByRole('radio', { name: 'I have a box: give me a shipping label now' }).check();
    await cont(page);
    await confirmAccurate(page);
    await page.getByRole('button', { name: 'Save Quote' }).click();

    await page.waitForURL(new RegExp(`/upgrade-device/${IN_WARRANTY}/confirm-quote`));
    await page.getByText(/Quote QT-[A-Z2-7]{12} saved/).first().waitFor();
    await expectText(page, 'Total: $249.00');
    await expectText(page, '16 GB to 32 GB DDR4');
    await confirmAccurate(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payOnPayPal(page, '4111111111111111');
    await expectText(page, 'Download Shipping Label');
    const { printed, barcode } = readLabel(await downloadDocument(page, 'Download Shipping Label'));
    expect(barcode).toBe(printed);
  });
});
