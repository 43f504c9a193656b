import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Connection } from '@portal/api-client';
import { SessionProvider } from '@portal/auth';
import { sessionWith } from '@portal/forms/testing';
import { keyset, useConnection, type ConnectionLoader } from './keyset';

function connection(names: string[]): Connection<string> {
  return {
    edges: names.map((name) => ({ cursor: `c-${name}`, node: name })),
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    totalCount: names.length,
  };
}

const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider session={sessionWith({})}>{children}</SessionProvider>;

describe('keyset', () => {
  it('reads the first page, the page after a cursor or the page before one', () => {
    expect(keyset({ kind: 'first' }, 10)).toEqual({ first: 10 });
    expect(keyset({ kind: 'after', cursor: 'x' }, 10)).toEqual({ first: 10, after: 'x' });
    expect(keyset({ kind: 'before', cursor: 'x' }, 10)).toEqual({ last: 10, before: 'x' });
  });
});

describe('useConnection', () => {
  it('loads the page, keeps it while the next loads and fails with the given message', async () => {
    const answers: Record<string, Promise<Connection<string>>> = {};
    const load = jest.fn<ReturnType<ConnectionLoader<{ q: string }, string>>, Parameters<ConnectionLoader<{ q: string }, string>>>(
      (_api, { q }) => answers[q] ?? Promise.reject(new Error('down')),
    );
    answers.a = Promise.resolve(connection(['a1']));
    const { result, rerender } = renderHook(({ q, reload }) => useConnection(load, { q }, reload, 'Could not load.'), {
      wrapper,
      initialProps: { q: 'a', reload: 0 },
    });

    expect(result.current).toEqual({ status: 'loading', previous: null });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', page: connection(['a1']) }));

    let finish: (page: Connection<string>) => void = () => undefined;
    answers.b = new Promise((resolve) => {
      finish = resolve;
    });
    rerender({ q: 'b', reload: 0 });
    expect(result.current).toEqual({ status: 'loading', previous: connection(['a1']) });
    await act(async () => finish(connection(['b1'])));
    expect(result.current).toEqual({ status: 'ready', page: connection(['b1']) });

    rerender({ q: 'gone', reload: 0 });
    await waitFor(() => expect(result.current).toEqual({ status: 'failed', message: 'Could not load.' }));
    answers.gone = Promise.resolve(connection([]));
    rerender({ q: 'gone', reload: 1 });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', page: connection([]) }));
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('cancels the request a newer one replaces, so its answer never shows', async () => {
    const signals: AbortSignal[] = [];
    const load: ConnectionLoader<{ q: string }, string> = (_api, { q }, signal) => {
      signals.push(signal);
      return q === 'slow' ? new Promise(() => undefined) : Promise.resolve(connection([q]));
    };
    const { result, rerender } = renderHook(({ q }) => useConnection(load, { q }, 0, 'Could not load.'), {
      wrapper,
      initialProps: { q: 'slow' },
    });
    rerender({ q: 'fast' });

    await waitFor(() => expect(result.current).toEqual({ status: 'ready', page: connection(['fast']) }));
    expect(signals[0]?.aborted).toBe(true);
  });
});
