import type { AddressValues, ContactValues } from '@portal/forms';
import type { PackagingChoice } from './packaging';
import type { ProblemValues } from './problem';
import type { SavedQuote } from './quote';

/**
 * Where the payment of an out-of-warranty RMA stands on the confirm step:
 * - redirecting: on the way to the provider's page;
 * - processing: back with the provider's token (or paid by PO), settling and releasing the RMA;
 * - cancelling: back from a cancelled payment, or the customer pressed Cancel RMA;
 * - failed: the payment was declined or could not be confirmed; Try Again or Cancel RMA.
 */
export type PaymentPhase =
  | { kind: 'none' }
  | { kind: 'redirecting' }
  | { kind: 'processing'; rmaNumber: string }
  | { kind: 'cancelling'; rmaNumber: string }
  | { kind: 'failed'; rmaNumber: string; message: string; paymentUrl: string };

/** What the provider's return URL carries: `/create-rma/{serial}?rmaNumber=…[&token=…&PayerID=…][&cancelled=1]`. */
export interface PaymentReturn {
  rmaNumber: string;
  token: string;
  cancelled: boolean;
}

export function readPaymentReturn(search: string): PaymentReturn | null {
  const params = new URLSearchParams(search);
  const rmaNumber = params.get('rmaNumber')?.trim() ?? '';
  if (!rmaNumber) return null;
  return { rmaNumber, token: params.get('token')?.trim() ?? '', cancelled: params.get('cancelled') === '1' };
}

/**
 * The flow as it was when the customer left for the provider, kept in sessionStorage by RMA
 * number so the summary and the label step can be shown on return. Passwords are left out: the
 * RMA already has them, and they must not sit in the browser's storage.
 */
export interface PaymentSnapshot {
  rmaNumber: string;
  quoteId: string;
  paymentUrl: string;
  serial: string;
  problem: ProblemValues;
  contact: ContactValues;
  address: AddressValues;
  packaging: PackagingChoice | '';
  quote: SavedQuote | null;
}

const KEY_PREFIX = 'portal.create-rma.payment.';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage disabled: the return still works, with an empty summary
  }
}

export function savePaymentSnapshot(snapshot: PaymentSnapshot): void {
  const safe: PaymentSnapshot = { ...snapshot, problem: { ...snapshot.problem, userPassword: '', biosPassword: '' } };
  try {
    storage()?.setItem(KEY_PREFIX + snapshot.rmaNumber, JSON.stringify(safe));
  } catch {
    // Quota or privacy mode: nothing to keep; the return shows what the server answers.
  }
}

export function loadPaymentSnapshot(rmaNumber: string): PaymentSnapshot | null {
  try {
    const raw = storage()?.getItem(KEY_PREFIX + rmaNumber);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PaymentSnapshot>;
    return value && value.rmaNumber === rmaNumber && typeof value.serial === 'string' && value.problem && value.contact && value.address
      ? (value as PaymentSnapshot)
      : null;
  } catch {
    return null;
  }
}

export function clearPaymentSnapshot(rmaNumber: string): void {
  try {
    storage()?.removeItem(KEY_PREFIX + rmaNumber);
  } catch {
    // nothing stored
  }
}

/** Leaves the portal for a provider's page (functions of their own so tests can watch them). */
export const browser = {
  /** Opens the provider's page (PayPal's approve link). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Loads the page again (a page the Back button restored from the browser's cache). */
  reload(): void {
    window.location.reload();
  },
  /** Posts fields to the provider's page as a form would (Authorize.net's hosted form takes the token so). */
  post(url: string, fields: Record<string, string>): void {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = url;
    form.hidden = true;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
  },
};
