import { useEffect, useState } from 'react';
import { isAbortError, isApiError, type Batch, type BatchProgress, type BatchRow } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { failureMessage } from '@portal/forms/payable';
import { useParams, useSearchParams } from '@portal/router';
import {
  Banner,
  Button,
  ConfirmDialog,
  FactList,
  LoadFailed,
  Loading,
  MutedText,
  PageTitle,
  Row,
  Stack,
  formatDate,
  formatDateTime,
  formatUsdString,
  saveBlob,
} from '@portal/ui';
import { AccountNav } from '../../shared/AccountNav';
import { BatchProgressPanel } from './components/BatchProgressPanel';
import { PayBatch } from './components/PayBatch';
import { RowsTable } from './components/RowsTable';
import { BATCH_COPY, BATCH_STATUS_WORDS } from './copy';

type Load = { status: 'loading' } | { status: 'ready'; batch: Batch } | { status: 'failed'; notFound: boolean };
type Notice = { variant: 'info' | 'warning' | 'error'; text: string };

/** The query parameters PayPal comes back with (approved: token and PayerID; cancelled=1). */
const RETURN_PARAMS = ['token', 'PayerID', 'cancelled'] as const;

/** The progress a batch's rows tell, before the stream says more. */
function progressOf(batch: Batch): BatchProgress {
  const s = batch.summary;
  return { status: batch.status, rows: s.rows, done: s.created + s.failed + s.removed, created: s.created, failed: s.failed, pending: s.pending };
}

const METHOD_WORDS: Record<string, string> = { PO: 'PO', PayPal: 'Credit Card' };

/**
 * A refusal that says the batch changed under the page (the quote re-issued for fewer rows, the
 * quote expired, a removal or payment meanwhile): the page says it and reads the batch again.
 */
