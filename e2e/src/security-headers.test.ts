// The security headers as Chromium enforces them: signing in through the provider and walking
// through the remotes loads everything the pages need, and the Content-Security-Policy refuses
// nothing (no inline script, no style, chunk, manifest or token call outside the policy), on the
// all-in-one portal and through the split topology's proxy with a remote on another origin.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signIn } from './browser';
import { onePortalPerFile } from './fresh';
import { freePort, repoRoot, type RunningPortal } from './portal';
import { startSplitPortal } from './split';
import { expectText } from './stepper';

const fresh = onePortalPerFile();

/**
 * Every CSP violation the page's documents report, as events and as console messages, and any
 * Permissions-Policy feature Chromium does not know (a typo would silently deny nothing).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Refused to|Content Security Policy|Permissions-Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction('reportViolation', (v: string) => seen.push(`event: ${v}`));
  // Injected by the browser itself, so the policy under test does not apply to this listener.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI}`,
      );
    });
  });
  return seen;
}

describe('security headers in Chromium', () => {
  it('sign-in and the remotes load with no CSP violation, and the pages carry the headers', async () => {
    const base = fresh.portal().url;
    const page = await (await fresh.open('')).context().newPage();
    page.setDefaultTimeout(15_000);
    const violations = await watchViolations(page);

    const shell = await page.goto(`${base}/create-rma/RT10000001`);
    const headers = shell?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['permissions-policy']).toContain('camera=()');
    // Plain HTTP on loopback: no HSTS.
    expect(headers['strict-transport-security']).toBeUndefined();

    await page.waitForURL(/\/idp\/login/);
    await signIn(page, 'casey@example.com');
    await page.waitForURL(`${base}/create-rma/RT10000001**`);
    await expectText(page, 'Serial valid for new RMA!');

    await page.goto(`${base}/your-account/rma-history`);
    await page.getByRole('heading', { name: 'Your RMAs' }).waitFor();
    await page.goto(`${base}/parts-order/manual`);
    await page.getByRole('textbox', { name: 'Part numbers and quantities' }).waitFor();
    await page.goto(`${base}/help-support`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${base}/recycle-unit`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    expect(violations).toEqual([]);
  });

  it('a policy violation is seen: the check above can fail', async () => {
    const page = await (await fresh.open('')).context().newPage();
    const violations = await watchViolations(page);
    await page.goto(`${fresh.portal().url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // What an injected inline script would do; the page's policy must refuse it.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.body.appendChild(s);
    });
    for (let i = 0; i < 50 && violations.length === 0; i++) await page.waitForTimeout(100);
    expect(violations.join('\n')).toContain('script-src');
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });
});

/** A CDN stand-in on its own origin serving one remote's build, with CORS for its manifest. */
async function startCDN(remote: string): Promise<{ origin: string; requests: string[]; server: Server }> {
  const port = await freePort();
  const requests: string[] = [];
  const dist = path.join(repoRoot, 'apps', remote, 'dist');
  const server = createServer((req, res) => {
    // URL parsing resolves any ../ (and nothing is decoded after it) before the name is used.
    const file = new URL(req.url ?? '/', 'http://cdn').pathname.slice(1);
    requests.push(file);
    if (!file.startsWith(`${remote}/`)) {
      res.writeHead(404).end();
      return;
    }
    readFile(path.join(dist, file.slice(remote.length + 1))).then(
      (body) => {
        const type = file.endsWith('.json') ? 'application/json' : 'text/javascript';
        res.writeHead(200, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' }).end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, requests, server };
}

describe('security headers through the split topology, a remote on a CDN', () => {
  let split: RunningPortal;
  let cdn: Awaited<ReturnType<typeof startCDN>>;
  beforeAll(async () => {
    cdn = await startCDN('parts');
    split = await startSplitPortal({ PORTAL_REMOTE_URLS: `parts=${cdn.origin}/parts/mf-manifest.json` });
  }, 120_000);
  afterAll(async () => {
    await split?.stop();
    await new Promise((r) => cdn?.server.close(r));
  });

  it('the proxy passes the web process policy, which lets the remote on the CDN load', async () => {
    const browser = (await fresh.open('')).context().browser();
    const page = await (await browser!.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    const violations = await watchViolations(page);

    const shell = await page.goto(`${split.url}/create-rma/RT10000001`);
    const csp = shell?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`script-src 'self' ${cdn.origin};`);
    expect(csp).toContain(`connect-src 'self' ${split.url} ${cdn.origin} blob:;`);
    expect(shell?.headers()['x-frame-options']).toBe('DENY');

    await page.waitForURL(/\/idp\/login/);
    await signIn(page, 'casey@example.com');
    await page.waitForURL(`${split.url}/create-rma/RT10000001**`);
    await expectText(page, 'Serial valid for new RMA!');
    await page.goto(`${split.url}/parts-order/manual`);
    await page.getByRole('textbox', { name: 'Part numbers and quantities' }).waitFor();

    expect(cdn.requests).toContain('parts/remoteEntry.js');
    expect(violations).toEqual([]);
  });
});
