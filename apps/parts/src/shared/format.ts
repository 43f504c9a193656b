import type { Money, PartAvailability } from '@portal/api-client';

/** Integer cents as the currency's amount: { cents: 8900, currency: 'USD' } → '$89.00'. */
export function formatMoney(money: Money): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: money.currency || 'USD' }).format(money.cents / 100);
}

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
