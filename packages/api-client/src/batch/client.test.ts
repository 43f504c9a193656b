import { createHttpClient } from '../client';
import { ApiError } from '../errors';
import { json } from '../test/fakes';
import { batchProgressOf, createBatchClient } from './client';
import type { BatchProgress } from './types';

/** A streamed body that delivers the given chunks, then ends (or stays open when `open`). */
function body(chunks: string[], open = false): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      chunks.forEach((c) => controller.enqueue(encoder.encode(c)));
      if (!open) controller.close();
    },
  });
}

const sse = (chunks: string[], open = false) =>
  new Response(body(chunks, open), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });

function setup(responses: Response[]) {
  const fetch = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit | undefined]>();
  responses.forEach((response) => fetch.mockResolvedValueOnce(response));
  const http = createHttpClient({
    baseUrl: 'https://api.example.test',
    tokens: { getAccessToken: () => 'token-1', refresh: async () => false, signIn: jest.fn() },
    fetch: fetch as unknown as typeof globalThis.fetch,
    sessionUrl: () => 'https://portal.example.test/your-account/batches/BT-7K2M9Q4X',
  });
  const call = (index: number) => {
    const [url, init] = fetch.mock.calls[index] ?? [];
    return { url: String(url), method: init?.method, headers: new Headers(init?.headers), body: init?.body };
  };
  return { batch: createBatchClient(http), fetch, call };
}

const progress = (p: Partial<BatchProgress>) =>
  JSON.stringify({ status: 'PROCESSING', rows: 3, done: 0, created: 0, failed: 0, pending: 3, ...p });

describe('batchProgressOf', () => {
  it('reads a progress and a done event', () => {
    expect(batchProgressOf({ event: 'progress', data: progress({ done: 1, created: 1, pending: 2 }), id: '' })).toEqual({
      status: 'PROCESSING', rows: 3, done: 1, created: 1, failed: 0, pending: 2,
    });
    expect(batchProgressOf({ event: 'done', data: progress({ status: 'COMPLETED', done: 3, pending: 0 }), id: '' })?.status).toBe('COMPLETED');
  });

  it('ignores an event that is not the batch progress', () => {
    expect(batchProgressOf({ event: 'message', data: 'hello', id: '' })).toBeNull();
  });

  it('throws on a progress event without the progress JSON', () => {
    expect(() => batchProgressOf({ event: 'progress', data: '{"rows":3}', id: '' })).toThrow(/has no progress/);
    expect(() => batchProgressOf({ event: 'progress', data: 'not json', id: '' })).toThrow();
  });
});

describe('watchBatch', () => {
  it('calls onProgress per frame, frames split across chunks and CRLF lines, and resolves on done', async () => {
    const { batch, call } = setup([
      sse([
        ': ping\n\n',
        `event: progress\ndata: ${progress({ done: 1, created: 1, pending: 2 })}\n\n`,
        `event: progress\r\nda`,
        `ta: ${progress({ done: 2, created: 1, failed: 1, pending: 1 })}\r\n\r\n`,
        `event: done\ndata: ${progress({ status: 'COMPLETED', done: 3, created: 2, failed: 1, pending: 0 })}\n\n`,
        // Anything after done is not the batch's any more.
        `event: progress\ndata: ${progress({ done: 9 })}\n\n`,
      ], true),
    ]);
    const seen: BatchProgress[] = [];

    const final = await batch.watchBatch('BT-7K2M9Q4X', (p) => seen.push(p));

    expect(seen.map((p) => p.done)).toEqual([1, 2, 3]);
    expect(final).toMatchObject({ status: 'COMPLETED', done: 3, created: 2, failed: 1 });
    expect(call(0).url).toBe('https://api.example.test/rma-manager/batches/BT-7K2M9Q4X/events');
    expect(call(0).headers.get('Authorization')).toBe('Bearer token-1');
    expect(call(0).headers.get('Accept')).toBe('text/event-stream');
  });

  it('opens the stream again when it drops before done', async () => {
    const { batch, fetch } = setup([
      sse([`event: progress\ndata: ${progress({ done: 1, pending: 2 })}\n\n`]),
      sse([`event: done\ndata: ${progress({ status: 'COMPLETED', done: 3, pending: 0 })}\n\n`]),
    ]);
    const seen: number[] = [];

    await expect(batch.watchBatch('BT-7K2M9Q4X', (p) => seen.push(p.done))).resolves.toMatchObject({ done: 3 });
    expect(seen).toEqual([1, 3]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('rejects when the batch is not the caller’s to see', async () => {
    const { batch } = setup([json(404, { error: 'batch.notFound', message: 'Batch not found' })]);

    await expect(batch.watchBatch('BT-00000000', jest.fn())).rejects.toEqual(expect.objectContaining({ status: 404, error: 'batch.notFound' }));
  });

  it('rejects on a progress event it cannot read', async () => {
    const { batch } = setup([sse(['event: progress\ndata: {}\n\n'], true)]);

    await expect(batch.watchBatch('BT-7K2M9Q4X', jest.fn())).rejects.toThrow(/has no progress/);
  });

  it('stops and resolves null when the signal aborts', async () => {
    const { batch } = setup([sse([`event: progress\ndata: ${progress({ done: 1 })}\n\n`], true)]);
    const controller = new AbortController();
    const onProgress = jest.fn(() => controller.abort());

    await expect(batch.watchBatch('BT-7K2M9Q4X', onProgress, controller.signal)).resolves.toBeNull();
    expect(onProgress).toHaveBeenCalledTimes(1);
  });
});

describe('batch client', () => {
  it('submits with the idempotency key and reads a missing paymentUrl as null', async () => {
    const { batch, call } = setup([json(202, { batch: { id: 'BT-7K2M9Q4X', rows: [{ index: 0 }] } })]);

    const result = await batch.submitBatch({ rows: [] } as never, 'key-1');

    expect(result.paymentUrl).toBeNull();
    expect(result.batch.rows[0]?.reasons).toEqual([]);
    expect(call(0).method).toBe('POST');
    expect(call(0).headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('lists with the cursor, and an empty page as empty', async () => {
    const { batch, call } = setup([json(200, {})]);

    await expect(batch.listBatches({ first: 25, after: 'c1' })).resolves.toEqual({ items: [], hasNext: false, endCursor: '' });
    expect(call(0).url).toBe('https://api.example.test/rma-manager/batches?first=25&after=c1');
  });

  it('removes a row by its index and escapes the id', async () => {
    const { batch, call } = setup([json(200, { batch: { id: 'BT-1', rows: [] }, paymentUrl: null })]);

    await batch.removeBatchRow('BT-1/x', 4);

    expect(call(0).method).toBe('DELETE');
    expect(call(0).url).toBe('https://api.example.test/rma-manager/batches/BT-1%2Fx/rows/4');
  });

  it('raises the refusal as an ApiError', async () => {
    const { batch } = setup([json(409, { error: 'batch.alreadyPaid', message: 'This batch is paid; its rows can no longer be removed.' })]);

    const error = await batch.removeBatchRow('BT-1', 0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, error: 'batch.alreadyPaid' });
  });
});
