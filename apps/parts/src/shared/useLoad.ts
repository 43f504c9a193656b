import { useEffect, useState } from 'react';
import { isAbortError, isApiError } from '@portal/api-client';

export type LoadState<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

/**
 * The one load-with-abort of the parts pages: runs load whenever key changes (and on retry),
 * aborting the previous run; only the answer of the current key and attempt is shown. A null key
 * loads nothing (idle). load must only depend on what key says; it may log its own failures.
 */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): { state: LoadState<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; attempt: number; state: LoadState<T> } | null>(null);

  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setLoaded({ key, attempt, state: { status: 'ready', value } });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setLoaded({ key, attempt, state: { status: 'failed', error } });
      },
    );
    return () => controller.abort();
    // load is a fresh closure each render; key names everything it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const state: LoadState<T> =
    key === null ? { status: 'idle' } : loaded && loaded.key === key && loaded.attempt === attempt ? loaded.state : { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** Logs a failed load, unless it was only aborted (a newer key or an unmount took its place). */
export function logFailure(what: string, error: unknown): void {
  if (!isAbortError(error)) console.error(`${what} failed`, error);
}

/** A refusal the server has the last word on (an account without a role of the portal): no retry helps. */
export const refused = (error: unknown): boolean => isApiError(error) && error.status === 403;
