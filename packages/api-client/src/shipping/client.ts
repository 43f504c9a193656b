import type { HttpClient } from '../client';
import type { OfficeQuery, ShippingOffice } from './types';

export interface ShippingClient {
  /** Drop-off offices near an address, nearest first. */
  offices(query: OfficeQuery, options?: { signal?: AbortSignal }): Promise<ShippingOffice[]>;
  /**
   * A shipping document (label or commercial invoice) by the API path the create-RMA answer gave,
   * e.g. `/shipping/documents/<id>`. An expired label rejects with status 410 and its message.
   */
  document(path: string, options?: { signal?: AbortSignal }): Promise<Blob>;
}

const DOCUMENT_PREFIX = '/shipping/documents/';

export function createShippingClient(http: HttpClient): ShippingClient {
  return {
    offices: (query, options) =>
      http.request<ShippingOffice[]>('GET', '/shipping/offices', { query: { ...query }, signal: options?.signal }),
    document(path, options) {
      // Only the API's own document paths: the token must never go to a URL taken from elsewhere.
      if (!path.startsWith(DOCUMENT_PREFIX)) {
        return Promise.reject(new RangeError(`Not a shipping document path: ${path}`));
      }
      return http.blob(path, { signal: options?.signal });
    },
  };
}
