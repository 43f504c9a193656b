/**
 * The RMA lifecycle's statuses (api/rma/rma/status.go) in the words people read, customers and
 * staff alike: one list, so the account and the service desk never name a status two ways.
 */
const RMA_STATUS_WORDS: Record<string, string> = {
  AWAITING_PAYMENT: 'Awaiting payment',
  AWAITING_UNIT: 'Awaiting unit',
  RECEIVED: 'Received',
  DIAGNOSING: 'Diagnosing',
  QUOTE_PENDING: 'Quote pending',
  REPAIRING: 'Repairing',
  // The customer chose (or let the 30 days pass) to have the unit back without the repair.
  RETURN_UNREPAIRED: 'Returning unrepaired',
  SHIPPED_BACK: 'Shipped back',
  CLOSED: 'Closed',
  CANCELLED: 'Cancelled',
  RECYCLED: 'Recycled',
};

/** An RMA status in words ('SHIPPED_BACK' → 'Shipped back'); undefined for a status it does not know. */
export function rmaStatusWords(status: string): string | undefined {
  return RMA_STATUS_WORDS[status];
}
