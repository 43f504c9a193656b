import { useEffect, useState } from 'react';
import { isAbortError, type AccountQuote, type Connection, type QuoteConnectionKind } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { keyset, type PagePosition } from '../rma-history/hooks/useRmaHistory';

export const QUOTES_PAGE_SIZE = 10;
export const QUOTES_FAILED = 'Your quotes could not be loaded. Please try again.';

export type QuotesState =
  | { status: 'loading'; previous: Connection<AccountQuote> | null }
  | { status: 'ready'; page: Connection<AccountQuote> }
  | { status: 'failed'; message: string };

type Outcome = Exclude<QuotesState, { status: 'loading' }>;

/** One keyset page of one kind of quote (savedQuoteConnection), soonest expiry first. */
export function useQuotes(kind: QuoteConnectionKind, position: PagePosition, reload: number): QuotesState {
  const api = useApi();
  const key = JSON.stringify({ kind, position, reload });
  const [result, setResult] = useState<{ key: string; outcome: Outcome } | null>(null);
  const [shown, setShown] = useState<Connection<AccountQuote> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const request = JSON.parse(key) as { kind: QuoteConnectionKind; position: PagePosition };
    api.account
      .quotesConnection({ kinds: [request.kind] }, { field: 'EXPIRES_AT', desc: false }, keyset(request.position, QUOTES_PAGE_SIZE), {
        signal: controller.signal,
      })
      .then(
        (page) => {
          if (controller.signal.aborted) return;
          setResult({ key, outcome: { status: 'ready', page } });
          setShown(page);
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbortError(error)) return;
          setResult({ key, outcome: { status: 'failed', message: QUOTES_FAILED } });
        },
      );
    return () => controller.abort();
  }, [api, key]);

  if (result && result.key === key) return result.outcome;
  return { status: 'loading', previous: shown };
}
