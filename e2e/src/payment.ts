// A customer's way to an out-of-warranty confirm step and through the PayPal sandbox's approval page.
import type { Page } from 'playwright-core';
import { confirmAccurate, cont, contactInfo, describeProblem, expectText } from './stepper';

/** Steps 1 to 3 of an out-of-warranty unit: the price table, the contact, a label. */
export async function toConfirmStep(page: Page): Promise<void> {
  await describeProblem(page);
  await contactInfo(page);
  await page.getByRole('radio', { name: 'I have a box: give me a shipping label now' }).check();
  await cont(page);
  await expectText(page, 'Unit Description');
}

/** The PayPal sandbox's approval page: sign in as its buyer and pay with card. */
export async function payOnPayPal(page: Page, card: string): Promise<void> {
  await page.waitForURL(/\/sandbox\/paypal\//);
  await page.getByLabel('Email').fill('sb-buyer@personal.example.com');
  await page.getByLabel('Password').fill('Sandbox-Buyer-2026');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
}

/** Step 4 of an out-of-warranty unit by card: confirm, Continue to Payment, on to PayPal's page. */
export async function continueToPayPal(page: Page): Promise<void> {
  await confirmAccurate(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(/\/sandbox\/paypal\//);
}

/**
 * Leaves PayPal's approval page with the browser's Back button, paying nothing, and waits until
 * the portal's page it comes back to is shown again.
 */
export async function leavePayPalWithBack(page: Page, portalUrl: string): Promise<void> {
  await page.waitForURL(/\/sandbox\/paypal\//);
  await page.goBack();
  await page.waitForURL((url) => url.href.startsWith(portalUrl) && !url.pathname.startsWith('/sandbox/'));
}

/** The value a summary card (a region named card) lists under term. */
export async function fact(page: Page, card: string, term: string): Promise<string> {
  const value = page.getByRole('region', { name: card }).locator(`dt:text-is("${term}") + dd`);
  return ((await value.textContent()) ?? '').trim();
}
