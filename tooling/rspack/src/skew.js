import { skewRules } from './skew-rules.js';

/**
 * The part of a bundle's mf-manifest.json the check reads: its name and the singletons it shares,
 * each with the version it was built with.
 * @typedef {{ name: string, shared: ReadonlyArray<{ name: string, version: string }> }} SharedManifest
 */

/**
 * The part of a version a caret range keeps: the major, or for 0.x the minor too.
 * @param {string} version
 */
function compatibleLine(version) {
  const [major, minor] = version.split('.');
  return major === '0' && minor !== undefined ? `${major}.${minor}` : major;
}

/**
 * @param {import('./skew-rules.js').SkewRule} rule
 * @param {string} remote
 * @param {string} host
 */
function satisfies(rule, remote, host) {
  return rule.match === 'exact' ? remote === host : compatibleLine(remote) === compatibleLine(host);
}

/** @param {import('./skew-rules.js').SkewRule} rule */
function describe(rule) {
  return rule.match === 'exact' ? 'the same version' : 'the same major';
}

/**
 * The skew problems between the host and its remotes, one message each, none when they may run on
 * one page. A singleton that either side shares without a rule in skewRules is a problem too.
 * @param {SharedManifest} host
 * @param {ReadonlyArray<SharedManifest>} remotes
 * @param {Readonly<Record<string, import('./skew-rules.js').SkewRule>>} [rules]
 * @returns {string[]}
 */
export function findSkew(host, remotes, rules = skewRules) {
  const problems = [];
  const unruled = new Set();
  const hostVersions = new Map(host.shared.map((s) => [s.name, s.version]));
  for (const bundle of [host, ...remotes]) {
    for (const s of bundle.shared) {
      if (!Object.hasOwn(rules, s.name) && !unruled.has(s.name)) {
        unruled.add(s.name);
        problems.push(
          `${bundle.name} shares ${s.name} and tooling/rspack/src/skew-rules.js has no rule for it: say what must match between the host and a remote, and why`,
        );
      }
    }
  }
  for (const remote of remotes) {
    for (const s of remote.shared) {
      const rule = rules[s.name];
      const hostVersion = hostVersions.get(s.name);
      if (!rule || hostVersion === undefined || satisfies(rule, s.version, hostVersion)) continue;
      problems.push(
        `remote ${remote.name} was built with ${s.name} ${s.version} and the host with ${hostVersion}; the rule is ${describe(rule)}: ${rule.why}`,
      );
    }
  }
  return problems;
}
