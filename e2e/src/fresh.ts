// One Chromium per test file, with a fresh portal per test (flows that create RMAs each start from
// the demo data, so every demo unit is still valid for a new RMA) or one portal for the whole file
// (flows that only read the demo data, or leave it as the next test needs it).
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { signIn, startBrowser, type RunningBrowser } from './browser';
import { startPortal, type RunningPortal } from './portal';
import { startSplitPortal } from './split';

// E2E_TOPOLOGY=split runs a file's tests on the production shape (one process per domain behind
// nginx, PostgreSQL, Redis) instead of the embedded default, to try a journey on both by hand:
//   E2E_TOPOLOGY=split pnpm --filter @portal/e2e e2e -- payment-return
// CI runs the embedded default; split-topology.test.ts keeps the production shape's own journeys.
const start: () => Promise<RunningPortal> = process.env.E2E_TOPOLOGY === 'split' ? () => startSplitPortal() : startPortal;

export interface Fresh {
  /** The portal of the running test. */
  portal(): RunningPortal;
  /** The test file's Chromium, for a page set up before it loads anything. */
  browser(): Browser;
  /**
   * A new browser context's page at url, signed in as user when given; `device` sets the
   * context's screen (a phone's viewport, touch).
   */
  open(url: string, user?: string, device?: BrowserContextOptions): Promise<Page>;
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
    portal = await start();
  }, 120_000);
  afterEach(async () => {
    await portal?.stop();
  });
  return opener(() => chromium, () => portal);
}

export function onePortalPerFile(): Fresh {
  let chromium: RunningBrowser;
  let portal: RunningPortal;
  beforeAll(async () => {
    // One after the other, so a failed browser start still leaves the portal to stop.
    portal = await start();
    chromium = await startBrowser();
  }, 120_000);
  afterAll(async () => {
    await chromium?.stop();
    await portal?.stop();
  });
  return opener(() => chromium, () => portal);
}

function opener(browser: () => RunningBrowser, current: () => RunningPortal): Fresh {
  return {
    portal: current,
    browser: () => browser().browser,
    async open(url, user, device) {
      const portal = current();
      const page = await (await browser().browser.newContext({ ...device, acceptDownloads: true })).newPage();
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
