// Recycling, support tickets, the contact form and the info banner as customers and an
// administrator use them, in Chromium against the built portal.
import { freshPortalPerTest } from './fresh';
import { downloadDocument, expectText, raiseTicket, readLabel, recycleConfirmAll, recycleConsentAndContact } from './stepper';

const fresh = freshPortalPerTest();
const open = fresh.open;

describe('recycling and support in Chromium', () => {
  it('a customer recycles an out-of-warranty unit and downloads its label', async () => {
    const page = await open('/recycle-unit/RT10000002', 'casey@example.com');
    await expectText(page, 'Serial valid for new RMA!');
    await recycleConsentAndContact(page);
    expect(await page.getByRole('region', { name: 'Admin Overrides' }).count()).toBe(0);
    await recycleConfirmAll(page);
    await expectText(page, 'Your Recycle request has been processed');
    await page.getByRole('heading', { name: /^Recycle# RMA-\d+ Summary$/ }).waitFor();
    const { printed, barcode } = readLabel(await downloadDocument(page, 'Download Shipping Label'));
    expect(barcode).toBe(printed);
  });

  it('an administrator sees and uses the Admin Overrides card', async () => {
    const page = await open('/recycle-unit/RT10000004', 'adam@example.com');
    await recycleConsentAndContact(page);
    const overrides = page.getByRole('region', { name: 'Admin Overrides' });
    await overrides.getByRole('combobox', { name: 'Destination TPM' }).selectOption({ label: 'GreenLoop Recovery — Reno, NV' });
    await recycleConfirmAll(page);
    await expectText(page, 'Your Recycle request has been processed');
  });

  it('an in-warranty unit is turned towards a repair', async () => {
    const page = await open('/recycle-unit/RT10000001', 'casey@example.com');
    const repair = page.getByRole('link', { name: 'Open a repair request for this unit' });
    await repair.waitFor();
    expect(await repair.getAttribute('href')).toBe('/create-rma/RT10000001');
  });

  it('a signed-in customer raises a support ticket', async () => {
    const page = await open('/auth-help-and-support', 'casey@example.com');
    await raiseTicket(page);
    await page.getByText(/^Ticket TCK-\d+ has been created successfully$/).waitFor();
  });

  it('anyone can send the contact form', async () => {
    const page = await open('/help-support');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('textbox', { name: 'First Name' }).fill('Sam');
    await form.getByRole('textbox', { name: 'Last Name' }).fill('Lee');
    await form.getByRole('textbox', { name: 'Email' }).fill('sam@example.com');
    await form.getByRole('textbox', { name: 'Subject' }).fill('Hinge cracked');
    await form.getByRole('combobox', { name: 'Primary Fault' }).selectOption({ index: 1 });
    await form.getByRole('textbox', { name: 'Description' }).fill('The hinge of my RL14 cracked.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`${fresh.portal().url}/help-support/complete**`);
  });

  it('the info banner appears after an administrator sets a warning row', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText('Repairs take two extra days this week.').count()).toBe(0);

    const token = fresh.portal().devToken('adam@example.com');
    const res = await fetch(`${fresh.portal().url}/admin/reports/QUERY_RMA_WARNING`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([{ message: 'Repairs take two extra days this week.', isWarning: true, isPaused: false }]),
    });
    expect(res.status).toBe(200);
    await page.reload();
    await expectText(page, 'Repairs take two extra days this week.');
  });
});
