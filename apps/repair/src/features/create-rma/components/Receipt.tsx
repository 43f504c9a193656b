import type { PaymentReceipt } from '@portal/api-client';
import { Facts, SummaryCard } from '@portal/forms/units';
import { receiptRows } from '../model/receipt';

/** What was paid for the RMA, how, and the reference to quote about it (the e-mail says the same). */
export function Receipt({ receipt }: { receipt: PaymentReceipt }) {
  return (
    <SummaryCard title="Payment Receipt">
      <Facts rows={receiptRows(receipt)} />
    </SummaryCard>
  );
}
