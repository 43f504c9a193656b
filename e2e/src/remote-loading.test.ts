// What each page downloads, in Chromium against the built portal: a page fetches the files of
// the remote that renders it and of no other, and home, which the host renders itself, fetches
// none (issue 12: a phone pays for every remote it downloads).
import type { Page } from 'playwright-core';
import { onePortalPerFile } from './fresh';

const fresh = onePortalPerFile();

/** The remotes (by their /remotes/<name>/ folder) the document fetched any file of, sorted. */
async function remotesFetched(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  const names = urls.map((url) => /^\/remotes\/([^/]+)\//.exec(new URL(url).pathname)?.[1]).filter(Boolean);
  return [...new Set(names as string[])].sort();
}

describe('which remotes a page downloads', () => {
  it('home downloads no remote', async () => {
    const page = await fresh.open('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await remotesFetched(page)).toEqual([]);
  });

  it.each([
    ['/help-support', 'support', { level: 1 }],
    ['/parts-order', 'parts', { name: 'Order parts' }],
  ])('%s downloads only the %s remote', async (url, remote, heading) => {
    const page = await fresh.open(url);
    await page.getByRole('heading', heading).first().waitFor();
    expect(await remotesFetched(page)).toEqual([remote]);
  });

  it.each([
    ['/create-rma/RT10000001', 'repair'],
    ['/your-account/rma-history', 'account'],
  ])('signed in, %s downloads only the %s remote', async (url, remote) => {
    const page = await fresh.open(url, 'casey@example.com');
    await page.getByRole('main').getByRole('heading').first().waitFor();
    expect(await remotesFetched(page)).toEqual([remote]);
  });
});
