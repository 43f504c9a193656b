// A release of one deployable built for real, as its team's pipeline builds it: a git worktree of
// HEAD, installed offline from the pnpm store, its version bumped by a changeset, and built; and
// a static server standing in for the CDN that serves each release at its own versioned path.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from './portal';

/** The version in a package.json under root (apps/repair, host, api/repair). */
export function versionOf(root: string, dir: string): string {
  return (JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The environment of the commands a pipeline runs: jest's NODE_ENV=test would make the build
 * another build than `make build`'s, and pnpm's npm_config_* of the running test would steer
 * the worktree's pnpm.
 */
function pipelineEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('npm_') && !name.startsWith('JEST')),
  );
}

/** Runs a pipeline command; a failure's message carries what the command printed, to tell why. */
export function run(cwd: string, command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { cwd, env: pipelineEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string };
    failed.message += `\n${failed.stdout ?? ''}${failed.stderr ?? ''}`.slice(-4000);
    throw failed;
  }
}

export interface Worktree {
  dir: string;
  /** Writes a changeset bumping each package by its bump, as a team's change would carry it. */
  changeset(name: string, bumps: Record<string, 'patch' | 'minor' | 'major'>, summary: string): void;
  /** Applies the pending changesets: the release's versions and changelogs. */
  version(): void;
  remove(): void;
}

/** A worktree of HEAD with its node_modules, from the pnpm store only. */
export function checkoutHead(): Worktree {
  const parent = mkdtempSync(path.join(tmpdir(), 'portal-release-'));
  const dir = path.join(parent, 'tree');
  run(repoRoot, 'git', ['worktree', 'add', '--detach', dir, 'HEAD']);
  const remove = () => {
    try {
      run(repoRoot, 'git', ['worktree', 'remove', '--force', dir]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  };
  try {
    run(dir, 'pnpm', ['install', '--offline', '--frozen-lockfile']);
  } catch (error) {
    remove();
    throw error;
  }
  return {
    dir,
    changeset(name, bumps, summary) {
      const header = Object.entries(bumps).map(([pkg, bump]) => `"${pkg}": ${bump}`);
      writeFileSync(path.join(dir, '.changeset', `${name}.md`), `---\n${header.join('\n')}\n---\n\n${summary}\n`);
    },
    version() {
      run(dir, 'pnpm', ['changeset', 'version']);
    },
    remove,
  };
}

export interface ReleaseCDN {
  origin: string;
  /** The URL of a release's manifest: <origin>/<remote>/<version>/mf-manifest.json. */
  manifest(remote: string, version: string): string;
  /** Every path requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves each release's dist at /<remote>/<version>/, with the CORS header a CDN answers the
 * portal's manifest fetch with. releases maps "<remote>/<version>" to a dist directory.
 */
export async function startReleaseCDN(releases: Record<string, string>): Promise<ReleaseCDN> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    // URL parsing resolves any ../ before the path is matched against a release.
    const file = new URL(req.url ?? '/', origin).pathname.slice(1);
    requests.push(file);
    const release = Object.keys(releases).find((r) => file.startsWith(`${r}/`));
    if (!release) {
      res.writeHead(404).end();
      return;
    }
    readFile(path.join(releases[release]!, file.slice(release.length + 1))).then(
      (body) => {
        const type = file.endsWith('.json') ? 'application/json' : 'text/javascript';
        res.writeHead(200, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' }).end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    manifest: (remote, version) => `${origin}/${remote}/${version}/mf-manifest.json`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The web process's remotes file (PORTAL_REMOTES_FILE), replaced whole by a rename as a mounted
 * ConfigMap is, so the web process never reads half of it.
 */
export function writeRemotesFile(file: string, remotes: Record<string, string>): void {
  writeFileSync(`${file}.next`, JSON.stringify({ remotes }));
  renameSync(`${file}.next`, file);
}
