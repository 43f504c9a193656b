import type { SubmitBatchBody } from '@portal/api-client';

/**
 * The batch submission in flight, kept in sessionStorage (this tab, across a reload) only until
 * the server answers: the body and the Idempotency-Key it went with. Sending the same body again
 * (a retry, or the page reloaded before the answer) reuses the key, so the server answers the
 * batch it made instead of making a second; another body is another attempt with a new key.
 * Once the server names the batch it is cleared: the progress view carries the batch in its URL
 * (?batch=BT-…), so a later visit to the page starts a new batch instead of resuming an old one.
 */
export interface Submission {
  key: string;
  body: SubmitBatchBody;
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
    return { key: value.key, body: value.body };
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
 * The submission of body: the stored one when it holds the same body (its key), else a
 * new attempt with a fresh key, stored before it is sent.
 */
export function submissionFor(body: SubmitBatchBody): Submission {
  const stored = loadSubmission();
  if (stored && JSON.stringify(stored.body) === JSON.stringify(body)) return stored;
  const fresh: Submission = { key: newKey(), body };
  save(fresh);
  return fresh;
}

/** The submission is over (the server named its batch or refused it, or the customer discarded it). */
export function clearSubmission(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** The query parameter of the progress view: the batch being created, so a reload follows it again. */
export const BATCH_PARAM = 'batch';

const BATCH_ID = /^BT-[0-9A-HJKMNP-TV-Z]{8}$/;

/** The batch a reload of the progress view follows (its ?batch=), or null for none or a malformed id. */
export function resumedBatch(search: string): string | null {
  const id = new URLSearchParams(search).get(BATCH_PARAM);
  return id !== null && BATCH_ID.test(id) ? id : null;
}
