import type { PaymentMethod, PaymentOptions, POFile } from '@portal/api-client';
import { compact, type FieldErrors } from './fieldErrors';
import { messages } from './messages';
import { maxLength, required, validate } from './rules';

/**
 * The payment a checkout collects (spec §5 PO payment), shared by the repair flows (create-rma,
 * confirm-quote, upgrade-device) and the parts checkouts: the method, and for a PO its number,
 * release number and file. The server applies the same rules with the same messages.
 */
export interface PaymentValues {
  method: PaymentMethod | '';
  poNumber: string;
  /** The release number, asked only when the options say poReleaseRequired. */
  poRelease: string;
  /** The uploaded purchase-order document. */
  poFile: POFile | null;
}

export type PaymentField = 'method' | 'poNumber' | 'poRelease' | 'poFile';

export const emptyPayment: PaymentValues = { method: '', poNumber: '', poRelease: '', poFile: null };

/** How each method is shown (spec §9: PayPal is shown as Credit Card). */
export const METHOD_LABELS: Record<PaymentMethod, string> = { PayPal: 'Credit Card', PO: 'PO' };

/** customerPO is at most 35 characters (the API: 'Must be less than 36 characters'). */
export const CUSTOMER_PO_MAX = 35;
const RELEASE = /^\d{4,5}$/;

/** The method a payment starts with: PO for holders of the PO permission, card otherwise (spec §5). */
export function defaultMethod(options: PaymentOptions): PaymentMethod {
  return options.methods.includes(options.defaultMethod) ? options.defaultMethod : (options.methods[0] ?? 'PayPal');
}

/** The PO number's own limit: with a release, `<PO>-<release>` must still fit in 35 characters. */
export function poNumberMax(options: Pick<PaymentOptions, 'poReleaseRequired'>): number {
  return options.poReleaseRequired ? CUSTOMER_PO_MAX - 6 : CUSTOMER_PO_MAX;
}

/** Spec §5 PO payment rules, as the API applies them; a card payment has nothing to check here. */
export function validatePayment(values: PaymentValues, options: PaymentOptions): FieldErrors<PaymentField> {
  if (values.method === '' || !options.methods.includes(values.method)) return { method: messages.required };
  if (values.method !== 'PO') return {};
  return compact<PaymentField>({
    // Sent trimmed (customerPO), so its limit counts what is sent.
    poNumber: validate(values.poNumber.trim(), [required, maxLength(poNumberMax(options))]),
    poRelease: options.poReleaseRequired
      ? validate(values.poRelease.trim(), [required, (v) => (RELEASE.test(v) ? undefined : messages.poReleaseDigits)])
      : undefined,
    poFile: values.poFile ? undefined : messages.mustAttachFiles,
  });
}

/** customerPO as sent: `<PO>` or, when a release is required, `<PO>-<release>` (PO-release). */
export function customerPO(values: PaymentValues, options: Pick<PaymentOptions, 'poReleaseRequired'>): string {
  const po = values.poNumber.trim();
  return options.poReleaseRequired ? `${po}-${values.poRelease.trim()}` : po;
}

/** The payment fields of a server answer's field paths (`paymentData.*`). */
export const PAYMENT_FIELD_PATHS: Readonly<Record<string, PaymentField>> = {
  'paymentData.paymentMethod': 'method',
  'paymentData.customerPO': 'poNumber',
  'paymentData.poRelease': 'poRelease',
  'paymentData.customerPOFileId': 'poFile',
};

/** A 400 answer's paymentData field errors, on the payment's fields; other paths are left out. */
export function paymentServerErrors(fields: Record<string, string>): FieldErrors<PaymentField> {
  const errors: FieldErrors<PaymentField> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = PAYMENT_FIELD_PATHS[path];
    if (field) errors[field] = message;
  }
  return errors;
}
