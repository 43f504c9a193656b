import type { Money, PaymentData, PaymentOptions } from '@portal/api-client';
import { customerPO, type PaymentValues } from '@portal/forms';
import { discounted } from './price';

// The payment's values and rules (spec §5) are @portal/forms' (shared with the parts checkouts);
// what is the repair flows' own: their paymentData, Save Quote's, and the total they show.

/** The create/oow paymentData of a payment; the amount is the server's. */
export function toPaymentData(values: PaymentValues, options: PaymentOptions, quoteId = ''): PaymentData {
  const po = values.method === 'PO';
  return {
    paymentMethod: values.method,
    customerPO: po ? customerPO(values, options) : '',
    customerPOFileId: po ? (values.poFile?.fileId ?? '') : '',
    save: false,
    quoteId,
  };
}

/** paymentData of Save Quote: no method, nothing of the PO (spec §4). */
export function saveQuotePaymentData(): PaymentData {
  return { paymentMethod: '', customerPO: '', customerPOFileId: '', save: true, quoteId: '' };
}

/**
 * What the repair costs: a saved quote's total as the server priced it, else the option's price
 * less the discount the server applies (the same rule, model/price.ts).
 */
export function paymentTotal(price: Money | null, discountPercent: number, quoteTotal?: Money | null): Money | null {
  if (quoteTotal) return quoteTotal;
  return price ? discounted(price, discountPercent) : null;
}
