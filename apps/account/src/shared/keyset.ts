import { useEffect, useState } from 'react';
import { isAbortError, type ApiClient, type Connection, type KeysetPage } from '@portal/api-client';
import { useApi } from '@portal/auth';

/** Where a keyset-paged list is: the first page, or the page after/before a cursor. */
export type PagePosition = { kind: 'first' } | { kind: 'after'; cursor: string } | { kind: 'before'; cursor: string };

/** The connection arguments (first/after or last/before) of a position and page size. */
export function keyset(position: PagePosition, size: number): KeysetPage {
  switch (position.kind) {
    case 'first':
      return { first: size };
    case 'after':
      return { first: size, after: position.cursor };
    case 'before':
      return { last: size, before: position.cursor };
  }
}

export type ConnectionState<T> =
  | { status: 'loading'; previous: Connection<T> | null }
  | { status: 'ready'; page: Connection<T> }
  | { status: 'failed'; message: string };

type Outcome<T> = Exclude<ConnectionState<T>, { status: 'loading' }>;

/** Reads one page of a connection; `request` is the JSON-safe argument the hook was given. */
export type ConnectionLoader<R, T> = (api: ApiClient, request: R, signal: AbortSignal) => Promise<Connection<T>>;

/**
 * One page of a GraphQL connection, read again whenever `request` (compared as JSON) or `reload`
 * changes. A newer request cancels the one before it, so a slow answer never overwrites a newer
 * one's; while a page loads, the last page shown stays available (`previous`) so a table does not
 * jump. `load` should be a module-level function: a new one each render reads nothing again.
 */
export function useConnection<R, T>(load: ConnectionLoader<R, T>, request: R, reload: number, failedMessage: string): ConnectionState<T> {
  const api = useApi();
  const key = JSON.stringify({ request, reload });
  const [result, setResult] = useState<{ key: string; outcome: Outcome<T> } | null>(null);
  const [shown, setShown] = useState<Connection<T> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { request: parsed } = JSON.parse(key) as { request: R };
    load(api, parsed, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setResult({ key, outcome: { status: 'ready', page } });
        setShown(page);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setResult({ key, outcome: { status: 'failed', message: failedMessage } });
      },
    );
    return () => controller.abort();
  }, [api, key, load, failedMessage]);

  if (result && result.key === key) return result.outcome;
  return { status: 'loading', previous: shown };
}
