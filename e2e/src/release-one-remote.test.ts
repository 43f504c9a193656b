// Issue 28 item 5: one remote released alone, for real. Repair is built at n+1 in a worktree of
// HEAD (changeset, offline install, its own build) and served from its own release location (a
// CDN stand-in); the running web process is pointed at it by rewriting its remotes file only, and
// Chromium shows repair's pages running n+1 while the host and the parts remote run n. Rolling
// back is the same file without the override. Then a breaking change to repair's provider
// (api/repair) is refused by the contract gate for the environment where repair n is deployed,
// naming the consumer, the interaction and the field.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signIn, startBrowser, type RunningBrowser } from './browser';
import { repoRoot, startPortal, type RunningPortal } from './portal';
import { checkoutHead, run, startReleaseCDN, versionOf, writeRemotesFile, type ReleaseCDN, type Worktree } from './release';
import { expectText } from './stepper';

/** The versions deployed now, read from the repository: n. */
const hostVersion = versionOf(repoRoot, 'host');
const repairVersion = versionOf(repoRoot, 'apps/repair');
const partsVersion = versionOf(repoRoot, 'apps/parts');

let tree: Worktree;
let released: string; // repair's version in the worktree after its changeset: n+1
let cdn: ReleaseCDN;
let portal: RunningPortal;
let chromium: RunningBrowser;
let remotesFile: string;

beforeAll(async () => {
  tree = checkoutHead();
  tree.changeset('repair-alone', { '@portal/repair': 'patch' }, 'Repair released alone (release-one-remote test).');
  tree.version();
  released = versionOf(tree.dir, 'apps/repair');
  run(tree.dir, 'pnpm', ['--filter', '@portal/repair', 'build']);
  cdn = await startReleaseCDN({ [`repair/${released}`]: path.join(tree.dir, 'apps/repair/dist') });
  remotesFile = path.join(tree.dir, '..', 'remotes.json');
  writeRemotesFile(remotesFile, {});
  portal = await startPortal({ PORTAL_REMOTES_FILE: remotesFile });
  chromium = await startBrowser();
}, 600_000);

afterAll(async () => {
  await chromium?.stop();
  await portal?.stop();
  await cdn?.close();
  tree?.remove();
});

/** The remote that rendered the page on screen and the version its code reports, once marked. */
async function pageMark(page: Page, remote: string): Promise<string | null> {
  const main = page.locator(`main[data-remote="${remote}"][data-remote-version]`);
  await main.waitFor();
  return main.getAttribute('data-remote-version');
}

async function runtimeRemotes(): Promise<Record<string, string>> {
  const res = await fetch(`${portal.url}/runtime-config.json`);
  return ((await res.json()) as { remotes: Record<string, string> }).remotes;
}

describe('releasing the repair remote alone', () => {
  it('runs repair n+1 from its release location while the host and parts stay n, and rolls back by runtime config', async () => {
    expect(released).not.toBe(repairVersion);
    const page = await (await chromium.browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${portal.url}/create-rma/RT10000001`);
    await signIn(page, 'casey@example.com');
    await page.waitForURL(`${portal.url}/create-rma/RT10000001**`);
    await expectText(page, 'Serial valid for new RMA!');
    expect(await pageMark(page, 'repair')).toBe(repairVersion);

    // The release: the remotes file names repair's new location; nothing is rebuilt or restarted.
    const manifest = cdn.manifest('repair', released);
    const built = (await (await fetch(manifest)).json()) as { metaData: { buildInfo: { buildVersion: string } } };
    expect(built.metaData.buildInfo.buildVersion).toBe(released);
    writeRemotesFile(remotesFile, { repair: manifest });
    expect((await runtimeRemotes()).repair).toBe(manifest);
    await page.reload();
    await expectText(page, 'Serial valid for new RMA!');
    expect(await pageMark(page, 'repair')).toBe(released);
    expect(await page.locator('meta[name="portal-version"]').getAttribute('content')).toBe(hostVersion);
    expect(cdn.requests).toContain(`repair/${released}/remoteEntry.js`);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Order parts' }).click();
    // The stepper asks before it drops the RMA being filled in: in the same document, so the
    // page runs the host n, repair n+1 (still loaded) and parts n together.
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order parts' }).waitFor();
    expect(await pageMark(page, 'parts')).toBe(partsVersion);
    expect(cdn.requests.filter((r) => !r.startsWith(`repair/${released}/`))).toEqual([]);

    // The rollback: the same file without the override, and a reload.
    writeRemotesFile(remotesFile, {});
    expect((await runtimeRemotes()).repair).toBe('/remotes/repair/mf-manifest.json');
    const requestsBefore = cdn.requests.length;
    await page.goto(`${portal.url}/create-rma/RT10000001`);
    await expectText(page, 'Serial valid for new RMA!');
    expect(await pageMark(page, 'repair')).toBe(repairVersion);
    expect(await page.locator('meta[name="portal-version"]').getAttribute('content')).toBe(hostVersion);
    expect(cdn.requests.length).toBe(requestsBefore);
  }, 120_000);

  it("refuses a breaking change to repair's provider for the environment where repair n is deployed", () => {
    const contracts = path.join(tree.dir, '..', 'contracts');
    const gate = path.join(tree.dir, '..', 'contractgate');
    run(repoRoot, 'go', ['build', '-o', gate, './api/tools/contractgate']);
    // What runs in the environment: every deployable of the repository at its version (n).
    run(repoRoot, gate, ['publish', '--contracts', contracts]);
    const { releases } = JSON.parse(readFileSync(path.join(contracts, 'releases.json'), 'utf8')) as {
      releases: { deployable: string; version: string }[];
    };
    for (const r of releases) run(repoRoot, gate, ['record-deployment', r.deployable, r.version, '--to', 'e2e', '--contracts', contracts]);
    expect(releases).toContainEqual(expect.objectContaining({ deployable: 'repair', version: repairVersion }));

    // The provider's team renames a field the repair remote's serial check reads, and bumps api-repair.
    const handlers = path.join(tree.dir, 'api/repair/repairapi/repairapi.go');
    const source = readFileSync(handlers, 'utf8');
    expect(source).toContain('json:"cardState"');
    writeFileSync(handlers, source.replace('json:"cardState"', 'json:"cardStatus"'));
    tree.changeset('api-repair-break', { '@portal/api-repair': 'patch' }, 'The serial check names its card state cardStatus.');
    tree.version();
    const apiRepair = versionOf(tree.dir, 'api/repair');
    expect(apiRepair).not.toBe(versionOf(repoRoot, 'api/repair'));

    let output = '';
    let status = 0;
    try {
      output = run(repoRoot, gate, ['can-i-deploy', 'api-repair', apiRepair, '--to', 'e2e', '--root', tree.dir, '--contracts', contracts]);
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      status = failed.status;
      output = `${failed.stdout}${failed.stderr}`;
    }
    expect(status).toBe(1);
    // The refusal names the consumer, the interaction it still needs and the field it misses.
    expect(output).toContain(`repair ${repairVersion} → portal-repair-api (api-repair ${apiRepair}): REFUSED`);
    expect(output).toMatch(/interaction "a serial check for an in-warranty unit": .*missing the following keys: cardState/);
  }, 900_000);
});
