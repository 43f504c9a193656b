import type { PartsOrderBatch, PartsOrderStatus } from '@portal/api-client';
import { keyset, useConnection, type ConnectionLoader, type ConnectionState, type PagePosition } from '../../shared/keyset';

export const PARTS_ORDERS_PAGE_SIZE = 10;
export const PARTS_ORDERS_FAILED = 'Your parts orders could not be loaded. Please try again.';

export type PartsOrdersState = ConnectionState<PartsOrderBatch>;

interface PartsOrdersRequest {
  text: string;
  status: PartsOrderStatus | '';
  position: PagePosition;
}

const loadPartsOrders: ConnectionLoader<PartsOrdersRequest, PartsOrderBatch> = (api, { text, status, position }, signal) =>
  api.account.partsOrdersConnection(
    { text, statuses: status ? [status] : [] },
    { field: 'CREATED_AT', desc: true },
    keyset(position, PARTS_ORDERS_PAGE_SIZE),
    { signal },
  );

/** One keyset page of the caller's and their organization's parts orders (partsOrderBatchConnection), newest first. */
export function usePartsOrders(text: string, status: PartsOrderStatus | '', position: PagePosition, reload: number): PartsOrdersState {
  return useConnection(loadPartsOrders, { text, status, position }, reload, PARTS_ORDERS_FAILED);
}
