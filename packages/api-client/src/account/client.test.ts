import { ApiError } from '../errors';
import { flush, json, setupClient } from '../test/fakes';
import { PARTS_ORDER_BATCH_CONNECTION_QUERY, RMAS_CONNECTION_QUERY, SAVED_QUOTE_CONNECTION_QUERY } from './client';
import { readEventStream, type ServerSentEvent } from './eventStream';

const connection = (node: unknown) => ({
  totalCount: 1,
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: 'c1', endCursor: 'c1' },
  edges: [{ cursor: 'c1', node }],
});

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

describe('account client', () => {
  it('reads the details, an RMA not diagnosed yet with a null diagnosis', async () => {
    const { api, call } = setupClient([json(200, { uid: 'u1', rmaNumber: 'RMA-1', timeline: [] })]);

    await expect(api.account.details('u1')).resolves.toMatchObject({ uid: 'u1', diagnosis: null });
    expect(call(0).url).toBe('https://api.example.test/rma-manager/rma/details?uid=u1');
  });

  it("fetches a diagnosis photo's bytes with the bearer token", async () => {
    const { api, call } = setupClient([new Response('JPEG', { status: 200, headers: { 'Content-Type': 'image/jpeg' } })]);

    const photo = await api.account.diagnosisPhoto({ id: 'rma/2026/03/ph-1.jpg', url: '/rma-manager/rma/details/RMA-1/photos/rma/2026/03/ph-1.jpg' });
    expect(photo.size).toBe(4);
    expect(call(0).url).toBe('https://api.example.test/rma-manager/rma/details/RMA-1/photos/rma/2026/03/ph-1.jpg');
    expect(call(0).headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('asks RMAsConnection for a keyset page, leaving out empty filters and unused cursors', async () => {
    const { api, call } = setupClient([json(200, { data: { RMAsConnection: connection({ uid: 'u1' }) } })]);

    const page = await api.account.rmasConnection(
      { text: 'RT100', years: [2026], months: [] },
      { field: 'RMA_NUMBER', desc: false },
      { first: 25, after: 'cursor-9' },
    );

    expect(page.edges[0]?.node).toEqual({ uid: 'u1' });
    expect(call(0).url).toBe('https://api.example.test/graphql');
    expect(call(0).headers.get('Authorization')).toBe('Bearer token-1');
    expect(call(0).body).toEqual({
      query: RMAS_CONNECTION_QUERY,
      variables: { search: { text: 'RT100', years: [2026] }, sort: { field: 'RMA_NUMBER', desc: false }, first: 25, after: 'cursor-9' },
    });
  });

  it('asks partsOrderBatchConnection with the text and statuses as arguments, empty ones left out', async () => {
    const { api, call } = setupClient([
      json(200, { data: { partsOrderBatchConnection: connection({ rmaBatchId: 'PB-100001' }) } }),
      json(200, { data: { partsOrderBatchConnection: connection({ rmaBatchId: 'PB-100001' }) } }),
    ]);

    const page = await api.account.partsOrdersConnection(
      { text: ' PB-1 ', statuses: ['PLACED', 'SHIPPED'] },
      { field: 'CREATED_AT', desc: true },
      { first: 25, after: 'cursor-3', before: '' },
    );
    await api.account.partsOrdersConnection({ text: '  ', statuses: [] }, { field: 'TOTAL', desc: false }, { last: 10, before: 'cursor-1' });

    expect(page.edges[0]?.node).toEqual({ rmaBatchId: 'PB-100001' });
    expect(call(0).body).toEqual({
      query: PARTS_ORDER_BATCH_CONNECTION_QUERY,
      variables: { search: 'PB-1', statuses: ['PLACED', 'SHIPPED'], sort: { field: 'CREATED_AT', desc: true }, first: 25, after: 'cursor-3' },
    });
    expect((call(1).body as { variables: unknown }).variables).toEqual({ sort: { field: 'TOTAL', desc: false }, last: 10, before: 'cursor-1' });
  });

  it('pages backwards with last and before', async () => {
    const { api, call } = setupClient([json(200, { data: { RMAsConnection: connection({ uid: 'u1' }) } })]);

    await api.account.rmasConnection({}, { field: 'CREATED_AT', desc: true }, { last: 10, before: 'cursor-1' });

    expect((call(0).body as { variables: unknown }).variables).toEqual({
      search: {},
      sort: { field: 'CREATED_AT', desc: true },
      last: 10,
      before: 'cursor-1',
    });
  });

  it('downloads the CSV with the same filters, arrays repeated without index', async () => {
    const { api, call } = setupClient([new Response('RMA Number\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })]);

    const csv = await api.account.downloadHistoryCsv({
      search: { text: 'RL14', years: [2026, 2025], months: [3, 11] },
      sort: { field: 'UPDATED_AT', desc: true },
    });

    expect(await csv.text()).toBe('RMA Number\n');
    expect(call(0).url).toBe(
      'https://api.example.test/rma-manager/rma/history?sortBy=updatedAt&sortDesc=true&filterText=RL14&year=2026&year=2025&month=3&month=11&isDownload=true',
    );
    expect(call(0).headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('reads a saved quote whose quoteData is a JSON string, and tolerates an unreadable one', async () => {
    const quoteData = { externalResource: { serial: 'RT10000001' }, total: { cents: 100, currency: 'USD' } };
    const node = (uid: string, data: string) => ({ uid, quoteData: data });
    const { api, call } = setupClient([
      json(200, {
        data: {
          savedQuoteConnection: {
            ...connection(null),
            edges: [
              { cursor: 'a', node: node('QT-1', JSON.stringify(quoteData)) },
              { cursor: 'b', node: node('QT-2', '{not json') },
            ],
          },
        },
      }),
    ]);

    const page = await api.account.quotesConnection({ kinds: ['SAVED'] }, { field: 'EXPIRES_AT', desc: false }, { first: 10 });

    expect(page.edges.map((e) => e.node.quoteData)).toEqual([quoteData, null]);
    expect(call(0).body).toEqual({
      query: SAVED_QUOTE_CONNECTION_QUERY,
      variables: { search: { kinds: ['SAVED'] }, sort: { field: 'EXPIRES_AT', desc: false }, first: 10 },
    });
  });

  it('asks for the repair summary PDF with format=pdf', async () => {
    const { api, call } = setupClient([new Response('%PDF', { status: 200, headers: { 'Content-Type': 'application/pdf' } })]);

    await api.account.repairSummaryPdf('RMA-100501');

    expect(call(0).url).toBe('https://api.example.test/rma-manager/rma/repair-summary?rmaNumber=RMA-100501&format=pdf');
  });

  it('rejects an unknown RMA with the 404 error', async () => {
    const { api } = setupClient([json(404, { error: 'rma.notFound', message: 'RMA not found' })]);

    await expect(api.account.details('nope')).rejects.toMatchObject({ status: 404, error: 'rma.notFound' });
  });
});

describe('readEventStream', () => {
  it('dispatches named events across chunk boundaries and skips comments', async () => {
    const events: ServerSentEvent[] = [];
    await readEventStream(
      body([': ping\n\n', 'event: rma-status\nda', 'ta: {"rmaNumber":"RMA-1"}\r\n', '\r\n', 'data: a\ndata: b\nid: 7\n\n', 'data: cut off']),
      (e) => events.push(e),
    );

    expect(events).toEqual([
      { event: 'rma-status', data: '{"rmaNumber":"RMA-1"}', id: '' },
      { event: 'message', data: 'a\nb', id: '7' },
    ]);
  });
});

describe('followDashboard', () => {
  it('streams with the bearer token and the client id, hands over rma-status events and reconnects after a drop', async () => {
    const { api, fetch, call } = setupClient([
      sse([': ping\n\n', 'event: rma-status\ndata: {"rmaNumber":"RMA-1","uid":"u1","status":"RECEIVED","at":"2026-03-01T10:00:00Z"}\n\n']),
      json(503, { error: 'unavailable', message: 'Try again' }),
      sse(['event: rma-status\ndata: {"rmaNumber":"RMA-2","uid":"u2","status":"CLOSED","at":"2026-03-02T10:00:00Z"}\nid: 42\n\n'], true),
    ]);
    const controller = new AbortController();
    const statuses: string[] = [];
    const opens: boolean[] = [];
    const errors: boolean[] = [];
    const sleeps: number[] = [];

    const done = api.account.followDashboard('page-1', {
      signal: controller.signal,
      onStatus: (e) => {
        statuses.push(`${e.rmaNumber} ${e.status}`);
        if (statuses.length === 2) controller.abort();
      },
      onOpen: (reconnected) => opens.push(reconnected),
      onError: (_e, willRetry) => errors.push(willRetry),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    await done;

    expect(statuses).toEqual(['RMA-1 RECEIVED', 'RMA-2 CLOSED']);
    expect(opens).toEqual([false, true]);
    expect(errors).toEqual([true]);
    expect(sleeps).toEqual([1000, 2000]);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(call(0).url).toBe('https://api.example.test/gss-dashboard/stream-app?id=page-1');
    expect(call(0).headers.get('Authorization')).toBe('Bearer token-1');
    expect(call(0).headers.get('Accept')).toBe('text/event-stream');
  });

  it('stops for good when the server refuses the stream', async () => {
    const { api, fetch } = setupClient([json(403, { error: 'forbidden', message: 'No' })]);
    const errors: [unknown, boolean][] = [];

    await api.account.followDashboard('page-1', {
      signal: new AbortController().signal,
      onStatus: jest.fn(),
      onError: (e, willRetry) => errors.push([e, willRetry]),
      sleep: async () => undefined,
    });

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(errors[0]?.[0]).toBeInstanceOf(ApiError);
    expect(errors[0]?.[1]).toBe(false);
  });

  it('ends quietly when the page leaves', async () => {
    const { api, fetch } = setupClient();
    fetch.mockImplementation((_url, init) => new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const controller = new AbortController();
    const onError = jest.fn();

    const done = api.account.followDashboard('page-1', { signal: controller.signal, onStatus: jest.fn(), onError });
    await flush();
    controller.abort();
    await done;

    expect(onError).not.toHaveBeenCalled();
  });
});
