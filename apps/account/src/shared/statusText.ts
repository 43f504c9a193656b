import { rmaStatusWords } from '@portal/api-client';

/** A parts order's statuses beside the RMA lifecycle's (AWAITING_PAYMENT and CANCELLED are both's). */
const ORDER_STATUS_WORDS: Record<string, string> = {
  PLACED: 'Placed',
  SHIPPED: 'Shipped',
};

/** 'SHIPPED_BACK' → 'Shipped back'; a status this page does not know yet is still readable. */
export function statusText(status: string): string {
  const known = rmaStatusWords(status) ?? ORDER_STATUS_WORDS[status];
  if (known) return known;
  const words = status.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An RMA's type in words: the recycle types (RECYCLE, RECYCLE_CREDIT), an upgrade, or a repair. */
export function rmaTypeText(rmaType: string): string {
  if (rmaType.startsWith('RECYCLE')) return 'Recycle';
  if (rmaType === 'UPGRADE') return 'Upgrade';
  return 'Repair';
}

/** Timeline entries that moved no status, by their kind. */
const EVENT_WORDS: Record<string, string> = {
  label_issued: 'Shipping label issued',
  label_failed: 'Shipping label delayed; we keep trying and e-mail it to you',
  label_retries_exhausted: 'Shipping label delayed; support will send it to you',
  service_quote_paid: 'Service quote paid',
  // The promised ship-back date set, on hold or moved: the note says the date and why.
  promise: 'Promised ship-back date',
  // What the technician found; the details' Diagnosis section shows it in full.
  diagnosed: 'Diagnosed',
  // The customer's decision on a revised quote (or the return after 30 days without one).
  decision: 'Decision on the revised quote',
  decision_reminder: 'Reminder: the revised quote awaits your decision',
  work_recorded: 'Repair work recorded',
};

/** A timeline entry in words: the status it moved the RMA to, or what happened. */
export function eventText(event: { status: string; kind: string }): string {
  if (event.status) return statusText(event.status);
  return EVENT_WORDS[event.kind] ?? statusText(event.kind.toUpperCase());
}

/** How the unit travels to the service center (the rma capability's shipping methods). */
const SHIPPING_WORDS: Record<string, string> = {
  label: 'Prepaid shipping label',
  qr: 'Drop-off at a retail shipping office',
  box: 'Box sent to the customer',
  international: 'International (arranged with support)',
};

export function shippingText(method: string): string {
  return SHIPPING_WORDS[method] ?? method;
}
