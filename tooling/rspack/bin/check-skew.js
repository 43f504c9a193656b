// Fails the build when a remote may not run on one page with the host (docs/skew.md): reads the
// mf-manifest.json of the host's dist directory (first argument) and of each remote's (the rest).
// Usage: node tooling/rspack/bin/check-skew.js host/dist apps/*/dist
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findSkew } from '../src/skew.js';

/** @param {string} dir @returns {import('../src/skew.js').SharedManifest} */
function readManifest(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
}

const [hostDir, ...remoteDirs] = process.argv.slice(2);
if (!hostDir || remoteDirs.length === 0) {
  console.error('usage: check-skew.js <host dist> <remote dist>...');
  process.exit(2);
}
const problems = findSkew(readManifest(hostDir), remoteDirs.map(readManifest));
for (const problem of problems) console.error(`skew: ${problem}`);
process.exit(problems.length === 0 ? 0 : 1);
