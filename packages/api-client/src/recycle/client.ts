import type { HttpClient } from '../client';
import type { RecyclePayload, RecycleResult } from './types';

export const RECYCLE_PATH = '/rma-manager/rma/recycle';

export interface RecycleClient {
  /** Creates a recycle RMA; a unit still in warranty is refused with 409 rma.inWarranty. */
  createRecycle(payload: RecyclePayload, options?: { signal?: AbortSignal }): Promise<RecycleResult>;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function createRecycleClient(http: HttpClient): RecycleClient {
  return {
    async createRecycle(payload, options) {
      const result = await http.request<Partial<RecycleResult>>('POST', RECYCLE_PATH, { body: payload, signal: options?.signal });
      return {
        rmaNumber: text(result?.rmaNumber) ?? '',
        label: text(result?.label),
        commercialInvoice: text(result?.commercialInvoice),
      };
    },
  };
}
