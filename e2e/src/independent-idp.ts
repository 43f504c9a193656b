// Starts the independent OpenID provider (tooling/test-idp: panva's oidc-provider, not the portal's
// code) as a process of its own on a loopback port, for browser tests that sign in through a
// provider the portal knows only by its issuer URL.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { freePort, repoRoot } from './portal';

const IDP_DIR = path.join(repoRoot, 'tooling/test-idp');

/** A user of the independent provider (tooling/test-idp/users.json), with the claims it releases. */
export interface IndependentUser {
  sub: string;
  email: string;
  password: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  company?: string;
  position?: string;
  phone_number?: string;
  address?: { street_address?: string; locality?: string; region?: string; postal_code?: string; country?: string };
  roles?: string[];
}

export interface RunningIdp {
  issuer: string;
  /** What the provider printed, for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
}

export interface IdpOptions {
  /** Origins of the portal: their /oidc-callback, /silent-renew and / become the client's URIs. */
  origins: string[];
  /** Loopback port; a free one when absent. Choose it first to give the portal OIDC_ISSUER before the provider runs. */
  port?: number;
}

/** The users file's user with this e-mail. */
export function independentUser(email: string): IndependentUser {
  const users = JSON.parse(readFileSync(path.join(IDP_DIR, 'users.json'), 'utf8')) as IndependentUser[];
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email} in tooling/test-idp/users.json`);
  return user;
}

/** Starts the provider and resolves once it prints its ready line. */
export async function startIndependentIdp({ origins, port }: IdpOptions): Promise<RunningIdp> {
  const listen = port ?? (await freePort());
  const args = [path.join(IDP_DIR, 'server.mjs'), '--port', String(listen), ...origins.flatMap((o) => ['--origin', o])];
  const child = spawn(process.execPath, args, { cwd: IDP_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (d) => (log += d));
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`independent provider not ready after 20 s:\n${log}`)), 20_000);
    child.stdout?.on('data', (d: Buffer) => {
      log += d;
      const ready = /test-idp ready (\S+)/.exec(log);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`independent provider exited (${code}):\n${log}`));
    });
  });
  return {
    issuer,
    log: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs in on the provider's own pages, as a person would: its sign-in form, then its consent. */
export async function signInAtIndependentIdp(page: Page, user: IndependentUser): Promise<void> {
  await page.getByRole('heading', { name: 'Independent IdP sign-in' }).waitFor();
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Allow access' }).waitFor();
  await page.getByRole('button', { name: 'Allow' }).click();
}

/** Confirms sign-out on the provider's end_session page. */
export async function confirmSignOutAtIndependentIdp(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Sign out' }).waitFor();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
}
