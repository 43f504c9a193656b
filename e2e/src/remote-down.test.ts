// A remote that is down, in Chromium against the built portal: the browser refuses every file of
// the parts remote, so only its pages show the failure (what failed, Retry, the support contact)
// after the retries, while home and the other remotes keep working; once the remote is back,
// Retry shows its page without reloading the document. And a remote configured on an origin the
// portal does not allow is refused before any of its files is requested.
import type { Page } from 'playwright-core';
import { onePortalPerFile } from './fresh';

const fresh = onePortalPerFile();

/**
 * Fails the requests for the parts remote's files while `down` is set (all of them, or only its
 * chunks, as when a deployment removed the files the served manifest still names), and counts
 * the manifest requests.
 */
async function partsRemote(page: Page, failing: 'every file' | 'chunks only' = 'every file') {
  const remote = { down: true, manifestRequests: [] as number[] };
  await page.route('**/remotes/parts/**', (route) => {
    const url = route.request().url();
    if (url.endsWith('/mf-manifest.json')) remote.manifestRequests.push(Date.now());
    const chunk = !url.endsWith('/mf-manifest.json') && !url.endsWith('/remoteEntry.js');
    const fails = remote.down && (failing === 'every file' || chunk);
    return fails ? route.abort('connectionrefused') : route.continue();
  });
  return remote;
}

/** Marks the document, so a test can tell an in-page change from a reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { documentMark: 'first load' }));
}

async function documentMark(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { documentMark?: string }).documentMark);
}

function nav(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
}

describe('a remote that is down', () => {
  it('fails only its own pages, after retries, and comes back on Retry without a reload', async () => {
    const page = await fresh.open('/');
    const home = page.getByRole('heading', { level: 1, name: 'Repairs and service for your rugged devices' });
    await home.waitFor();
    const parts = await partsRemote(page);
    await markDocument(page);

    await nav(page, 'Order parts').click();
    const failure = page.getByRole('alert');
    await failure.getByText('This page belongs to Parts orders, which could not be downloaded right now.').waitFor();
    expect(await failure.textContent()).toContain('This page could not be shown.');
    // One attempt and three retries, with 0.5 + 1 + 2 s of backoff between them.
    expect(parts.manifestRequests).toHaveLength(4);
    expect(parts.manifestRequests[3]! - parts.manifestRequests[0]!).toBeGreaterThanOrEqual(3_400);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Retry' }).waitFor();
    await main.getByRole('button', { name: 'Reload' }).waitFor();
    expect(await main.getByRole('link', { name: 'service@rugged.example' }).getAttribute('href')).toBe('mailto:service@rugged.example');

    // The contact page the failure links to belongs to another remote, which works.
    await main.getByRole('link', { name: 'Help & Support' }).click();
    await page.getByRole('heading', { level: 1, name: 'Help & Support' }).waitFor();
    await page.getByRole('form', { name: 'Contact form' }).waitFor();
    await nav(page, 'Home').click();
    await home.waitFor();

    // Back on the parts page while the remote is still down, then the remote returns.
    await nav(page, 'Order parts').click();
    await failure.getByText('This page belongs to Parts orders').waitFor();
    parts.down = false;
    await main.getByRole('button', { name: 'Retry' }).click();

    await page.getByRole('heading', { level: 1, name: 'Order parts' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await documentMark(page)).toBe('first load');
  });

  it("recovers on Retry when only the remote's chunks failed after its entry had loaded", async () => {
    const page = await fresh.open('/');
    const parts = await partsRemote(page, 'chunks only');
    await markDocument(page);

    await nav(page, 'Order parts').click();
    await page.getByRole('alert').getByText('This page belongs to Parts orders, which could not be downloaded right now.').waitFor();
    parts.down = false;
    await page.getByRole('main').getByRole('button', { name: 'Retry' }).click();

    await page.getByRole('heading', { level: 1, name: 'Order parts' }).waitFor();
    expect(await documentMark(page)).toBe('first load');
  });
});

describe('a remote on an origin the portal does not allow', () => {
  it('is refused before any of its files is requested, and only its pages say so', async () => {
    const page = await fresh.open('/');
    // The same portal under another name is another origin, missing from allowedRemoteOrigins.
    const foreign = fresh.portal().url.replace('127.0.0.1', 'localhost');
    await page.route('**/runtime-config.json', async (route) => {
      const served = await (await route.fetch()).json();
      served.remotes.parts = `${foreign}/remotes/parts/mf-manifest.json`;
      await route.fulfill({ json: served });
    });
    const foreignRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(foreign)) foreignRequests.push(request.url());
    });
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('Refused to load remote')) refusals.push(message.text());
    });

    await page.goto(`${fresh.portal().url}/parts-order`);

    await page
      .getByRole('alert')
      .getByText(`This page belongs to Parts orders, which is served from ${foreign}: the portal does not load code from there.`)
      .waitFor();
    expect(foreignRequests).toEqual([]);
    expect(refusals).toContain(
      `Refused to load remote 'parts' from ${foreign}/remotes/parts/mf-manifest.json: ${foreign} is not an allowed remote origin`,
    );
    await nav(page, 'Help & Support').click();
    await page.getByRole('heading', { level: 1, name: 'Help & Support' }).waitFor();
  });
});
