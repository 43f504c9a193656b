import { useCallback, useEffect, useState } from 'react';
import { isAbortError, isApiError, type QuoteDetails } from '@portal/api-client';
import { useApi, useSessionState } from '@portal/auth';
import { serverMessage } from '../create-rma/model/createError';

export type QuoteState =
  | { status: 'missing' }
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'ready'; quote: QuoteDetails }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/**
 * One of the customer's quotes by uid (GET /payments/quote/details). An unknown quote, another
 * customer's, or one whose pay-link reference does not match all read as not found. Public
 * pages ask signed-out visitors to sign in instead of calling the API.
 */
export function useQuote(uid: string, reference?: string): { state: QuoteState; reload: () => void } {
  const api = useApi();
  const session = useSessionState();
  const signedIn = session.status === 'signed-in';
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; state: QuoteState } | null>(null);
  const key = `${uid}|${reference ?? ''}|${attempt}`;

  useEffect(() => {
    if (!uid || !signedIn) return undefined;
    const controller = new AbortController();
    api.payments.quoteDetails(uid, { signal: controller.signal }).then(
      (quote) => {
        if (controller.signal.aborted) return;
        const mismatch = reference !== undefined && quote.reference !== undefined && quote.reference !== reference;
        setLoaded({ key, state: mismatch ? { status: 'not-found' } : { status: 'ready', quote } });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        if (isApiError(error) && error.status === 404) setLoaded({ key, state: { status: 'not-found' } });
        else setLoaded({ key, state: { status: 'failed', message: serverMessage(error) } });
      },
    );
    return () => controller.abort();
  }, [api, uid, reference, signedIn, key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  let state: QuoteState;
  if (!uid) state = { status: 'missing' };
  else if (session.status === 'signed-out') state = { status: 'signed-out' };
  else if (!signedIn) state = { status: 'loading' };
  else state = loaded && loaded.key === key ? loaded.state : { status: 'loading' };
  return { state, reload };
}
