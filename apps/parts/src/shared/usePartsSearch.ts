import { useMemo } from 'react';
import { isApiError, type PartsPage, type PartsSearch } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { logFailure, useLoad } from './useLoad';

export type SearchState = { status: 'idle' | 'loading' } | { status: 'ready'; page: PartsPage } | { status: 'failed'; message: string | null };

/** A refusal the server explains (an unknown serial: 'Serial Not Found', a too-long text). */
const explained = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/**
 * A catalogue search, asked again whenever the search changes (or on `retry`). A refusal the
 * server explains keeps its message.
 */
export function usePartsSearch(search: PartsSearch | null): { state: SearchState; retry: () => void } {
  const api = useApi();
  const key = useMemo(() => (search ? JSON.stringify(search) : null), [search]);
  const { state, retry } = useLoad(key, async (signal) => {
    try {
      return await api.parts.searchParts(search!, { signal });
    } catch (error) {
      if (!explained(error)) logFailure('Searching the catalogue', error);
      throw error;
    }
  });
  if (state.status === 'ready') return { state: { status: 'ready', page: state.value }, retry };
  if (state.status === 'failed') {
    const { error } = state;
    const message = isApiError(error) && explained(error) ? (Object.values(error.fields)[0] ?? error.message) : null;
    return { state: { status: 'failed', message }, retry };
  }
  return { state, retry };
}
