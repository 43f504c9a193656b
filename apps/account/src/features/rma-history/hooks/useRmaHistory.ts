import type { RmaHistoryItem, RmaSearch, RmaSort } from '@portal/api-client';
import { keyset, useConnection, type ConnectionLoader, type ConnectionState, type PagePosition } from '../../../shared/keyset';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const HISTORY_FAILED = 'Your RMAs could not be loaded. Please try again.';

export type HistoryState = ConnectionState<RmaHistoryItem>;

interface HistoryRequest {
  search: RmaSearch;
  sort: RmaSort;
  position: PagePosition;
  size: number;
}

const loadHistory: ConnectionLoader<HistoryRequest, RmaHistoryItem> = (api, { search, sort, position, size }, signal) =>
  api.account.rmasConnection(search, sort, keyset(position, size), { signal });

/**
 * One keyset page of the viewer's (and organization's) RMAs through RMAsConnection; a newer
 * filter's request cancels the one before, and the last page shown stays while one loads.
 */
export function useRmaHistory(search: RmaSearch, sort: RmaSort, position: PagePosition, size: number, reload: number): HistoryState {
  return useConnection(loadHistory, { search, sort, position, size }, reload, HISTORY_FAILED);
}
