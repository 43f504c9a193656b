import type { BatchSubmitMethod, PaymentOptions, SubmitBatchBody } from '@portal/api-client';
import { customerPO, toAddressBody, toContactBody } from '@portal/forms';
import type { BatchPageState } from './machine';
import { toPackagingBody } from './packaging';
import { rowsWithData, toRowInput } from './rows';

/** How the batch's out-of-warranty rows are paid: the payment step's method, or saved as one quote. */
export type SubmitChoice = BatchSubmitMethod;

/**
 * The submit body (POST /rma-manager/batches) of the page's state: every row as it stands (the
 * server checks them again), the one contact, address and packaging, the acknowledgements given
 * once for the batch and, when rows are paid, the payment. The amount is never sent: the server
 * prices the rows itself.
 */
export function buildSubmitBody(state: BatchPageState, choice: SubmitChoice | null, options: PaymentOptions | null): SubmitBatchBody {
  const po = choice === 'PO';
  return {
    rows: state.rows.map(toRowInput),
    contact: toContactBody(state.contact),
    address: toAddressBody(state.address),
    packaging: toPackagingBody(state.packaging),
    acknowledgeHddBackup: state.acknowledgeHddBackup,
    acknowledgeClickWrapAgreement: rowsWithData(state.rows) > 0 && state.acknowledgeClickWrapAgreement,
    ...(choice
      ? {
          paymentData: {
            paymentMethod: choice,
            customerPO: po && options ? customerPO(state.payment, options) : '',
            customerPOFileId: po ? (state.payment.poFile?.fileId ?? '') : '',
          },
        }
      : {}),
  };
}
