import type { HttpClient } from '../client';
import { subscribeEventStream, type ServerSentEvent } from '../account/eventStream';
import type {
  Batch,
  BatchPage,
  BatchPayment,
  BatchProgress,
  BatchResult,
  BatchRowInput,
  ParsedBatchRow,
  Preflight,
  SubmitBatchBody,
} from './types';

export type {
  Batch,
  BatchListItem,
  BatchPackaging,
  BatchPackagingInput,
  BatchPackagingKind,
  BatchPage,
  BatchPayMethod,
  BatchPayment,
  BatchPaymentState,
  BatchProgress,
  BatchQuoteStatus,
  BatchReason,
  BatchResult,
  BatchRow,
  BatchRowInput,
  BatchRowStatus,
  BatchStatus,
  BatchSubmitMethod,
  BatchSummary,
  Entitlement,
  ParsedBatchRow,
  Preflight,
  PreflightRow,
  PreflightSummary,
  SubmitBatchBody,
} from './types';

export const BATCHES_PATH = '/rma-manager/batches';
export const BATCH_TEMPLATE_PATH = `${BATCHES_PATH}/template.csv`;
export const BATCH_PARSE_PATH = `${BATCHES_PATH}/parse`;
export const BATCH_PREFLIGHT_PATH = `${BATCHES_PATH}/preflight`;
export const batchPath = (id: string) => `${BATCHES_PATH}/${encodeURIComponent(id)}`;

/** The header submit requires: one key per submission attempt, kept across a reload. */
const IDEMPOTENCY_KEY = 'Idempotency-Key';

type Signal = { signal?: AbortSignal };

/**
 * The fleet batch (batch service, signed-in customers): bring rows, check them, submit, follow and
 * pay the batch. A batch is seen by its owner and their organization (anyone else: 404
 * batch.notFound); only its owner changes it (a colleague: 403 batch.notOwner).
 */
export interface BatchClient {
  /** The template CSV (header and two example rows). */
  downloadBatchTemplate(options?: Signal): Promise<Blob>;
  /**
   * Reads a CSV or XLSX file into rows; nothing is stored. A file the batch cannot read answers
   * 400 batch.badFile with a message naming the problem, over 2 MB 413 batch.tooLarge.
   */
  parseBatchFile(file: Blob, options?: Signal): Promise<ParsedBatchRow[]>;
  /** Checks every row against the rules of one RMA and prices it; nothing is created. */
  preflightBatch(rows: BatchRowInput[], options?: Signal): Promise<Preflight>;
  /**
   * Submits the batch. The same key again answers the same batch and creates nothing more. Field
   * errors (400) use paths such as contact.email, packaging.unitsPerBox, paymentData.customerPO.
   */
  submitBatch(body: SubmitBatchBody, idempotencyKey: string, options?: Signal): Promise<BatchResult>;
  getBatch(id: string, options?: Signal): Promise<Batch>;
  /** One page of the caller's and their organization's batches, newest first. */
  listBatches(page?: { first?: number; after?: string }, options?: Signal): Promise<BatchPage>;
  /**
   * Follows the batch's progress (GET …/{id}/events, fetch streaming with the bearer token):
   * onProgress per `progress` and for the final `done`. Resolves with the final progress, or
   * null when the signal stopped it first. A stream dropped before `done` is opened again; a
   * refusal (404, 403) rejects.
   */
  watchBatch(id: string, onProgress: (progress: BatchProgress) => void, signal?: AbortSignal): Promise<BatchProgress | null>;
  /** Pays a saved batch quote (owner): PO at once, PayPal answers its approve link. */
  payBatch(id: string, payment: BatchPayment, options?: Signal): Promise<BatchResult>;
  /** Captures the PayPal payment the customer approved (owner); 409 payments.notApproved / declined. */
  confirmBatchPayment(id: string, token: string, options?: Signal): Promise<BatchResult>;
  /** Removes an unpaid row (owner); the quote is issued again for the new total. Paid: 409 batch.alreadyPaid. */
  removeBatchRow(id: string, index: number, options?: Signal): Promise<BatchResult>;
  /** The result CSV (serial, RMA number, status, price, box, tracking number, reason). */
  downloadBatchResultCsv(id: string, options?: Signal): Promise<Blob>;
  /** The labels and packing lists as one PDF; before every row has its RMA 404 batch.documentsNotReady. */
  downloadBatchDocuments(id: string, options?: Signal): Promise<Blob>;
}

/** The frames of the batch's events stream that carry its progress. */
export const BATCH_PROGRESS_EVENT = 'progress';
export const BATCH_DONE_EVENT = 'done';

