import { isApiError } from '../errors';
import type { HttpClient } from '../client';
import type { Unit, VerifySerialResult } from './types';

export interface RepairClient {
  /** Looks a serial up in the units registry; unknown serials answer `{ kind: '404' }`. */
  verifySerial(serial: string, options?: { signal?: AbortSignal }): Promise<VerifySerialResult>;
}

export function createRepairClient(http: HttpClient): RepairClient {
  return {
    async verifySerial(serial, options) {
      try {
        const unit = await http.request<Unit>('GET', '/rma-manager/rma/verify-serial', {
          query: { serial },
          signal: options?.signal,
        });
        return { kind: 'found', unit };
      } catch (error) {
        if (isApiError(error) && error.status === 404) return { kind: '404' };
        throw error;
      }
    },
  };
}
