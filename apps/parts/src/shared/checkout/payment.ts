import type { PartsPaymentData, PaymentMethod, PaymentOptions, POFile } from '@portal/api-client';
import { compact, maxLength, messages, required, validate, type FieldErrors } from '@portal/forms';

/** What the payment section collects (spec §5 PO payment). */
export interface PaymentValues {
  method: PaymentMethod | '';
  poNumber: string;
  /** Asked only when the payment options say poReleaseRequired. */
  poRelease: string;
  poFile: POFile | null;
}

export type PaymentField = 'method' | 'poNumber' | 'poRelease' | 'poFile';

export const emptyPayment: PaymentValues = { method: '', poNumber: '', poRelease: '', poFile: null };

/** PayPal is shown as Credit Card. */
export const METHOD_LABELS: Record<PaymentMethod, string> = { PayPal: 'Credit Card', PO: 'PO' };

/** customerPO is at most 35 characters, release included (`<PO>-<release>`). */
export const CUSTOMER_PO_MAX = 35;
const RELEASE = /^\d{4,5}$/;

/** PO for holders of the PO permission, card otherwise (spec §5): the options say which. */
export function defaultMethod(options: PaymentOptions): PaymentMethod {
  return options.methods.includes(options.defaultMethod) ? options.defaultMethod : (options.methods[0] ?? 'PayPal');
}

export function poNumberMax(options: Pick<PaymentOptions, 'poReleaseRequired'>): number {
  return options.poReleaseRequired ? CUSTOMER_PO_MAX - 6 : CUSTOMER_PO_MAX;
}

/** Spec §5 PO rules: PO number, release number where the domain needs one, the PO file ('Must Attach Files'). */
export function validatePayment(values: PaymentValues, options: PaymentOptions): FieldErrors<PaymentField> {
  if (values.method === '' || !options.methods.includes(values.method)) return { method: messages.required };
  if (values.method !== 'PO') return {};
  return compact<PaymentField>({
    poNumber: validate(values.poNumber, [required, maxLength(poNumberMax(options))]),
    poRelease: options.poReleaseRequired
      ? validate(values.poRelease.trim(), [required, (v) => (RELEASE.test(v) ? undefined : messages.poReleaseDigits)])
      : undefined,
    poFile: values.poFile ? undefined : messages.mustAttachFiles,
  });
}

/** The order's paymentData; the amount is never sent. */
export function toPaymentData(values: PaymentValues, options: PaymentOptions): PartsPaymentData {
  if (values.method !== 'PO') return { paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '' };
  const po = values.poNumber.trim();
  return {
    paymentMethod: 'PO',
    customerPO: options.poReleaseRequired ? `${po}-${values.poRelease.trim()}` : po,
    customerPOFileId: values.poFile?.fileId ?? '',
  };
}

const PAYMENT_PATHS: Record<string, PaymentField> = {
  'paymentData.paymentMethod': 'method',
  'paymentData.customerPO': 'poNumber',
  'paymentData.poRelease': 'poRelease',
  'paymentData.customerPOFileId': 'poFile',
};

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
    else if (PAYMENT_PATHS[path]) sorted.payment[PAYMENT_PATHS[path]] = message;
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
};
