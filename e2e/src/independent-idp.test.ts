// The production configuration with somebody else's OpenID provider: the portal (every domain in
// one process) on PostgreSQL and Redis, OIDC_ISSUER pointing at an independent, certified provider
// (tooling/test-idp) that it knows only through discovery. A customer who exists only in that
// provider signs in there, checks a serial, creates an in-warranty RMA whose contact step is
// prefilled from the provider's claims, and signs out through the provider's end_session.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startBrowser, type RunningBrowser } from './browser';
import { confirmSignOutAtIndependentIdp, independentUser, signInAtIndependentIdp, startIndependentIdp, type RunningIdp } from './independent-idp';
import { freePort, repoRoot, type RunningPortal } from './portal';
import { confirmAndSubmit, cont, describeProblem, expectText } from './stepper';

const PG = ['-h', '127.0.0.1', '-U', 'postgres'];
const binary = path.join(repoRoot, 'bin/portal');

/** The subcommands this build of bin/portal has (`migrate` and `seed` prepare a production database). */
function portalCommands(): Set<string> {
  const usage = spawnSync(binary, [], { encoding: 'utf8' });
  return new Set([...`${usage.stdout}${usage.stderr}`.matchAll(/^\s+portal (\S+)/gm)].map((m) => m[1] ?? ''));
}

/**
 * bin/portal serve with every domain, on a fresh PostgreSQL database and its own Redis key prefix,
 * schema and demo units prepared first by `portal migrate` and `portal seed` as the chart's Job
 * does. The provider need not be up yet: the portal discovers it on first use.
 */
async function startPortalOnPostgres(port: number, env: Record<string, string>): Promise<RunningPortal> {
  const url = `http://127.0.0.1:${port}`;
  const database = `portal_e2e_idp_${process.pid}_${port}`;
  execFileSync('createdb', [...PG, database]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-idp-'));
  const fullEnv = {
    ...process.env,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}?sslmode=disable`,
    REDIS_URL: 'redis://127.0.0.1:6379/0',
    REDIS_KEY_PREFIX: `e2e-idp-${process.pid}-${port}:`,
    PORTAL_ADDR: `127.0.0.1:${port}`,
    PORTAL_ADMIN_ADDR: '127.0.0.1:0',
    PORTAL_PUBLIC_URL: url,
    PORTAL_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  };
  const dropDatabase = () => {
    execFileSync('dropdb', [...PG, '--if-exists', '--force', database]);
    // The cached profiles and rate-limit counters of this run.
    execFileSync('sh', ['-c', `redis-cli -h 127.0.0.1 --scan --pattern '${fullEnv.REDIS_KEY_PREFIX}*' | xargs -r redis-cli -h 127.0.0.1 DEL >/dev/null`]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const commands = portalCommands();
  for (const step of ['migrate', 'seed']) {
    if (commands.has(step)) execFileSync(binary, [step], { cwd: repoRoot, env: fullEnv, stdio: 'pipe' });
  }
  let log = '';
  const child = spawn(binary, ['serve'], { cwd: repoRoot, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    dropDatabase();
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`portal did not become ready at ${url}:\n${log}`);
    }
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    log: () => log,
    outbox: (to) => execFileSync(binary, ['outbox', '--to', to], { cwd: repoRoot, env: fullEnv }).toString(),
    devToken: (user) => execFileSync(binary, ['dev-token', '--user', user], { cwd: repoRoot, env: fullEnv }).toString().trim(),
    stop,
  };
}

const riley = independentUser('riley.quinn@independent.example');

let idp: RunningIdp | undefined;
let portal: RunningPortal | undefined;
let chromium: RunningBrowser | undefined;

beforeAll(async () => {
  // The provider's port is chosen first so the portal can start before the provider answers.
  const idpPort = await freePort();
  portal = await startPortalOnPostgres(await freePort(), { OIDC_ISSUER: `http://127.0.0.1:${idpPort}` });
  idp = await startIndependentIdp({ origins: [portal.url], port: idpPort });
  chromium = await startBrowser();
}, 90_000);

afterAll(async () => {
  await chromium?.stop();
  await portal?.stop();
  await idp?.stop();
});

function value(page: Page, role: 'textbox' | 'combobox', name: string): Promise<string> {
  return page.getByRole(role, { name, exact: true }).inputValue();
}

describe('an independent OpenID provider', () => {
  it('signs in a customer who exists only there, prefills the RMA from its claims and signs out through it', async () => {
    if (!portal || !idp || !chromium) throw new Error('setup failed');
    const page = await (await chromium.browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);

    await page.goto(`${portal.url}/create-rma`);
    await page.waitForURL(`${idp.issuer}/**`);
    await signInAtIndependentIdp(page, riley);
    await page.waitForURL(`${portal.url}/create-rma**`);
    await expectText(page, 'Riley Quinn');

    await page.getByLabel('Serial Number').fill('RT10000001');
    await expectText(page, 'Serial valid for new RMA!');
    await describeProblem(page);

    // The contact step, prefilled from the provider's claims alone.
    await page.getByRole('textbox', { name: 'First Name' }).waitFor();
    expect(await value(page, 'textbox', 'First Name')).toBe('Riley');
    expect(await value(page, 'textbox', 'Last Name')).toBe('Quinn');
    expect(await value(page, 'textbox', 'Email')).toBe(riley.email);
    expect(await value(page, 'textbox', 'Company')).toBe('Quinn Surveying');
    expect(await value(page, 'textbox', 'Position')).toBe('Field Lead');
    expect((await page.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).replace(/\D/g, '')).toBe('7375550163');
    expect(await value(page, 'textbox', 'Address Line 1')).toBe('4100 Lakeline Blvd');
    expect(await value(page, 'textbox', 'Address Line 2')).toBe('Suite 210');
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Cedar Park');
    expect(await value(page, 'textbox', 'Postal Code')).toBe('78613');
    expect(await value(page, 'combobox', 'Country')).toBe('US');
    expect(await value(page, 'combobox', 'State / Province')).toBe('TX');
    await cont(page);

    await page.getByRole('radio', { name: 'I have a box: give me a shipping label now' }).check();
    await cont(page);
    await expectText(page, 'Unit Description');
    await confirmAndSubmit(page);
    await expectText(page, 'Download Shipping Label');
    const heading = await page.getByText(/Your RMA RMA-\d+ has been created\./).first().textContent();
    const rmaNumber = /RMA-\d+/.exec(heading ?? '')?.[0];
    expect(rmaNumber).toBeDefined();
    expect(portal.outbox(riley.email)).toContain(`Subject: RMA ${rmaNumber} created`);

    // Sign-out ends the provider's session too: signing in again asks for the password.
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(`${idp.issuer}/**`);
    await confirmSignOutAtIndependentIdp(page);
    await page.waitForURL(`${portal.url}/**`);
    const signInAgain = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
    await signInAgain.waitFor();
    await signInAgain.click();
    await page.waitForURL(`${idp.issuer}/**`);
    await page.getByRole('heading', { name: 'Independent IdP sign-in' }).waitFor();
  });
});
