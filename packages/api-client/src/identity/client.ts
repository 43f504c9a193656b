import type { HttpClient } from '../client';
import type { Me } from './types';

export interface IdentityClient {
  /** The signed-in user's profile and roles. */
  me(options?: { signal?: AbortSignal }): Promise<Me>;
}

export function createIdentityClient(http: HttpClient): IdentityClient {
  return {
    me: (options) => http.request<Me>('GET', '/me', { signal: options?.signal }),
  };
}