function isStale(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/**
 * Route your-account/batches/:id: one fleet batch, for its owner and their organization (anyone
 * else: 'Batch not found'). A batch creating its RMAs (and then its boxes, documents and e-mail)
 * shows a progress bar fed by the events stream and is read again when it is done, so a completed
 * batch has its documents or says why not; one awaiting payment shows its quote, paid here by PO
 * or card, and its unpaid rows can be removed (the owner only: a colleague reads). PayPal comes
 * back here: with a token the payment is confirmed once, cancelled says so calmly. The labels
 * and packing lists and the result CSV download with the session's token.
 */
export function BatchPage() {
  const { id = '' } = useParams();
  const client = useApi().batch;
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const cancelled = params.get('cancelled') === '1';
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(() => (cancelled ? { variant: 'info', text: BATCH_COPY.cancelled } : null));
  const [removing, setRemoving] = useState<BatchRow | null>(null);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);
  const [download, setDownload] = useState<'idle' | 'failed'>('idle');

  /** Drops PayPal's return parameters, so a reload neither confirms again nor repeats the notice. */
  const forgetReturn = () =>
    setParams(
      (before) => {
        const rest = new URLSearchParams(before);
        RETURN_PARAMS.forEach((name) => rest.delete(name));
        return rest;
      },
      { replace: true },
    );

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const show = (batch: Batch) => {
      if (signal.aborted) return;
      setLoad({ status: 'ready', batch });
    };
    const fail = (error: unknown) => {
      if (signal.aborted || isAbortError(error)) return;
      setLoad({ status: 'failed', notFound: isApiError(error) && error.status === 404 });
    };
    if (token) {
      // Back from PayPal with an approval: capture it, then the batch as the capture left it.
      client.confirmBatchPayment(id, token, { signal }).then(
        (result) => {
          if (signal.aborted) return;
          setNotice({ variant: 'info', text: BATCH_COPY.confirmed });
          show(result.batch);
          forgetReturn();
        },
        (error: unknown) => {
          if (signal.aborted || isAbortError(error)) return;
          // batch.quoteChanged (rows taken off the quote, nothing captured): said calmly; with the token gone the batch is read again.
          setNotice({ variant: isApiError(error) && error.error === 'batch.quoteChanged' ? 'warning' : 'error', text: failureMessage(error, BATCH_COPY.confirmFailed) });
          forgetReturn();
        },
      );
    } else {
      client.getBatch(id, { signal }).then(show, fail);
    }
    return () => controller.abort();
    // forgetReturn only writes the address: the token read here is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, id, token, reload]);

  const batch = load.status === 'ready' ? load.batch : null;
  // While a PayPal token is in the address, its capture is under way.
  const shownNotice: Notice | null = token ? { variant: 'info', text: BATCH_COPY.confirming } : notice;
  const processing = batch?.status === 'PROCESSING';

  /** A refusal that found the batch changed: said at the top, and the batch read as it is now. */
  const stale = (text: string) => {
    setNotice({ variant: 'warning', text });
    setReload((n) => n + 1);
  };

  const save = (fetchBlob: () => Promise<Blob>, fileName: string) => {
    setDownload('idle');
    fetchBlob().then(
      (blob) => saveBlob(blob, fileName),
      () => setDownload('failed'),
    );
  };

  const remove = (row: BatchRow) => {
    setRemoving(null);
    setRemoveFailure(null);
    client.removeBatchRow(id, row.index).then(
      (result) => setLoad({ status: 'ready', batch: result.batch }),
      (error: unknown) => {
        setRemoveFailure(failureMessage(error, BATCH_COPY.removeFailed));
        // A row paid meanwhile, the quote expired, or the batch changed elsewhere: show it as it is now.
        if (isStale(error)) setReload((n) => n + 1);
      },
    );
  };

  if (load.status === 'loading' || !batch) {
    return (
      <Stack $gap="lg">
        <AccountNav />
        <PageTitle>{BATCH_COPY.title(id)}</PageTitle>
        {shownNotice ? <Banner variant={shownNotice.variant}>{shownNotice.text}</Banner> : null}
        {load.status === 'failed' ? (
          load.notFound ? (
            <Banner variant="error">{BATCH_COPY.notFound}</Banner>
          ) : (
            <LoadFailed message={BATCH_COPY.failed} onRetry={() => setReload((n) => n + 1)} />
          )
        ) : (
          <Loading>{BATCH_COPY.loading}</Loading>
        )}
      </Stack>
    );
  }

  const payment = batch.payment;
  const payable = batch.status === 'AWAITING_PAYMENT' && payment?.status === 'open';
  const refundDue = batch.summary.refundDue;

  return (
    <Stack $gap="lg">
      <AccountNav />
      <PageTitle>{BATCH_COPY.title(batch.id)}</PageTitle>
      {shownNotice ? <Banner variant={shownNotice.variant}>{shownNotice.text}</Banner> : null}
      {!batch.mine ? <Banner variant="info">{BATCH_COPY.readOnly(batch.createdBy)}</Banner> : null}
      {refundDue ? (
        <Banner variant="info" title={BATCH_COPY.refundTitle}>
          {BATCH_COPY.refundDue(formatUsdString(refundDue))}
        </Banner>
      ) : null}

      <FactList>
        <dt>Status</dt>
        <dd>{BATCH_STATUS_WORDS[batch.status] ?? batch.status}</dd>
        <dt>Submitted</dt>
        <dd>
          {formatDateTime(batch.createdAt)} by {batch.createdBy}
        </dd>
        <dt>Rows</dt>
        <dd>
          {batch.summary.rows} · {batch.summary.created} RMAs created · {batch.summary.failed} failed
          {batch.summary.removed > 0 ? ` · ${batch.summary.removed} removed` : null}
          {batch.summary.awaitingPayment > 0 ? ` · ${batch.summary.awaitingPayment} awaiting payment` : null}
        </dd>
        <dt>Ship from</dt>
        <dd>
          {batch.contact.firstName} {batch.contact.lastName}, {[batch.address.line1, batch.address.city, batch.address.state, batch.address.country].filter(Boolean).join(', ')}
        </dd>
        <dt>Packaging</dt>
        <dd>
          {batch.packaging.kind === 'OWN_BOXES' ? `Own boxes, ${batch.packaging.unitsPerBox ?? ''} units a box` : 'Boxes requested'}
          {batch.packaging.boxes > 0 ? ` · ${batch.packaging.boxes} boxes` : null}
        </dd>
        <dt>Total</dt>
        <dd>{formatUsdString(batch.summary.total)}</dd>
      </FactList>

      {processing ? <BatchProgressPanel client={client} batchId={batch.id} initial={progressOf(batch)} onDone={() => setReload((n) => n + 1)} /> : null}

      {payment ? (
        <section aria-label={BATCH_COPY.paymentHeading}>
          <Stack>
            <h2>{BATCH_COPY.paymentHeading}</h2>
            <p>
              <strong>{BATCH_COPY.total(formatUsdString(payment.amount))}</strong>
            </p>
            {payment.status === 'open' ? <MutedText>{BATCH_COPY.quoteExpires(payment.quoteId, formatDate(payment.expiresAt))}</MutedText> : null}
            {payment.status === 'paid' && payment.method ? (
              <MutedText>
                {BATCH_COPY.paidBy(payment.method === 'PO' && payment.customerPO ? `PO ${payment.customerPO}` : METHOD_WORDS[payment.method] ?? payment.method)}
              </MutedText>
            ) : null}
            {payment.status === 'expired' ? <MutedText>{BATCH_COPY.quoteExpired}</MutedText> : null}
            {payable && batch.mine ? <PayBatch client={client} batchId={batch.id} onPaid={(paid) => setLoad({ status: 'ready', batch: paid })} onStale={stale} /> : null}
          </Stack>
        </section>
      ) : null}

      <section aria-label={BATCH_COPY.downloadsHeading}>
        <Stack $gap="sm">
          <h2>{BATCH_COPY.downloadsHeading}</h2>
          <Row $gap="sm">
            {batch.documents ? (
              <Button type="button" $variant="secondary" onClick={() => save(() => client.downloadBatchDocuments(batch.id), `${batch.id}-labels.pdf`)}>
                {BATCH_COPY.documents}
              </Button>
            ) : null}
            <Button type="button" $variant="secondary" onClick={() => save(() => client.downloadBatchResultCsv(batch.id), `${batch.id}-result.csv`)}>
              {BATCH_COPY.resultCsv}
            </Button>
          </Row>
          {!batch.documents && batch.status !== 'COMPLETED' ? <MutedText>{BATCH_COPY.documentsLater}</MutedText> : null}
          {batch.documentsError ? (
            <Banner variant="warning" title={BATCH_COPY.documentsFailedTitle}>
              {batch.documentsError}
            </Banner>
          ) : null}
          {download === 'failed' ? <Banner variant="error">{BATCH_COPY.downloadFailed}</Banner> : null}
        </Stack>
      </section>

      <section aria-label={BATCH_COPY.rowsHeading}>
        <Stack $gap="sm">
          <h2>{BATCH_COPY.rowsHeading}</h2>
          {removeFailure ? <Banner variant="error">{removeFailure}</Banner> : null}
          <RowsTable rows={batch.rows} onRemove={payable && batch.mine ? setRemoving : null} />
        </Stack>
      </section>

      {removing ? (
        <ConfirmDialog
          title={BATCH_COPY.removeTitle(removing.index + 1, removing.serial)}
          confirmLabel={BATCH_COPY.removeConfirm}
          cancelLabel={BATCH_COPY.removeCancel}
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          {BATCH_COPY.removeBody}
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}
