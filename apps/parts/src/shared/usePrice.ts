import { useMemo } from 'react';
import type { OrderLineInput, PartsOrderKind, PriceResult } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { logFailure, useLoad } from './useLoad';

export type PriceState = { status: 'idle' | 'loading' } | { status: 'ready'; result: PriceResult } | { status: 'failed' };

export const PRICE_FAILED = 'The prices could not be loaded. Check your connection and try again.';

/**
 * The server's prices of `lines` for `kind`'s order (amounts always come from the server, and so
 * does which lines that order takes), asked again whenever the lines change or `retry` is
 * called; nothing is asked for no lines.
 */
export function usePrice(kind: PartsOrderKind, lines: readonly OrderLineInput[]): { state: PriceState; retry: () => void } {
  const api = useApi();
  const key = useMemo(() => (lines.length > 0 ? JSON.stringify({ kind, lines }) : null), [kind, lines]);
  const { state, retry } = useLoad(key, async (signal) => {
    try {
      return await api.parts.price([...lines], { signal, kind });
    } catch (error) {
      logFailure('Pricing the cart', error);
      throw error;
    }
  });
  if (state.status === 'ready') return { state: { status: 'ready', result: state.value }, retry };
  if (state.status === 'failed') return { state: { status: 'failed' }, retry };
  return { state, retry };
}
