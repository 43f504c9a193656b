import type { PaymentReceipt } from '@portal/api-client';
import { formatDateTime, formatMoney } from '@portal/ui';

/** Spec §9: PayPal is shown as Credit Card; Authorize.net's hosted form takes cards too. */
const METHOD_NAMES: Record<string, string> = { PayPal: 'Credit Card', AuthorizeNet: 'Credit Card', PO: 'PO' };

/** A receipt's rows as the label step lists them. */
export function receiptRows(receipt: PaymentReceipt): [string, string][] {
  return [
    ['Amount Paid', formatMoney(receipt.amount)],
    ['Payment Method', METHOD_NAMES[receipt.method] ?? receipt.method],
    [receipt.method === 'PO' ? 'PO Number' : 'Payment Reference', receipt.reference],
    ['Paid', receipt.paidAt ? formatDateTime(receipt.paidAt) : ''],
  ];
}
