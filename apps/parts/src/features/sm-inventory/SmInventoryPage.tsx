import { useState } from 'react';
import { isApiError, type InventoryFilter, type InventoryPage } from '@portal/api-client';
import { useSessionState } from '@portal/auth';
import { Banner, Button, MutedText, PageTitle, Row, Stack, LoadFailed, Loading, saveBlob } from '@portal/ui';
import { SignInPrompt } from '../../shared/SignInPrompt';
import { InventoryFilters } from './components/InventoryFilters';
import { UnitsTable } from './components/UnitsTable';
import { COPY } from './copy';
import { useInventoryClient } from './hooks/useInventoryClient';
import { refused, useLoad } from '../../shared/useLoad';

/** Units per page of the table. */
export const PAGE_SIZE = 20;

const filtered = (filter: InventoryFilter) => Boolean(filter.q || filter.model || filter.warranty || filter.openRma !== undefined);

function Inventory() {
  const client = useInventoryClient();
  const [filter, setFilter] = useState<InventoryFilter>({});
  const [page, setPage] = useState(1);
  const [download, setDownload] = useState<'idle' | 'busy' | 'failed'>('idle');
  const search = { ...filter, page, itemsPerPage: PAGE_SIZE };
  const { state, retry } = useLoad<InventoryPage>(JSON.stringify(search), (signal) => client.list(search, { signal }));
  const [models, setModels] = useState<string[]>([]);
  if (state.status === 'ready' && state.value.models.join() !== models.join()) setModels(state.value.models);

  const change = (next: InventoryFilter) => {
    setFilter(next);
    setPage(1);
  };
  const downloadCsv = async () => {
    setDownload('busy');
    try {
      saveBlob(await client.downloadCsv(filter), 'inventory.csv');
      setDownload('idle');
    } catch (error) {
      console.error('Downloading the inventory failed', error);
      setDownload('failed');
    }
  };

  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.value.total / PAGE_SIZE)) : 1;
  return (
    <Stack $gap="lg">
      <InventoryFilters filter={filter} models={models} onChange={change} />
      {state.status === 'loading' ? <Loading>{COPY.loading}</Loading> : null}
      {state.status === 'failed' && refused(state.error) ? <Banner variant="warning">{(state.error as Error).message}</Banner> : null}
      {state.status === 'failed' && !refused(state.error) ? (
        <LoadFailed message={isApiError(state.error) && state.error.status === 400 ? state.error.message : COPY.failed} onRetry={retry} />
      ) : null}
      {state.status === 'ready' ? (
        <Stack>
          <Row>
            <MutedText role="status">{COPY.count(state.value.total)}</MutedText>
            <Button $variant="secondary" onClick={() => void downloadCsv()} disabled={download === 'busy' || state.value.total === 0}>
              {download === 'busy' ? COPY.downloading : COPY.download}
            </Button>
          </Row>
          {download === 'failed' ? <Banner variant="error">{COPY.downloadFailed}</Banner> : null}
          {state.value.items.length === 0 ? (
            <p>{filtered(filter) ? COPY.noMatch : COPY.noUnits}</p>
          ) : (
            <UnitsTable units={state.value.items} />
          )}
          {pages > 1 ? (
            <Row as="nav" aria-label="Pages">
              <Button $variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {COPY.previous}
              </Button>
              <span>{COPY.pageOf(page, pages)}</span>
              <Button $variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {COPY.next}
              </Button>
            </Row>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * sm-inventory (public route): signed out, what the inventory shows and an offer to sign in;
 * signed in, the units of the account and its organization (GET /parts-manager/inventory) with
 * filters, pages and the CSV download.
 */
export function SmInventoryPage() {
  const session = useSessionState();
  let body;
  if (session.status === 'loading') body = <Loading>{COPY.loadingSession}</Loading>;
  else if (session.status === 'signed-out') body = <SignInPrompt title={COPY.signInTitle} reason={COPY.signInReason} />;
  else body = <Inventory />;
  return (
    <Stack $gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <MutedText>{COPY.intro}</MutedText>
      {body}
    </Stack>
  );
}
