import { useEffect, useRef, useState } from 'react';
import { useApi } from '@portal/auth';
import { isAbortError, type BatchProgress } from '@portal/api-client';
import { COPY } from '../copy';

export interface BatchProgressView {
  counts: Pick<BatchProgress, 'rows' | 'done'>;
  /** The stream broke off: the batch page still shows where it stands. */
  error: string | null;
}

/**
 * The creation of batchId's RMAs as the server reports it (GET …/{id}/events through the client's
 * stream reader, which carries the bearer token): every progress event moves the bar; the done
 * event calls onDone once. Leaving the page stops the stream.
 */
export function useBatchProgress(batchId: string | null, onDone: (batchId: string) => void): BatchProgressView {
  const { batch } = useApi();
  const [counts, setCounts] = useState<BatchProgressView['counts']>({ rows: 0, done: 0 });
  const [error, setError] = useState<string | null>(null);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (!batchId) return undefined;
    const controller = new AbortController();
    batch
      .watchBatch(batchId, (progress) => setCounts({ rows: progress.rows, done: progress.done }), controller.signal)
      .then(
        () => {
          if (!controller.signal.aborted) onDoneRef.current(batchId);
        },
        (failure: unknown) => {
          if (isAbortError(failure) || controller.signal.aborted) return;
          console.error('Following the batch failed', failure);
          setError(COPY.progressLost);
        },
      );
    return () => controller.abort();
  }, [batch, batchId]);

  return { counts, error };
}
