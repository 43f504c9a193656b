import type { AddressValues, ContactValues } from '@portal/forms';
import { readProviderReturn, type ProviderReturn } from '@portal/forms/payable';
import type { PackagingChoice } from './packaging';
import type { ProblemValues } from './problem';
import type { SavedQuote } from './quote';

/** The provider's return to a stepper page: `/create-rma/{serial}?rmaNumber=…[&token=…&PayerID=…][&cancelled=1]`. */
export function readPaymentReturn(search: string): ProviderReturn | null {
  return readProviderReturn(search, 'rmaNumber');
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

// The pay-quote pages and the tests reach the one browser object of the payable flow from here.
export { browser } from '@portal/forms/payable';
