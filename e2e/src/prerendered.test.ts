// The pages the build prerenders, in Chromium against the built portal (issue 12): the page is in
// the HTML the server sends, and the app hydrates it: it keeps the elements the browser has
// painted, moves nothing, and reports no mismatch.
import type { Page } from 'playwright-core';
import { onePortalPerFile } from './fresh';

const fresh = onePortalPerFile();

interface Watched {
  /** Each layout shift: its score and what moved (tag#id.class, from → to), to tell the cause. */
  shifts: string[];
  headingGone: boolean;
}

interface Sent {
  banner: Element | null;
  heading: Element | null;
}

/**
 * Records every layout shift from the start of the document, whether the page was ever without
 * its heading once parsed (the page stays until its code is in, never a loading view), and the
 * header and heading the server sent, to tell whether the app kept them. Returns the errors
 * the page reports, a hydration mismatch among them.
 */
async function watch(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => {
    const watched: Watched = { shifts: [], headingGone: false };
    (window as unknown as { watched: Watched }).watched = watched;
    interface Shift {
      value: number;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${node.className}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        const moved = entry.sources.map((s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`);
        watched.shifts.push(`${entry.value} at ${Math.round(performance.now())} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (document.readyState !== 'loading' && !document.querySelector('h1')) watched.headingGone = true;
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      const sent: Sent = { banner: document.querySelector('header'), heading: document.querySelector('h1') };
      (window as unknown as { sent: Sent }).sent = sent;
    });
  });
  return errors;
}

/** Whether the header and the heading the server sent are still the page's. */
function kept(page: Page) {
  return page.evaluate(() => {
    const { sent } = window as unknown as { sent: Sent };
    return { banner: sent.banner?.isConnected, heading: sent.heading?.isConnected };
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
    expect(html).toMatch(/<div id="root" data-prerendered inert aria-hidden="true">/);
    expect(html).toContain(`>${heading}</h1>`);
  });

  it.each([
    // A host page is hydrated whole; a remote's page is the remote's own build, so the host
    // hydrates around it and swaps it for the live page once its code is in.
    ['/', 'Repairs and service for your rugged devices', true],
    ['/help-support', 'Help & Support', false],
    ['/parts-order', 'Order parts', false],
    ['/parts-order/manual', 'Enter part numbers', false],
  ])('the app hydrates %s without a gap, a layout shift or a mismatch, and the page works', async (path, heading, hostPage) => {
    const context = await fresh.browser().newContext();
    const page = await context.newPage();
    const errors = await watch(page);
    await page.goto(`${fresh.portal().url}${path}`);

    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-prerendered], [inert], portal-page').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { watched: Watched }).watched)).toEqual({
      shifts: [],
      headingGone: false,
    });
    expect(await kept(page)).toEqual({ banner: true, heading: hostPage });
    expect(errors).toEqual([]);

    // The header's Sign in is the app's, not the picture's: it starts sign-in.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/idp\//);
    await context.close();
  });

  it('a signed-in user opening a public page gets it hydrated, then their account in the header', async () => {
    const page = await fresh.open('/your-account/rma-history', 'casey@example.com');
    const errors = await watch(page);
    await page.goto(`${fresh.portal().url}/help-support`);

    await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Help & Support' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await kept(page)).toEqual({ banner: true, heading: false });
    expect(errors).toEqual([]);
    await page.context().close();
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
      expect(html).toMatch(/<div id="root" data-prerendered inert aria-hidden="true">/);
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
