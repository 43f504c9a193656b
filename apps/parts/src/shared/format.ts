import type { PartAvailability } from '@portal/api-client';

export const AVAILABILITY_TEXT: Record<PartAvailability, string> = {
  IN_STOCK: 'In stock',
  BACKORDER: 'On back order',
  DISCONTINUED: 'No longer sold',
};

/** A fresh Idempotency-Key for one order submission. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
