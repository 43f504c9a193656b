// The security headers as Chromium enforces them: signing in through the provider and walking
// through the remotes loads everything the pages need, and the Content-Security-Policy refuses
// nothing (no inline script, no style, chunk, manifest or token call outside the policy).
import type { Page } from 'playwright-core';
import { signIn } from './browser';
import { onePortalPerFile } from './fresh';
import { expectText } from './stepper';

const fresh = onePortalPerFile();

/** Every CSP violation the page's documents report, as events and as console messages. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Refused to|Content Security Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
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
