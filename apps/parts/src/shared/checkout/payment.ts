import type { PartsOrderPayload, PartsPaymentData, PaymentOptions } from '@portal/api-client';
import {
  PAYMENT_FIELD_PATHS,
  customerPO,
  toNationalDigits,
  type AddressValues,
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

const t = (value: string) => value.trim();

/** The order's body without its paymentData, every string trimmed. */
export function buildPayload(kind: CartKind, items: readonly CartItem[], contact: ContactValues, address: AddressValues): Omit<PartsOrderPayload, 'paymentData'> {
  return {
    kind,
    lines: toOrderLines(kind, items),
    contact: {
      firstName: t(contact.firstName),
      lastName: t(contact.lastName),
      email: t(contact.email),
      phone: toNationalDigits(contact.phone),
      phoneCountryCode: contact.phoneCountryCode,
      company: t(contact.company),
      position: t(contact.position),
    },
    address: {
      line1: t(address.line1),
      line2: t(address.line2),
      city: t(address.city),
      state: t(address.state),
      country: t(address.country),
      postalCode: t(address.postalCode),
    },
  };
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

/** PayPal's return to a checkout: `?batch=PB-…[&token=…&PayerID=…][&cancelled=1]`. */
export function readPaymentReturn(search: string): ProviderReturn | null {
  return readProviderReturn(search, 'batch');
}

// The tests reach the one browser object of the payable flow from here.
export { browser } from '@portal/forms/payable';
