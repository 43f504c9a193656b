import { useState } from 'react';
import type { RmaHistoryItem, RmaSearch, RmaSort } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { useSearchParams } from '@portal/router';
import { Banner, Button, MutedText, PageTitle, Row, Stack, LoadFailed, Loading, saveBlob } from '@portal/ui';
import { HistoryFilters } from './components/HistoryFilters';
import { HistoryTable } from './components/HistoryTable';
import { RmaDetailsDialog, type DetailsTarget } from './components/RmaDetailsDialog';
import { useDebouncedValue } from '../../shared/useDebouncedValue';
import { DEFAULT_PAGE_SIZE, useRmaHistory } from './hooks/useRmaHistory';
import { KeysetPager, useKeysetPaging } from '../../shared/KeysetPager';
import { AccountNav } from '../../shared/AccountNav';

export const FILTER_DEBOUNCE_MS = 300;
export const CSV_FAILED = 'The CSV could not be downloaded. Please try again.';
/** How many years back the year filter offers (demo and real histories span about two). */
const YEARS_OFFERED = 5;

const DEFAULT_SORT: RmaSort = { field: 'CREATED_AT', desc: true };

/** The query parameter that opens one RMA's details (the links in the RMA e-mails: ?rma=RMA-100501). */
export const RMA_PARAM = 'rma';

function yearOptions(now: Date): number[] {
  return Array.from({ length: YEARS_OFFERED }, (_, i) => now.getFullYear() - i);
}

/**
 * Route your-account/rma-history ('Your RMAs'): the viewer's RMAs and their organization's,
 * keyset-paged through RMAsConnection, filtered and sorted on the server; the same filter
 * downloads as CSV; a row opens its details window with the timeline and repair summary, and
 * so does a link with ?rma=<number> (the e-mails' way to a diagnosis awaiting a decision).
 */
export function RmaHistoryPage() {
  const api = useApi();
  const [text, setText] = useState('');
  const [years, setYears] = useState<number[]>([]);
  const [months, setMonths] = useState<number[]>([]);
  const [sort, setSort] = useState<RmaSort>(DEFAULT_SORT);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const paging = useKeysetPaging();
  const [reload, setReload] = useState(0);
  const [params, setParams] = useSearchParams();
  const linked = params.get(RMA_PARAM)?.trim().toUpperCase() ?? '';
  const [open, setOpen] = useState<DetailsTarget | null>(() => (linked ? { rmaNumber: linked, uid: null } : null));
  // A link followed while the page is open (another e-mail's) opens its RMA too.
  const [lastLinked, setLastLinked] = useState(linked);
  if (lastLinked !== linked) {
    setLastLinked(linked);
    if (linked) setOpen({ rmaNumber: linked, uid: null });
  }
  const openRow = (item: RmaHistoryItem) => setOpen({ rmaNumber: item.rmaNumber, uid: item.uid });
  // Closing a linked RMA drops it from the address too, so reloading the page does not open it again.
  const close = () => {
    setOpen(null);
    if (params.has(RMA_PARAM)) {
      const rest = new URLSearchParams(params);
      rest.delete(RMA_PARAM);
      setParams(rest, { replace: true });
    }
  };
  const [csv, setCsv] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [offeredYears] = useState(() => yearOptions(new Date()));

  const filterText = useDebouncedValue(text.trim(), FILTER_DEBOUNCE_MS);
  const search: RmaSearch = { text: filterText, years, months };
  const state = useRmaHistory(search, sort, paging.position, pageSize, reload);

  /** A new filter, sort or page size starts again at the first page. */
  const restart = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    paging.restart();
  };
  const [lastFilterText, setLastFilterText] = useState(filterText);
  if (lastFilterText !== filterText) {
    setLastFilterText(filterText);
    paging.restart();
  }

  const page = state.status === 'ready' ? state.page : state.status === 'loading' ? state.previous : null;

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

      {state.status === 'failed' ? <LoadFailed message={state.message} onRetry={() => setReload((n) => n + 1)} /> : null}
      {state.status === 'loading' ? <Loading>Loading your RMAs…</Loading> : null}
      {page && page.edges.length === 0 && state.status === 'ready' ? (
        <MutedText>{filterText || years.length || months.length ? 'No RMAs match this filter.' : 'You have no RMAs yet.'}</MutedText>
      ) : null}
      {page && page.edges.length > 0 ? (
        <>
          <MutedText aria-live="polite">
            {page.totalCount === 1 ? '1 RMA' : `${page.totalCount} RMAs`} · page {paging.pageNumber}
          </MutedText>
          <HistoryTable
            items={page.edges.map((edge) => edge.node)}
            sort={sort}
            onSort={restart(setSort)}
            onOpen={openRow}
            onChanged={() => setReload((n) => n + 1)}
          />
        </>
      ) : null}
      {page ? <KeysetPager page={page} paging={paging} loading={state.status === 'loading'} label="Pages" /> : null}
      {open ? <RmaDetailsDialog target={open} onClose={close} onChanged={() => setReload((n) => n + 1)} /> : null}
    </Stack>
  );
}
