import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The global every portal bundle reads its own version from: the `version` of its package.json,
 * which changesets bumps when the deployable changes. A remote exposes it (`./version`) and the
 * host marks each remote page with the version its code reports.
 */
export const VERSION_GLOBAL = '__PORTAL_VERSION__';

/**
 * The version a package's build stamps into its bundle: its package.json `version`. The Module
 * Federation manifest's `buildVersion` comes from the same file unless MF_BUILD_VERSION says
 * otherwise; a build where the two would disagree stops here, so the manifest an operator reads
 * and the code a browser runs never name different versions.
 */
export function stampedVersion(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const file = path.join(root, 'package.json');
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string' || version === '') throw new Error(`${file} has no version to stamp into the bundle`);
  const manifestVersion = env.MF_BUILD_VERSION;
  if (manifestVersion && manifestVersion !== version) {
    throw new Error(
      `MF_BUILD_VERSION=${manifestVersion} would put another version into mf-manifest.json than ${file} (${version}) puts into the bundle: unset it and bump the package instead`,
    );
  }
  return version;
}

/** DefinePlugin's definitions of the stamped version. */
export function versionDefinitions(root: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { [VERSION_GLOBAL]: JSON.stringify(stampedVersion(root, env)) };
}