/**
 * The progress one server-sent event carries, or null for an event that is not the batch's
 * (a keep-alive, an unknown name). Data that is not the progress JSON throws.
 */
export function batchProgressOf(event: ServerSentEvent): BatchProgress | null {
  if (event.event !== BATCH_PROGRESS_EVENT && event.event !== BATCH_DONE_EVENT) return null;
  const value = JSON.parse(event.data) as Partial<BatchProgress> | null;
  if (typeof value !== 'object' || value === null || typeof value.status !== 'string' || typeof value.done !== 'number') {
    throw new Error(`The batch's ${event.event} event has no progress: ${event.data}`);
  }
  return {
    status: value.status,
    rows: value.rows ?? 0,
    done: value.done,
    created: value.created ?? 0,
    failed: value.failed ?? 0,
    pending: value.pending ?? 0,
  };
}

function batchResult(result: BatchResult): BatchResult {
  return { batch: batchOf(result.batch), paymentUrl: result.paymentUrl ?? null };
}

function batchOf(batch: Batch): Batch {
  return { ...batch, rows: (batch.rows ?? []).map((row) => ({ ...row, reasons: row.reasons ?? [] })), payment: batch.payment ?? null, documents: batch.documents ?? null };
}

export function createBatchClient(http: HttpClient): BatchClient {
  const watchBatch: BatchClient['watchBatch'] = (id, onProgress, signal) =>
    new Promise((resolve, reject) => {
      // The stream is stopped here once `done` arrives, and by the caller's signal.
      const stop = new AbortController();
      const onAbort = () => stop.abort();
      if (signal?.aborted) stop.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      let final: BatchProgress | null = null;
      let failure: unknown;
      subscribeEventStream(http, `${batchPath(id)}/events`, {
        signal: stop.signal,
        onEvent(event) {
          if (final) return;
          let progress: BatchProgress | null;
          try {
            progress = batchProgressOf(event);
          } catch (error) {
            failure = error;
            stop.abort();
            return;
          }
          if (!progress) return;
          onProgress(progress);
          if (event.event === BATCH_DONE_EVENT) {
            final = progress;
            stop.abort();
          }
        },
        onError(error, willRetry) {
          if (!willRetry) failure = error;
        },
      }).then(
        () => {
          signal?.removeEventListener('abort', onAbort);
          if (failure !== undefined) reject(failure);
          else resolve(final);
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });

  return {
    downloadBatchTemplate: (options) => http.blob(BATCH_TEMPLATE_PATH, { signal: options?.signal }),
    async parseBatchFile(file, options) {
      const form = new FormData();
      form.append('file', file, file instanceof File ? file.name : 'batch.csv');
      const result = await http.upload<{ rows?: ParsedBatchRow[] }>(BATCH_PARSE_PATH, form, { signal: options?.signal });
      return result.rows ?? [];
    },
    async preflightBatch(rows, options) {
      const result = await http.request<Preflight>('POST', BATCH_PREFLIGHT_PATH, { body: { rows }, signal: options?.signal });
      return { ...result, rows: result.rows.map((row) => ({ ...row, reasons: row.reasons ?? [] })) };
    },
    async submitBatch(body, idempotencyKey, options) {
      const result = await http.request<BatchResult>('POST', BATCHES_PATH, {
        body,
        headers: { [IDEMPOTENCY_KEY]: idempotencyKey },
        signal: options?.signal,
      });
      return batchResult(result);
    },
    getBatch: async (id, options) => batchOf(await http.request<Batch>('GET', batchPath(id), { signal: options?.signal })),
    async listBatches(page = {}, options) {
      const result = await http.request<Partial<BatchPage>>('GET', BATCHES_PATH, {
        query: { first: page.first, after: page.after || undefined },
        signal: options?.signal,
      });
      return { items: result.items ?? [], hasNext: result.hasNext ?? false, endCursor: result.endCursor ?? '' };
    },
    watchBatch,
    payBatch: async (id, payment, options) =>
      batchResult(await http.request<BatchResult>('POST', `${batchPath(id)}/pay`, { body: payment, signal: options?.signal })),
    confirmBatchPayment: async (id, token, options) =>
      batchResult(await http.request<BatchResult>('POST', `${batchPath(id)}/pay/confirm`, { body: { token }, signal: options?.signal })),
    removeBatchRow: async (id, index, options) =>
      batchResult(await http.request<BatchResult>('DELETE', `${batchPath(id)}/rows/${index}`, { signal: options?.signal })),
    downloadBatchResultCsv: (id, options) => http.blob(`${batchPath(id)}/result.csv`, { signal: options?.signal }),
    downloadBatchDocuments: (id, options) => http.blob(`${batchPath(id)}/documents.pdf`, { signal: options?.signal }),
  };
}
