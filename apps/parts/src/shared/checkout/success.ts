import type { Money } from '@portal/api-client';
import type { CartKind } from '../cart/model';

/**
 * The navigation state a checkout sets when it sends the customer to parts-order/success: the
 * only way to that page (spec §2). Read defensively: history state survives reloads.
 */
export interface SuccessState {
  rmaBatchId: string;
  kind: CartKind;
  total: Money | null;
}

const BATCH = /^PB-\d{6}$/;

export function readSuccessState(state: unknown): SuccessState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { rmaBatchId, kind, total } = state as Record<string, unknown>;
  if (typeof rmaBatchId !== 'string' || !BATCH.test(rmaBatchId)) return null;
  if (kind !== 'parts' && kind !== 'video') return null;
  const money =
    typeof total === 'object' && total !== null && typeof (total as Money).cents === 'number' && typeof (total as Money).currency === 'string'
      ? (total as Money)
      : null;
  return { rmaBatchId, kind, total: money };
}
