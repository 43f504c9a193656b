import { useEffect, useMemo, useState } from 'react';
import { isAbortError, isApiError, type PartsPage, type PartsSearch } from '@portal/api-client';
import { useApi } from '@portal/auth';

export type SearchState = { status: 'idle' | 'loading' } | { status: 'ready'; page: PartsPage } | { status: 'failed'; message: string | null };

/**
 * A catalogue search, asked again whenever the search changes (or on `retry`). A refusal the
 * server explains (an unknown serial: 'Serial Not Found', a too-long text) keeps its message.
 */
export function usePartsSearch(search: PartsSearch | null): { state: SearchState; retry: () => void } {
  const api = useApi();
  const [attempt, setAttempt] = useState(0);
  const key = useMemo(() => (search ? JSON.stringify(search) : ''), [search]);
  const [loaded, setLoaded] = useState<{ key: string; attempt: number; state: SearchState } | null>(null);

  useEffect(() => {
    if (!key) return undefined;
    const controller = new AbortController();
    api.parts.searchParts(JSON.parse(key) as PartsSearch, { signal: controller.signal }).then(
      (page) => {
        if (!controller.signal.aborted) setLoaded({ key, attempt, state: { status: 'ready', page } });
      },
      (error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        const explained = isApiError(error) && error.status >= 400 && error.status < 500;
        if (!explained) console.error('Searching the catalogue failed', error);
        const message = explained ? (Object.values(error.fields)[0] ?? error.message) : null;
        setLoaded({ key, attempt, state: { status: 'failed', message } });
      },
    );
    return () => controller.abort();
  }, [api, key, attempt]);

  const state: SearchState = !key ? { status: 'idle' } : loaded && loaded.key === key && loaded.attempt === attempt ? loaded.state : { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}
