// Debian's Chromium driven by playwright-core: no browser is ever downloaded (TOOLCHAIN.md).
import { chromium, type Browser, type Page } from 'playwright-core';
// Headless without a sandbox (CI runs as root), and none of Chromium's calls home, which this
// machine's closed network refuses; e2e/lighthouse launches Chromium with the same flags.
import chromiumFlags from './chromium-flags.json';

export interface RunningBrowser {
  browser: Browser;
  stop(): Promise<void>;
}

// playwright-core gives every launch a fresh temporary profile (--user-data-dir) of its own.
export async function startBrowser(): Promise<RunningBrowser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
  return {
    browser,
    stop: () => browser.close(),
  };
}

/** The demo users' one password (README). */
export const DEMO_PASSWORD = 'Rugged-Demo-2026';

/** Fills the embedded provider's sign-in form, as a person would. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
