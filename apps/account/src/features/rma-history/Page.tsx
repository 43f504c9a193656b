import { useState } from 'react';
import type { RmaHistoryItem, RmaSearch, RmaSort } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, MutedText, PageTitle, Row, Spinner, Stack } from '@portal/ui';
import { saveBlob } from '../../shared/saveBlob';
import { HistoryFilters } from './components/HistoryFilters';
import { HistoryTable } from './components/HistoryTable';
import { RmaDetailsDialog } from './components/RmaDetailsDialog';
import { useDebouncedValue } from './hooks/useDebouncedValue';
import { DEFAULT_PAGE_SIZE, useRmaHistory, type PagePosition } from './hooks/useRmaHistory';
import { AccountNav } from '../../shared/AccountNav';

export const FILTER_DEBOUNCE_MS = 300;
export const CSV_FAILED = 'The CSV could not be downloaded. Please try again.';
/** How many years back the year filter offers (demo and real histories span about two). */
const YEARS_OFFERED = 5;

const DEFAULT_SORT: RmaSort = { field: 'CREATED_AT', desc: true };

function yearOptions(now: Date): number[] {
  return Array.from({ length: YEARS_OFFERED }, (_, i) => now.getFullYear() - i);
}

/**
 * Route your-account/rma-history ('Your RMAs'): the viewer's RMAs and their organization's,
 * keyset-paged through RMAsConnection, filtered and sorted on the server; the same filter
 * downloads as CSV; a row opens its details window with the timeline and repair summary.
 */
export function RmaHistoryPage() {
  const api = useApi();
  const [text, setText] = useState('');
  const [years, setYears] = useState<number[]>([]);
  const [months, setMonths] = useState<number[]>([]);
  const [sort, setSort] = useState<RmaSort>(DEFAULT_SORT);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [position, setPosition] = useState<PagePosition>({ kind: 'first' });
  const [pageNumber, setPageNumber] = useState(1);
  const [reload, setReload] = useState(0);
  const [open, setOpen] = useState<RmaHistoryItem | null>(null);
  const [csv, setCsv] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [offeredYears] = useState(() => yearOptions(new Date()));

  const filterText = useDebouncedValue(text.trim(), FILTER_DEBOUNCE_MS);
  const search: RmaSearch = { text: filterText, years, months };
  const state = useRmaHistory(search, sort, position, pageSize, reload);

  /** A new filter, sort or page size starts again at the first page. */
  const restart = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPosition({ kind: 'first' });
    setPageNumber(1);
  };
  const [lastFilterText, setLastFilterText] = useState(filterText);
  if (lastFilterText !== filterText) {
    setLastFilterText(filterText);
    setPosition({ kind: 'first' });
    setPageNumber(1);
  }

  const page = state.status === 'ready' ? state.page : state.status === 'loading' ? state.previous : null;
  // Relay servers may not know what lies behind the way they came: a page reached with `after` has
  // one before it, a page reached with `before` one after it.
  const canNext = Boolean(page && (page.pageInfo.hasNextPage || position.kind === 'before'));
  const canPrevious = Boolean(page && pageNumber > 1 && (page.pageInfo.hasPreviousPage || position.kind === 'after'));

  const downloadCsv = async () => {
    setCsv('loading');
    try {
      saveBlob(await api.account.downloadHistoryCsv({ search, sort }), 'rma-history.csv');
      setCsv('idle');
    } catch {
      setCsv('failed');
    }
  };

  return (
    <Stack $gap="lg">
      <AccountNav />
      <PageTitle>Your RMAs</PageTitle>
      <HistoryFilters
        text={text}
        onText={setText}
        years={years}
        yearOptions={offeredYears}
        onYears={restart(setYears)}
        months={months}
        onMonths={restart(setMonths)}
        pageSize={pageSize}
        onPageSize={restart(setPageSize)}
      />
      <Row $gap="sm">
        <Button type="button" $variant="secondary" onClick={() => void downloadCsv()} disabled={csv === 'loading'}>
          Download CSV
        </Button>
        {csv === 'loading' ? <span role="status">Preparing the CSV…</span> : null}
      </Row>
      {csv === 'failed' ? <Banner variant="error">{CSV_FAILED}</Banner> : null}

      {state.status === 'failed' ? (
        <Stack $gap="sm">
          <Banner variant="error">{state.message}</Banner>
          <div>
            <Button type="button" onClick={() => setReload((n) => n + 1)}>
              Try again
            </Button>
          </div>
        </Stack>
      ) : null}
      {state.status === 'loading' ? (
        <Row role="status" $gap="sm">
          <Spinner /> Loading your RMAs…
        </Row>
      ) : null}
      {page && page.edges.length === 0 && state.status === 'ready' ? (
        <MutedText>{filterText || years.length || months.length ? 'No RMAs match this filter.' : 'You have no RMAs yet.'}</MutedText>
      ) : null}
      {page && page.edges.length > 0 ? (
        <>
          <MutedText aria-live="polite">
            {page.totalCount === 1 ? '1 RMA' : `${page.totalCount} RMAs`} · page {pageNumber}
          </MutedText>
          <HistoryTable
            items={page.edges.map((edge) => edge.node)}
            sort={sort}
            onSort={restart(setSort)}
            onOpen={setOpen}
          />
        </>
      ) : null}
      {page ? (
        <Row $gap="sm" role="navigation" aria-label="Pages">
          <Button
            type="button"
            $variant="secondary"
            disabled={!canPrevious || state.status === 'loading'}
            onClick={() => {
              if (!page.pageInfo.startCursor) return;
              setPosition({ kind: 'before', cursor: page.pageInfo.startCursor });
              setPageNumber((n) => Math.max(1, n - 1));
            }}
          >
            Previous page
          </Button>
          <Button
            type="button"
            $variant="secondary"
            disabled={!canNext || state.status === 'loading'}
            onClick={() => {
              if (!page.pageInfo.endCursor) return;
              setPosition({ kind: 'after', cursor: page.pageInfo.endCursor });
              setPageNumber((n) => n + 1);
            }}
          >
            Next page
          </Button>
        </Row>
      ) : null}
      {open ? <RmaDetailsDialog item={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
