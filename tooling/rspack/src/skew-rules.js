// Plain JavaScript, not TypeScript: `make build` runs the skew check (bin/check-skew.js) under
// Node 20, which cannot load TypeScript, and this workspace has no TypeScript runner to add.

/**
 * What must match between the host and a remote for one shared singleton. A page runs every
 * singleton from ONE copy (the host's), so a remote runs on code other than what it was built with:
 * - 'major': the same major, or for a 0.x version the same minor (what a caret range keeps), as
 *   api/portal/webshell/shared.go refuses at start;
 * - 'exact': the same version, for a portal package whose context or state the remote reads.
 * @typedef {{ match: 'major' | 'exact', why: string }} SkewRule
 */

const reactWhy = 'the page renders with the host’s React; hooks and the JSX runtime change between majors';

/**
 * One rule per singleton of portalShared (federation.ts), keyed as it is shared: the check fails on
 * a singleton that has none, so a new one cannot be shared without deciding its rule here.
 * @type {Readonly<Record<string, SkewRule>>}
 */
export const skewRules = {
  react: { match: 'major', why: reactWhy },
  'react/jsx-runtime': { match: 'major', why: reactWhy },
  'react-dom': { match: 'major', why: reactWhy },
  'react-dom/client': { match: 'major', why: reactWhy },
  'styled-components': {
    match: 'major',
    why: 'one style sheet and one ThemeProvider context per page; a major changes both',
  },
  '@portal/router': {
    match: 'exact',
    why: 'it carries react-router (bundled inside it, pinned to one major by the pnpm catalog) and the host’s router context every remote page navigates with',
  },
  '@portal/auth': {
    match: 'exact',
    why: 'it carries the session context and token state the host signs in with and every remote reads',
  },
  '@portal/ui': {
    match: 'exact',
    why: 'it carries the theme the host provides and every remote’s components read',
  },
};
