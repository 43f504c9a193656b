import type { PartsOrderPayload, PartsPaymentData, PaymentOptions } from '@portal/api-client';
import {
  customerPO,
  sortFieldErrors,
  toAddressBody,
  toContactBody,
  type AddressField,
  type AddressValues,
  type ContactField,
  type ContactValues,
  type FieldErrors,
  type PaymentField,
  type PaymentValues,
} from '@portal/forms';
import { readProviderReturn, type ProviderReturn } from '@portal/forms/payable';
import { toOrderLines, type CartItem, type CartKind } from '../cart/model';

// The payment's values and rules (spec §5) are @portal/forms' (shared with the repair flows);
// what is the checkout's own: the order's paymentData, its field errors, the provider's return.

/** The order's paymentData; the amount is never sent. */
export function toPaymentData(values: PaymentValues, options: PaymentOptions): PartsPaymentData {
  if (values.method !== 'PO') return { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' };
  return { paymentMethod: 'PO', customerPO: customerPO(values, options), customerPOFileId: values.poFile?.fileId ?? '' };
}

/** The order's body without its paymentData, every string trimmed. */
export function buildPayload(kind: CartKind, items: readonly CartItem[], contact: ContactValues, address: AddressValues): Omit<PartsOrderPayload, 'paymentData'> {
  return {
    kind,
    lines: toOrderLines(kind, items),
    contact: toContactBody(contact),
    address: toAddressBody(address),
  };
}

/** The order answer's field errors, sorted onto the checkout's forms and lines. */
export interface CheckoutServerErrors {
  contact: FieldErrors<ContactField>;
  address: FieldErrors<AddressField>;
  payment: FieldErrors<PaymentField>;
  /** `lines.{i}` and `lines.{i}.serials` by line index. */
  lines: { index: number; message: string }[];
  /** Anything else, shown as it is. */
  other: string[];
}

export const noServerErrors: CheckoutServerErrors = { contact: {}, address: {}, payment: {}, lines: [], other: [] };

export function sortServerErrors(fields: Record<string, string>): CheckoutServerErrors {
  const { contact, address, payment, other } = sortFieldErrors(fields);
  const sorted: CheckoutServerErrors = { contact, address, payment, lines: [], other: [] };
  for (const [path, message] of Object.entries(other)) {
    const line = /^lines\.(\d+)(\..+)?$/.exec(path);
    if (line) sorted.lines.push({ index: Number(line[1]), message });
    else sorted.other.push(message);
  }
  sorted.lines.sort((a, b) => a.index - b.index);
  return sorted;
}

/** PayPal's return to a checkout: `?batch=PB-…[&token=…&PayerID=…][&cancelled=1]`. */
export function readPaymentReturn(search: string): ProviderReturn | null {
  return readProviderReturn(search, 'batch');
}

// The tests reach the one browser object of the payable flow from here.
export { browser } from '@portal/forms/payable';
