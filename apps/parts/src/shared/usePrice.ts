import { useEffect, useMemo, useState } from 'react';
import { isAbortError, type OrderLineInput, type PriceResult } from '@portal/api-client';
import { useApi } from '@portal/auth';

export type PriceState = { status: 'idle' | 'loading' } | { status: 'ready'; result: PriceResult } | { status: 'failed' };

export const PRICE_FAILED = 'The prices could not be loaded. Check your connection and try again.';

/**
 * The server's prices of `lines` (amounts always come from the server), asked again whenever the
 * lines change or `retry` is called; nothing is asked for no lines.
 */
export function usePrice(lines: readonly OrderLineInput[]): { state: PriceState; retry: () => void } {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  const key = useMemo(() => JSON.stringify(lines), [lines]);
  const [loaded, setLoaded] = useState<{ key: string; attempt: number; state: PriceState } | null>(null);

  useEffect(() => {
    const body = JSON.parse(key) as OrderLineInput[];
    if (body.length === 0) return undefined;
    const controller = new AbortController();
    api.parts.price(body, { signal: controller.signal }).then(
      (result) => {
        if (!controller.signal.aborted) setLoaded({ key, attempt, state: { status: 'ready', result } });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        console.error('Pricing the cart failed', error);
        setLoaded({ key, attempt, state: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [api, key, attempt]);

  const state: PriceState =
    lines.length === 0 ? { status: 'idle' } : loaded && loaded.key === key && loaded.attempt === attempt ? loaded.state : { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}
