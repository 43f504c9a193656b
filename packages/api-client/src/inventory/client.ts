import type { HttpClient, Query } from '../client';
import type { InventoryFilter, InventoryPage, InventorySearch, InventoryUnit, UnitProfile } from './types';

export const INVENTORY_PATH = '/parts-manager/inventory';

type Signal = { signal?: AbortSignal };

/**
 * The service-managed inventory (parts service, sign-in): the units the caller and their
 * organization hold through registrations, RMAs and parts orders.
 */
export interface InventoryClient {
  /** One page of the caller's units matching the filter, by serial. */
  list(search: InventorySearch, options?: Signal): Promise<InventoryPage>;
  /** Every unit matching the filter as CSV (format=csv), whatever the page. */
  downloadCsv(filter: InventoryFilter, options?: Signal): Promise<Blob>;
  /** One unit the caller holds; another customer's answers 404 'Serial Not Found' like an unknown one. */
  profile(serial: string, options?: Signal): Promise<UnitProfile>;
}

function filterQuery(filter: InventoryFilter): Query {
  return {
    q: filter.q?.trim() || undefined,
    model: filter.model || undefined,
    warranty: filter.warranty || undefined,
    openRma: filter.openRma === undefined ? undefined : String(filter.openRma),
  };
}

function unit<T extends InventoryUnit>(value: T): T {
  return { ...value, sources: value.sources ?? [], openRma: value.openRma ?? null, warrantyEnd: value.warrantyEnd ?? null, registeredAt: value.registeredAt ?? null };
}

export function createInventoryClient(http: HttpClient): InventoryClient {
  return {
    async list(search, options) {
      const page = await http.request<InventoryPage>('GET', INVENTORY_PATH, {
        query: { ...filterQuery(search), page: search.page, itemsPerPage: search.itemsPerPage },
        signal: options?.signal,
      });
      return { ...page, items: (page.items ?? []).map(unit), models: page.models ?? [] };
    },
    downloadCsv: (filter, options) => http.blob(INVENTORY_PATH, { query: { ...filterQuery(filter), format: 'csv' }, signal: options?.signal }),
    async profile(serial, options) {
      const p = await http.request<UnitProfile>('GET', `${INVENTORY_PATH}/${encodeURIComponent(serial.trim())}`, { signal: options?.signal });
      return { ...unit(p), rmas: p.rmas ?? [], orders: p.orders ?? [] };
    },
  };
}
