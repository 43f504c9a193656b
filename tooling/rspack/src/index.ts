import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { PrecompressPlugin } from './precompress';
import { stampedVersion, versionDefinitions } from './version-stamp';

export interface PortalBuildOptions {
  /** The package directory (where rspack.config.ts lives). */
  root: string;
  /** Entry module relative to root; omit for a remote that only exposes modules. */
  entry?: string;
  /** '/' for the host, 'auto' for remotes served below /remotes/<name>/. */
  publicPath: string;
  /** Emit index.html from this template (host only). */
  htmlTemplate?: string;
  /** Copy this folder into dist as is (host only). */
  publicDir?: string;
  /** Unique output name so two containers on one page never share a chunk-loading global. */
  uniqueName: string;
}

const isProduction = process.env.NODE_ENV !== 'development';

const extensions = ['.ts', '.tsx', '.js', '.jsx', '.json'];

/**
 * styled-components' compile step: each styled component gets an id made from its file and its
 * place in it, instead of from the order the bundle happens to define components in. The
 * prerender and the browser bundle then name every class alike, so the browser hydrates the
 * prerendered page instead of building it again.
 */
const styledComponentsPlugin: [string, Record<string, unknown>] = [
  createRequire(import.meta.url).resolve('@swc/plugin-styled-components'),
  { ssr: true, displayName: !isProduction, fileName: false, transpileTemplateLiterals: false, pure: true },
];

/** TypeScript and JSX through swc, for the given targets. */
function typescriptRule(targets: string): NonNullable<NonNullable<Configuration['module']>['rules']>[number] {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      detectSyntax: 'auto',
      jsc: {
        transform: { react: { runtime: 'automatic', development: !isProduction } },
        // The plugin's compiled cache goes beside the other build caches, not into the package.
        experimental: { plugins: [styledComponentsPlugin], cacheRoot: path.join('node_modules', '.cache', 'swc') },
      },
      env: { targets },
    },
    type: 'javascript/auto',
  };
}

/** The base every portal bundle shares: TypeScript through swc, hashed chunks in dist/. */
export function createPortalConfig(options: PortalBuildOptions): Configuration {
  const plugins: NonNullable<Configuration['plugins']> = [new rspack.DefinePlugin(versionDefinitions(options.root))];
  if (isProduction) plugins.push(new PrecompressPlugin());
  if (options.htmlTemplate) {
    // The page names the host's version, as each remote's page is marked with the remote's.
    const meta = { 'portal-version': stampedVersion(options.root) };
    plugins.push(new rspack.HtmlRspackPlugin({ template: path.join(options.root, options.htmlTemplate), meta }));
  }
  if (options.publicDir) {
    plugins.push(
      new rspack.CopyRspackPlugin({
        patterns: [{ from: path.join(options.root, options.publicDir), to: '.', noErrorOnMissing: true }],
      }),
    );
  }

  return {
    mode: isProduction ? 'production' : 'development',
    context: options.root,
    entry: options.entry ? { main: options.entry } : {},
    devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(options.root, 'dist'),
      publicPath: options.publicPath,
      uniqueName: options.uniqueName,
      filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    resolve: { extensions },
    module: { rules: [typescriptRule('chrome >= 109, firefox >= 115, safari >= 16')] },
    plugins,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** What a package's prerender script writes into its dist/ (read by api/portal/webshell). */
const PRERENDERED_FILE = 'prerendered.json';

/**
 * The package's prerender script (`entry`) as one file for Node, everything bundled in so it
 * renders with the same modules the browser gets, run once emitted to write dist/prerendered.json.
 * Build it after the browser bundle, whose build empties dist/.
 */
export function createPrerenderConfig({ root, entry }: { root: string; entry: string }): Configuration {
  const scriptDir = path.join(root, 'node_modules', '.cache', 'prerender');
  return {
    mode: isProduction ? 'production' : 'development',
    target: 'node20',
    context: root,
    entry: { prerender: entry },
    devtool: false,
    output: { path: scriptDir, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: { extensions },
    module: { rules: [typescriptRule('node 20')] },
    // Run once at build time: minifying would cost more than it saves.
    optimization: { minimize: false },
    plugins: [
      new rspack.DefinePlugin(versionDefinitions(root)),
      new RunPrerender(path.join(scriptDir, 'prerender.cjs'), path.join(root, 'dist', PRERENDERED_FILE)),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** Runs the emitted prerender script; its failure fails the build. */
class RunPrerender {
  constructor(
    private readonly script: string,
    private readonly output: string,
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tapPromise('RunPrerender', async (compilation) => {
      if (compilation.getStats().hasErrors()) return;
      const { status } = spawnSync(process.execPath, [this.script, this.output], { stdio: 'inherit' });
      if (status !== 0) throw new Error(`prerender: ${this.script} exited with ${status}`);
    });
  }
}
