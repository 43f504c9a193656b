import type { SubmitBatchBody } from '@portal/api-client';

/**
 * The batch submission in flight, kept in sessionStorage (this tab, across a reload): the body and
 * the Idempotency-Key it went with, and once the server answered, the batch's id. Sending the same
 * body again (a retry, or the page reloaded before the answer) reuses the key, so the server
 * answers the batch it made instead of making a second; another body is another attempt with a
 * new key.
 */
export interface Submission {
  key: string;
  body: SubmitBatchBody;
  /** The server's batch, once it answered. */
  batchId: string | null;
}

const KEY = 'portal.create-rma-batch.submission';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage disabled: the key then lives as long as the page
  }
}

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function loadSubmission(): Submission | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Submission>;
    if (typeof value.key !== 'string' || !value.body || !Array.isArray(value.body.rows)) return null;
    return { key: value.key, body: value.body, batchId: typeof value.batchId === 'string' ? value.batchId : null };
  } catch {
    return null;
  }
}

function save(submission: Submission): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(submission));
  } catch {
    // Quota or privacy mode: the submission still goes, with its key for this page's life.
  }
}

/**
 * The submission of body: the stored one when it holds the same body (its key and batch), else a
 * new attempt with a fresh key, stored before it is sent.
 */
export function submissionFor(body: SubmitBatchBody): Submission {
  const stored = loadSubmission();
  if (stored && JSON.stringify(stored.body) === JSON.stringify(body)) return stored;
  const fresh: Submission = { key: newKey(), body, batchId: null };
  save(fresh);
  return fresh;
}

/** The server answered submission with its batch. */
export function recordBatch(submission: Submission, batchId: string): Submission {
  const answered = { ...submission, batchId };
  save(answered);
  return answered;
}

/** The submission is over (its batch page took over, or the customer discarded it). */
export function clearSubmission(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
