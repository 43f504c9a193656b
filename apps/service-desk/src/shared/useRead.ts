import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@portal/api-client';
import { ignoreAbort, refusalOf } from './errors';

export type Read<T> =
  | { kind: 'loading' }
  | { kind: 'failed'; status: number; message: string; fields: Record<string, string> }
  | { kind: 'loaded'; value: T };

interface Outcome<T> {
  read: (signal: AbortSignal) => Promise<T>;
  round: number;
  result: Read<T>;
}

/**
 * One read of the depot API for a page: `read` changes identity when what to read changes
 * (useCallback over its inputs), and `reload` reads the same again. Until the answer for the
 * current read arrives the state is loading; an earlier read's late answer is dropped.
 */
export function useRead<T>(read: (signal: AbortSignal) => Promise<T>): { state: Read<T>; reload: () => void } {
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setOutcome({ read, round, result: { kind: 'loaded', value } });
      },
      (error: unknown) => {
        if (controller.signal.aborted || ignoreAbort(error)) return;
        const status = isApiError(error) ? error.status : 0;
        setOutcome({ read, round, result: { kind: 'failed', status, ...refusalOf(error) } });
      },
    );
    return () => controller.abort();
  }, [read, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const current = outcome && outcome.read === read && outcome.round === round ? outcome.result : { kind: 'loading' as const };
  return { state: current, reload };
}
