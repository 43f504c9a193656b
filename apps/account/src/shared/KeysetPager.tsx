import { useCallback, useState } from 'react';
import type { Connection } from '@portal/api-client';
import { Button, Row } from '@portal/ui';
import type { PagePosition } from './keyset';

/** The position of a keyset-paged list and the number of the page shown (from 1). */
export function useKeysetPaging() {
  const [position, setPosition] = useState<PagePosition>({ kind: 'first' });
  const [pageNumber, setPageNumber] = useState(1);
  /** Back to the first page (a new filter, sort or page size). */
  const restart = useCallback(() => {
    setPosition({ kind: 'first' });
    setPageNumber(1);
  }, []);
  const previous = useCallback((cursor: string) => {
    setPosition({ kind: 'before', cursor });
    setPageNumber((n) => Math.max(1, n - 1));
  }, []);
  const next = useCallback((cursor: string) => {
    setPosition({ kind: 'after', cursor });
    setPageNumber((n) => n + 1);
  }, []);
  return { position, pageNumber, restart, previous, next };
}

export type KeysetPaging = ReturnType<typeof useKeysetPaging>;

/**
 * Which ways the pager may go. Relay servers may not know what lies behind the way they came: a
 * page reached with `after` has one before it, a page reached with `before` one after it.
 */
export function pagerMoves(page: Connection<unknown>, { position, pageNumber }: Pick<KeysetPaging, 'position' | 'pageNumber'>) {
  return {
    canNext: page.pageInfo.hasNextPage || position.kind === 'before',
    canPrevious: pageNumber > 1 && (page.pageInfo.hasPreviousPage || position.kind === 'after'),
  };
}

export interface KeysetPagerProps {
  page: Connection<unknown>;
  paging: KeysetPaging;
  /** A page is loading: both buttons wait. */
  loading: boolean;
  /** The navigation's accessible name. */
  label: string;
  /** No pager at all when there is neither a next nor a previous page. */
  hideSinglePage?: boolean;
}

/** Previous page / Next page of a keyset-paged list. */
export function KeysetPager({ page, paging, loading, label, hideSinglePage = false }: KeysetPagerProps) {
  const { canNext, canPrevious } = pagerMoves(page, paging);
  if (hideSinglePage && !canNext && !canPrevious) return null;
  return (
    <Row $gap="sm" role="navigation" aria-label={label}>
      <Button
        type="button"
        $variant="secondary"
        disabled={!canPrevious || loading}
        onClick={() => {
          if (page.pageInfo.startCursor) paging.previous(page.pageInfo.startCursor);
        }}
      >
        Previous page
      </Button>
      <Button
        type="button"
        $variant="secondary"
        disabled={!canNext || loading}
        onClick={() => {
          if (page.pageInfo.endCursor) paging.next(page.pageInfo.endCursor);
        }}
      >
        Next page
      </Button>
    </Row>
  );
}
