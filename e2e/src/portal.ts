// Starts the built portal (bin/portal) on a free loopback port with a fresh data dir, as a
// person would run it with `make run`, and stops it afterwards.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');

export interface RunningPortal {
  url: string;
  /** The e-mails the portal queued for an address (the embedded default keeps them in its outbox). */
  outbox(to: string): string;
  /** An access token of a demo user, as `portal dev-token` prints it for scripts. */
  devToken(user: string): string;
  /** What the portal's processes printed, for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`portal not ready at ${url}:\n${output()}`);
}

/** Starts the portal; env adds to its environment (PORTAL_REMOTES_FILE, say). */
export async function startPortal(extraEnv: Record<string, string> = {}): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // Port 0: several portals (and a person's `make run`) never contend for the admin listener.
  const env = { ...process.env, PORTAL_ADDR: `127.0.0.1:${port}`, PORTAL_ADMIN_ADDR: '127.0.0.1:0', PORTAL_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  const binary = path.join(repoRoot, 'bin/portal');
  const child = spawn(binary, ['serve'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  await waitReady(url, child, () => log);
  return {
    url,
    log: () => log,
    outbox: (to) => execFileSync(binary, ['outbox', '--to', to], { cwd: repoRoot, env }).toString(),
    devToken: (user) => execFileSync(binary, ['dev-token', '--user', user], { cwd: repoRoot, env }).toString().trim(),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
