/** The RMA statuses of the rma capability's lifecycle, in words for customers. */
const STATUS_WORDS: Record<string, string> = {
  AWAITING_PAYMENT: 'Awaiting payment',
  AWAITING_UNIT: 'Awaiting unit',
  RECEIVED: 'Received',
  DIAGNOSING: 'Diagnosing',
  QUOTE_PENDING: 'Quote pending',
  REPAIRING: 'Repairing',
  SHIPPED_BACK: 'Shipped back',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
  RECYCLED: 'Recycled',
};

/** 'SHIPPED_BACK' → 'Shipped back'; a status this page does not know yet is still readable. */
export function statusText(status: string): string {
  const known = STATUS_WORDS[status];
  if (known) return known;
  const words = status.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
