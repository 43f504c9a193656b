import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { PrecompressPlugin } from './precompress';

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

/** The base every portal bundle shares: TypeScript through swc, hashed chunks in dist/. */
export function createPortalConfig(options: PortalBuildOptions): Configuration {
  const plugins: NonNullable<Configuration['plugins']> = isProduction ? [new PrecompressPlugin()] : [];
  if (options.htmlTemplate) {
    plugins.push(new rspack.HtmlRspackPlugin({ template: path.join(options.root, options.htmlTemplate) }));
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
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            detectSyntax: 'auto',
            jsc: {
              transform: { react: { runtime: 'automatic', development: !isProduction } },
            },
            env: { targets: 'chrome >= 109, firefox >= 115, safari >= 16' },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
