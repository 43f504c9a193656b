import { useEffect, useState } from 'react';
import { isAbortError, type Connection, type KeysetPage, type RmaHistoryItem, type RmaSearch, type RmaSort } from '@portal/api-client';
import { useApi } from '@portal/auth';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const HISTORY_FAILED = 'Your RMAs could not be loaded. Please try again.';

/** Where the table is: the first page, or the page after/before a cursor (keyset paging). */
export type PagePosition = { kind: 'first' } | { kind: 'after'; cursor: string } | { kind: 'before'; cursor: string };

export type HistoryState =
  | { status: 'loading'; previous: Connection<RmaHistoryItem> | null }
  | { status: 'ready'; page: Connection<RmaHistoryItem> }
  | { status: 'failed'; message: string };

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

type Outcome = { status: 'ready'; page: Connection<RmaHistoryItem> } | { status: 'failed'; message: string };

/**
 * One keyset page of the viewer's (and organization's) RMAs through RMAsConnection. A newer
 * request cancels the one before it, so a slow answer never overwrites a newer filter's; while a
 * page loads, the last page shown stays available (`previous`) so the table does not jump.
 */
export function useRmaHistory(search: RmaSearch, sort: RmaSort, position: PagePosition, size: number, reload: number): HistoryState {
  const api = useApi();
  const key = JSON.stringify({ search, sort, position, size, reload });
  const [result, setResult] = useState<{ key: string; outcome: Outcome } | null>(null);
  const [shown, setShown] = useState<Connection<RmaHistoryItem> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const request = JSON.parse(key) as { search: RmaSearch; sort: RmaSort; position: PagePosition; size: number };
    api.account
      .rmasConnection(request.search, request.sort, keyset(request.position, request.size), { signal: controller.signal })
      .then(
        (page) => {
          if (controller.signal.aborted) return;
          setResult({ key, outcome: { status: 'ready', page } });
          setShown(page);
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbortError(error)) return;
          setResult({ key, outcome: { status: 'failed', message: HISTORY_FAILED } });
        },
      );
    return () => controller.abort();
  }, [api, key]);

  if (result && result.key === key) return result.outcome;
  return { status: 'loading', previous: shown };
}
