// The pages the build prerenders, in Chromium against the built portal (issue 12): the page is in
// the HTML the server sends, and the app takes over without moving anything on it.
import type { Page } from 'playwright-core';
import { onePortalPerFile } from './fresh';

const fresh = onePortalPerFile();

interface Watched {
  shifts: number[];
  headingGone: boolean;
}

/**
 * Records every layout shift from the start of the document, and whether the page was ever
 * without its heading once parsed: the app's first render must replace the page with the same
 * page, not with a loading view.
 */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const watched: Watched = { shifts: [], headingGone: false };
    (window as unknown as { watched: Watched }).watched = watched;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) watched.shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (document.readyState !== 'loading' && !document.querySelector('h1')) watched.headingGone = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

describe('prerendered pages', () => {
  it.each([
    ['/', 'Repairs and service for your rugged devices'],
    ['/help-support', 'Help &amp; Support'],
    ['/parts-order', 'Order parts'],
    ['/parts-order/manual', 'Enter part numbers'],
  ])('%s arrives with its page in the HTML', async (path, heading) => {
    const response = await fetch(`${fresh.portal().url}${path}`);
    const html = await response.text();

    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toMatch(/<div id="root"><div data-prerendered inert aria-hidden="true"/);
    expect(html).toContain(`>${heading}</h1>`);
  });

  it.each([
    ['/', 'Repairs and service for your rugged devices'],
    ['/help-support', 'Help & Support'],
    ['/parts-order', 'Order parts'],
    ['/parts-order/manual', 'Enter part numbers'],
  ])('the app replaces %s without a gap or a layout shift, and the page works', async (path, heading) => {
    const context = await fresh.browser().newContext();
    const page = await context.newPage();
    await watch(page);
    await page.goto(`${fresh.portal().url}${path}`);

    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-prerendered]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { watched: Watched }).watched)).toEqual({
      shifts: [],
      headingGone: false,
    });

    // The header's Sign in is the app's, not the picture's: it starts sign-in.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/idp\//);
    await context.close();
  });

  it('a signed-in user gets the account page in place of the prerendered one', async () => {
    const page = await fresh.open('/your-account/rma-history', 'casey@example.com');
    await page.getByRole('main').getByRole('heading').first().waitFor();
    expect(await page.locator('[data-prerendered]').count()).toBe(0);
    expect(await page.getByText('Checking your session…').count()).toBe(0);
  });

  it('every URL of a signed-in route with parameters arrives with the layout, and no other route does', async () => {
    for (const path of ['/create-rma/RT10000001', '/create-rma', '/recycle-unit/RT10000001']) {
      const html = await (await fetch(`${fresh.portal().url}${path}`)).text();
      expect(html).toMatch(/<div id="root"><div data-prerendered inert aria-hidden="true"/);
      expect(html).toContain('<main id="main"');
    }
    // A route of its own under the same prefix, ranked above the parameter as the router ranks it.
    const other = await (await fetch(`${fresh.portal().url}/create-rma/confirm-quote`)).text();
    expect(other).toContain('<div id="root"></div>');
  });

  it('a signed-in user opening /create-rma/{serial} gets the stepper for that serial', async () => {
    const page = await fresh.open('/create-rma/RT10000001', 'casey@example.com');
    await page.getByText('Serial valid for new RMA!').waitFor();
    expect(await page.locator('[data-prerendered]').count()).toBe(0);
  });
});
