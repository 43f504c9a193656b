import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Compiler } from '@rspack/core';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The file types the portal's server sends precompressed (api/portal/webshell). */
const compressible = /\.(js|css|html|json|svg|txt)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const minBytes = 512;

/**
 * Writes name.br (brotli, best quality) and name.gz (gzip, best compression) beside every
 * compressible file of the build, so the server never compresses on a request and sends the
 * smallest encoding the browser accepts. A copy that is not smaller than the file is not written.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outDir = compilation.outputOptions.path ?? compiler.options.output.path ?? '.';
      await Promise.all(
        compilation
          .getAssets()
          .filter((asset) => compressible.test(asset.name) && asset.source.size() >= minBytes)
          .map(async (asset) => {
            const raw = asset.source.buffer();
            const file = path.join(outDir, asset.name);
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([
              br.length < raw.length ? writeFile(`${file}.br`, br) : undefined,
              gz.length < raw.length ? writeFile(`${file}.gz`, gz) : undefined,
            ]);
          }),
      );
    });
  }
}
