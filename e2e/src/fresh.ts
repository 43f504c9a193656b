// One Chromium per test file and a fresh portal per test: flows that create RMAs each start from
// the demo data, so every demo unit is still valid for a new RMA.
import type { Page } from 'playwright-core';
import { signIn, startBrowser, type RunningBrowser } from './browser';
import { startPortal, type RunningPortal } from './portal';

export interface Fresh {
  /** The portal of the running test. */
  portal(): RunningPortal;
  /** A new browser context's page at url, signed in as user when given. */
  open(url: string, user?: string): Promise<Page>;
}

export function freshPortalPerTest(): Fresh {
  let chromium: RunningBrowser;
  let portal: RunningPortal;
  beforeAll(async () => {
    chromium = await startBrowser();
  });
  afterAll(async () => {
    await chromium?.stop();
  });
  beforeEach(async () => {
    portal = await startPortal();
  });
  afterEach(async () => {
    await portal?.stop();
  });
  return {
    portal: () => portal,
    async open(url, user) {
      const page = await (await chromium.browser.newContext()).newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${portal.url}${url}`);
      if (user) {
        await signIn(page, user);
        await page.waitForURL(`${portal.url}${url}**`);
      }
      return page;
    },
  };
}
