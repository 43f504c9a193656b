import { createHttpClient, type ApiClientOptions, type HttpClient } from './client';
import { createIdentityClient, type IdentityClient } from './identity/client';
import { createRepairClient, type RepairClient } from './repair/client';

export interface ApiClient {
  http: HttpClient;
  repair: RepairClient;
  identity: IdentityClient;
}

/** The typed API, one property per domain, over the one fetch wrapper. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = createHttpClient(options);
  return {
    http,
    repair: createRepairClient(http),
    identity: createIdentityClient(http),
  };
}

export {
  createHttpClient,
  SESSION_URL_HEADER,
  type ApiClientOptions,
  type HttpClient,
  type HttpMethod,
  type Query,
  type RequestOptions,
  type TokenSource,
} from './client';
export { ApiError, isApiError, type ApiErrorBody } from './errors';
export type { RepairClient } from './repair/client';
export type { Unit, UnitCardState, VerifySerialResult } from './repair/types';
export type { IdentityClient } from './identity/client';
export type { Me, ShippingAddress } from './identity/types';
