// Starts the production shape on this machine: bin/portal-split runs `portal migrate` and
// `portal seed`, then one `portal serve --services=NAME` process per domain behind nginx, on a
// fresh PostgreSQL database and its own Redis key prefix. Browsers reach the portal only through
// the proxy, as they would through the chart's ingress.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, type RunningPortal } from './portal';

const PG = ['-h', '127.0.0.1', '-U', 'postgres'];

/** Starts the split portal; env adds to the processes' environment (an external OIDC_ISSUER, say). */
export async function startSplitPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = `portal_e2e_split_${process.pid}_${port}`;
  execFileSync('createdb', [...PG, database]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-split-'));
  const fullEnv = {
    ...process.env,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}?sslmode=disable`,
    REDIS_URL: 'redis://127.0.0.1:6379/0',
    REDIS_KEY_PREFIX: `e2e-split-${process.pid}-${port}:`,
    PORTAL_DATA_DIR: dataDir,
    PORTAL_PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    PATH: `${process.env.PATH ?? ''}:/usr/sbin`,
    ...env,
  };
  const binary = path.join(repoRoot, 'bin/portal');
  const child = spawn(path.join(repoRoot, 'bin/portal-split'), [`--listen=127.0.0.1:${port}`, `--bin=${binary}`], {
    cwd: repoRoot,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (d) => (log += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`split portal not ready after 90 s:\n${log}`)), 90_000);
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes(`ready ${url}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portal-split exited (${code}):\n${log}`));
    });
  });
  return {
    url,
    log: () => log,
    outbox: (to) => execFileSync(binary, ['outbox', '--to', to], { cwd: repoRoot, env: fullEnv }).toString(),
    devToken: (user) => execFileSync(binary, ['dev-token', '--user', user], { cwd: repoRoot, env: fullEnv }).toString().trim(),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      execFileSync('dropdb', [...PG, '--if-exists', '--force', database]);
      // The cached profiles and rate-limit counters of this run.
      execFileSync('sh', ['-c', `redis-cli -h 127.0.0.1 --scan --pattern '${fullEnv.REDIS_KEY_PREFIX}*' | xargs -r redis-cli -h 127.0.0.1 DEL >/dev/null`]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
