import { writeFile } from 'node:fs/promises';
import type { RenderedPage } from './render';

export interface PrerenderedPage extends RenderedPage {
  /** Set on a host page whose content is that remote's page: its html holds the PAGE_SLOT. */
  remote?: string;
}

/**
 * What a front-end package's build leaves in dist/prerendered.json: its pages by route pattern
 * without optional segments (expandOptionalSegments; a path without parameters is its own
 * pattern). The web server reads the host's and each remote's at start, so a remote redeployed
 * with a new page is served with it without rebuilding the host.
 */
export interface PrerenderedFile {
  pages: Record<string, PrerenderedPage>;
  /**
   * The host's: every pattern of its router, so the web server tells which route a URL is as
   * the router would, and never answers `/create-rma/confirm-quote` with `/create-rma/:serial`'s page.
   */
  routes?: string[];
}

/**
 * The body of a package's prerender script (run by its build with the file to write as its
 * argument): renders the pages and writes them, or fails the build.
 */
export async function writePrerendered(render: () => Promise<PrerenderedFile>): Promise<void> {
  const file = process.argv[2];
  try {
    if (!file) throw new Error('usage: prerender <output file>');
    await writeFile(file, JSON.stringify(await render()));
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
