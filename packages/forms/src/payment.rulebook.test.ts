import type { PaymentOptions, POFile } from '@portal/api-client';
import { runRule } from '@portal/rulebook';
import { validatePayment } from './payment';

// The rulebook's purchase order (packages/rulebook/vectors), which api/payments PORules.Validate
// applies on the server with the same vectors.

interface PurchaseOrder {
  poNumber: string;
  poRelease: string;
  releaseRequired: boolean;
  hasFile: boolean;
}

const file: POFile = { fileId: 'po/2026/01/a.pdf', originalname: 'po.pdf' };

runRule<PurchaseOrder, Record<string, string>>('purchase-order', ({ poNumber, poRelease, releaseRequired, hasFile }) => {
  const options: PaymentOptions = { methods: ['PayPal', 'PO'], defaultMethod: 'PO', poReleaseRequired: releaseRequired, discountPercent: 0 };
  return validatePayment({ method: 'PO', poNumber, poRelease, poFile: hasFile ? file : null }, options);
});
