// What each page downloads, in Chromium against the built portal: a page fetches the files of
// the remote that renders it and of no other, and home, which the host renders itself, fetches
// none; the create-RMA page fetches no other page of its remote, and its later steps only after
// the page's largest paint; the RMA history fetches the phone metadata only for a details window
// (issue 12: a phone pays for every file it downloads).
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

describe('what the create-RMA page downloads', () => {
  interface Fetched {
    path: string;
    start: number;
    end: number;
  }

  /** Every file the document fetched, by path, with when its request started and ended. */
  const fetched = (page: Page): Promise<Fetched[]> =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
    );

  it('fetches its own page at once, and steps 2-5 only once the unit picture is in', async () => {
    const page = await fresh.open('/create-rma/RT10000001', 'casey@example.com');
    // The picture arrives late, as on a slow phone, and the page loads again (routing turns the
    // browser's cache off): code fetched before the picture is in shows before it ends.
    await page.route('**/assets/units/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.reload();
    const manifest = (await (await page.request.get(new URL('/remotes/repair/mf-manifest.json', page.url()).href)).json()) as {
      exposes: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
    };
    const own = manifest.exposes.find((expose) => expose.name === 'CreateRmaPage');
    if (!own) throw new Error('the repair manifest exposes no CreateRmaPage');
    // The remote's version (a few bytes), which the host marks the page with once it shows.
    const version = manifest.exposes.find((expose) => expose.name === 'version');
    if (!version) throw new Error('the repair manifest exposes no version');
    const atOnce = new Set(['remoteEntry.js', 'mf-manifest.json', ...own.assets.js.sync, ...version.assets.js.sync]);
    const later = new Set(own.assets.js.async);

    await page.getByRole('main').getByRole('img').first().waitFor();
    // The steps' code comes when the browser is idle after the picture: wait until some of it has.
    await page.waitForFunction(
      (files) => performance.getEntriesByType('resource').some((entry) => files.some((file) => entry.name.endsWith(`/remotes/repair/${file}`))),
      [...later],
    );
    await page.waitForLoadState('networkidle');

    const files = await fetched(page);
    const repair = files.filter((file) => file.path.startsWith('/remotes/repair/')).map((file) => ({ ...file, name: file.path.slice('/remotes/repair/'.length) }));
    const picture = files.find((file) => file.path.startsWith('/assets/units/'));
    if (!picture) throw new Error('the unit picture was not fetched');

    // No other page of the remote: the upgrade and confirm-quote pages share the stepper's code.
    expect(repair.filter((file) => file.name.startsWith('__federation_expose_')).map((file) => file.name.split('.')[0]).sort()).toEqual([
      '__federation_expose_CreateRmaPage',
      '__federation_expose_version',
    ]);
    // Before the picture is in, only what step 1 needs; the steps came after it (waited for above).
    expect(repair.filter((file) => file.start < picture.end && !atOnce.has(file.name)).map((file) => file.name)).toEqual([]);
  });
});

describe('what the RMA history downloads', () => {
  /** The account remote's scripts the document fetched that hold the phone metadata. */
  async function phoneCode(page: Page): Promise<string[]> {
    const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const scripts = urls.filter((url) => /^\/remotes\/account\/.*\.js$/.test(new URL(url).pathname));
    const holding = await Promise.all(
      scripts.map(async (url) => ((await (await page.request.get(url)).text()).includes('countryCallingCode') ? url : null)),
    );
    return holding.filter((url): url is string => url !== null);
  }

  it('fetches the phone metadata only when a details window opens, and shows the phone with it', async () => {
    const page = await fresh.open('/your-account/rma-history', 'casey@example.com');
    const first = page.getByRole('button', { name: /^Details of / }).first();
    await first.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await phoneCode(page)).toEqual([]);

    await first.click();
    const details = page.getByRole('dialog');
    await details.getByText('Phone', { exact: true }).waitFor();
    await expect(details.locator('dd').filter({ hasText: /^\+\d[\d ]+$/ }).count()).resolves.toBeGreaterThan(0);
    expect((await phoneCode(page)).length).toBeGreaterThan(0);
  });
});
