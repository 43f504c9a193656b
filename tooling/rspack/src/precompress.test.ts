import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Compiler } from '@rspack/core';
import { PrecompressPlugin } from './precompress';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs the plugin's afterEmit step over assets as rspack reports them: @rspack/core is an ES
 * module jest cannot load, and the plugin only reads the output path and the emitted assets.
 */
async function emit(assets: Record<string, string>): Promise<string[]> {
  let afterEmit: ((compilation: unknown) => Promise<void>) | undefined;
  const compiler = {
    options: { output: { path: dir } },
    hooks: { afterEmit: { tapPromise: (_: string, fn: typeof afterEmit) => (afterEmit = fn) } },
  };
  new PrecompressPlugin().apply(compiler as unknown as Compiler);
  await afterEmit?.({
    outputOptions: { path: dir },
    getAssets: () =>
      Object.entries(assets).map(([name, text]) => ({
        name,
        source: { size: () => Buffer.byteLength(text), buffer: () => Buffer.from(text) },
      })),
  });
  return (await readdir(dir)).sort();
}

const chunk = `console.log(${JSON.stringify('A unit sent in for repair is checked and shipped back. '.repeat(40))});`;

test('writes brotli and gzip copies that decompress to the emitted file', async () => {
  expect(await emit({ 'main.0123abcd.js': chunk })).toEqual(['main.0123abcd.js.br', 'main.0123abcd.js.gz']);

  const br = await readFile(path.join(dir, 'main.0123abcd.js.br'));
  const gz = await readFile(path.join(dir, 'main.0123abcd.js.gz'));
  expect(zlib.brotliDecompressSync(br).toString()).toBe(chunk);
  expect(zlib.gunzipSync(gz).toString()).toBe(chunk);
  expect(br.length).toBeLessThan(gz.length);
  expect(gz.length).toBeLessThan(chunk.length);
});

test('compresses the page, manifests and styles, not images, maps or tiny files', async () => {
  const written = await emit({
    'index.html': `<!doctype html>${'<p>Service portal</p>'.repeat(40)}`,
    'mf-manifest.json': JSON.stringify({ exposes: Array(40).fill({ name: 'CreateRmaPage' }) }),
    'main.css': 'body { margin: 0 } '.repeat(40),
    'unit.0123abcd.png': 'x'.repeat(2000),
    'main.0123abcd.js.map': chunk,
    'tiny.js': 'console.log(1);',
  });
  expect(written).toEqual([
    'index.html.br',
    'index.html.gz',
    'main.css.br',
    'main.css.gz',
    'mf-manifest.json.br',
    'mf-manifest.json.gz',
  ]);
});
