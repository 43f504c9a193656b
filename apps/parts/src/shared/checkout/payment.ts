import type { PartsPaymentData, PaymentOptions } from '@portal/api-client';
import { PAYMENT_FIELD_PATHS, customerPO, type FieldErrors, type PaymentField, type PaymentValues } from '@portal/forms';

// The payment's values and rules (spec §5) are @portal/forms' (shared with the repair flows);
// what is the checkout's own: the order's paymentData, its field errors, the provider's return.

/** The order's paymentData; the amount is never sent. */
export function toPaymentData(values: PaymentValues, options: PaymentOptions): PartsPaymentData {
  if (values.method !== 'PO') return { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' };
  return { paymentMethod: 'PO', customerPO: customerPO(values, options), customerPOFileId: values.poFile?.fileId ?? '' };
}

/** The order answer's field errors, sorted onto the checkout's forms and lines. */
export interface CheckoutServerErrors {
  contact: Record<string, string>;
  address: Record<string, string>;
  payment: FieldErrors<PaymentField>;
  /** `lines.{i}` and `lines.{i}.serials` by line index. */
  lines: { index: number; message: string }[];
  /** Anything else, shown as it is. */
  other: string[];
}

export const noServerErrors: CheckoutServerErrors = { contact: {}, address: {}, payment: {}, lines: [], other: [] };

export function sortServerErrors(fields: Record<string, string>): CheckoutServerErrors {
  const sorted: CheckoutServerErrors = { contact: {}, address: {}, payment: {}, lines: [], other: [] };
  for (const [path, message] of Object.entries(fields)) {
    const [head, ...rest] = path.split('.');
    const line = /^lines\.(\d+)(\..+)?$/.exec(path);
    if (line) sorted.lines.push({ index: Number(line[1]), message });
    else if (head === 'contact' && rest.length > 0) sorted.contact[rest.join('.')] = message;
    else if (head === 'address' && rest.length > 0) sorted.address[rest.join('.')] = message;
    else if (PAYMENT_FIELD_PATHS[path]) sorted.payment[PAYMENT_FIELD_PATHS[path]] = message;
    else sorted.other.push(message);
  }
  sorted.lines.sort((a, b) => a.index - b.index);
  return sorted;
}

/** What PayPal's return URL carries: `?batch=PB-…[&token=…&PayerID=…][&cancelled=1]`. */
export interface PaymentReturn {
  rmaBatchId: string;
  token: string;
  cancelled: boolean;
}

export function readPaymentReturn(search: string): PaymentReturn | null {
  const params = new URLSearchParams(search);
  const rmaBatchId = params.get('batch')?.trim() ?? '';
  if (!rmaBatchId) return null;
  return { rmaBatchId, token: params.get('token')?.trim() ?? '', cancelled: params.get('cancelled') === '1' };
}

/** Leaves the portal for the provider's page (a function of its own, so tests can watch it). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Loads the page again (a page the Back button restored from the browser's cache). */
  reload(): void {
    window.location.reload();
  },
};
