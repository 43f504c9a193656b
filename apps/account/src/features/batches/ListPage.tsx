import { useEffect, useState } from 'react';
import { isAbortError, type BatchPage } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Link } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Button, LoadFailed, Loading, MutedText, PageTitle, Row, Stack, Table, formatDate, formatUsdString } from '@portal/ui';
import { AccountNav } from '../../shared/AccountNav';
import { Badge } from '../../shared/Badge';
import { BATCH_COPY, BATCH_STATUS_WORDS } from './copy';

/** Batches a page; the server's keyset pages them newest first. */
export const BATCHES_PAGE_SIZE = 25;

type ListState = { status: 'loading'; previous: BatchPage | null } | { status: 'ready'; page: BatchPage } | { status: 'failed' };
type Outcome = Exclude<ListState, { status: 'loading' }>;

/**
 * Route your-account/batches: the viewer's fleet batches and their organization's (a
 * colleague's marked, with who submitted it), newest first, keyset-paged: the cursors of the
 * pages behind are kept, so Previous goes back the way Next came. A batch opens its page.
 */
export function BatchesPage() {
  const { batch } = useApi();
  // cursors[n] is the `after` of page n + 1 ('' for the first).
  const [cursors, setCursors] = useState<string[]>(['']);
  const [reload, setReload] = useState(0);
  // The answer of one request (its cursor and reload), and the last page shown, which stays
  // while the next one loads so the table does not jump.
  const [result, setResult] = useState<{ key: string; outcome: Outcome } | null>(null);
  const [shown, setShown] = useState<BatchPage | null>(null);
  const after = cursors[cursors.length - 1] ?? '';
  const key = `${reload}:${after}`;

  useEffect(() => {
    const controller = new AbortController();
    batch.listBatches({ first: BATCHES_PAGE_SIZE, after: after || undefined }, { signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return;
        setResult({ key, outcome: { status: 'ready', page } });
        setShown(page);
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setResult({ key, outcome: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [batch, after, key]);

  const state: ListState = result && result.key === key ? result.outcome : { status: 'loading', previous: shown };

  const page = state.status === 'ready' ? state.page : state.status === 'loading' ? state.previous : null;
  const loading = state.status === 'loading';

  return (
    <Stack $gap="lg">
      <AccountNav />
      <PageTitle>{BATCH_COPY.listTitle}</PageTitle>
      <p>
        <Link to={pathFor('create-rma-batch')}>{BATCH_COPY.createBatch}</Link>
      </p>
      {state.status === 'failed' ? <LoadFailed message={BATCH_COPY.listFailed} onRetry={() => setReload((n) => n + 1)} /> : null}
      {loading && !page ? <Loading>{BATCH_COPY.listLoading}</Loading> : null}
      {page && page.items.length === 0 && state.status === 'ready' ? <MutedText>{BATCH_COPY.none}</MutedText> : null}
      {page && page.items.length > 0 ? (
        <>
          <Table aria-label="Batches" aria-busy={loading || undefined}>
            <thead>
              <tr>
                <th scope="col">Batch</th>
                <th scope="col">Submitted</th>
                <th scope="col">Submitted by</th>
                <th scope="col">Status</th>
                <th scope="col">Rows</th>
                <th scope="col">RMAs created</th>
                <th scope="col">Failed</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={pathFor('batch', { id: item.id })}>{item.id}</Link>
                  </td>
                  <td>{formatDate(item.createdAt)}</td>
                  <td>
                    {item.mine ? BATCH_COPY.you : item.createdBy} {item.mine ? null : <Badge>{BATCH_COPY.organization}</Badge>}
                  </td>
                  <td>{BATCH_STATUS_WORDS[item.status] ?? item.status}</td>
                  <td>{item.rows}</td>
                  <td>{item.created}</td>
                  <td>{item.failed}</td>
                  <td>{formatUsdString(item.total)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {cursors.length > 1 || page.hasNext ? (
            <Row $gap="sm" role="navigation" aria-label="Batches pages">
              <Button
                type="button"
                $variant="secondary"
                disabled={cursors.length <= 1 || loading}
                onClick={() => setCursors((before) => before.slice(0, -1))}
              >
                {BATCH_COPY.previousPage}
              </Button>
              <MutedText>Page {cursors.length}</MutedText>
              <Button
                type="button"
                $variant="secondary"
                disabled={!page.hasNext || loading}
                onClick={() => setCursors((before) => [...before, page.endCursor])}
              >
                {BATCH_COPY.nextPage}
              </Button>
            </Row>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
