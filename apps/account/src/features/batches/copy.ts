import type { BatchRowStatus, BatchStatus, Entitlement } from '@portal/api-client';

/** The words of the account's batch pages (issue 30). */
export const BATCH_COPY = {
  listTitle: 'Your batches',
  listLoading: 'Loading your batches…',
  listFailed: 'Your batches could not be loaded.',
  none: 'You have no batches yet. A batch creates many RMAs at once.',
  createBatch: 'Create a batch',
  you: 'You',
  organization: 'Organization',
  loading: 'Loading the batch…',
  failed: 'The batch could not be loaded.',
  notFound: 'Batch not found',
  title: (id: string) => `Batch ${id}`,
  readOnly: (name: string) => `Submitted by ${name}. Only the person who submitted this batch can change it.`,
  progressLabel: 'RMAs created',
  progress: (done: number, rows: number) => `${done} of ${rows} rows done`,
  progressLost: 'The progress could not be followed. Reload the page to see where the batch is.',
  downloadsHeading: 'Downloads',
  documents: 'Labels and packing lists (PDF)',
  documentsMaking: 'The labels and packing lists are being made; they appear here in a moment.',
  documentsLater: 'The labels and packing lists are made once every unit of the batch has its RMA.',
  resultCsv: 'Result (CSV)',
  downloadFailed: 'The file could not be downloaded. Please try again.',
  rowsHeading: 'Rows',
  paymentHeading: 'Payment',
  total: (amount: string) => `Total to pay: ${amount}`,
  quoteExpires: (quoteId: string, date: string) => `Quote ${quoteId}, open until ${date}.`,
  paidBy: (method: string) => `Paid by ${method}.`,
  quoteExpired: 'The quote expired before it was paid.',
  pay: 'Pay',
  paying: 'Paying…',
  leaving: 'Taking you to the card payment page…',
  payFailed: 'The payment could not be made. Please try again.',
  cardNext: 'Pay takes you to our card payment provider. Once the payment is approved, the RMAs are created.',
  poReleaseHint: 'The 4 or 5 digit release number of your PO; it is sent as PO-release.',
  poFileHelp: 'A PDF or image (PNG, JPEG, TIFF) of the purchase order, up to 10 MB. It is uploaded as soon as you choose it.',
  poFileAttached: (name: string) => `Attached: ${name}`,
  paymentOptionsLoading: 'Loading the payment options…',
  paymentOptionsFailed: 'The payment options could not be loaded.',
  remove: (row: number) => `Remove row ${row}`,
  removeTitle: (row: number, serial: string) => `Remove row ${row} (${serial})?`,
  removeBody: 'No RMA is created for this unit, and the quote is issued again for the rows that remain.',
  removeConfirm: 'Remove the row',
  removeCancel: 'Keep it',
  removeFailed: 'The row could not be removed. Please try again.',
  confirming: 'Confirming your card payment…',
  confirmed: 'Your card payment is complete. The RMAs are being created.',
  confirmFailed: 'The card payment could not be confirmed. Please try again.',
  cancelled: 'The card payment was cancelled and nothing was charged. The quote stays open: pay it below when you are ready.',
  previousPage: 'Previous page',
  nextPage: 'Next page',
} as const;

export const BATCH_STATUS_WORDS: Record<BatchStatus, string> = {
  PROCESSING: 'Creating RMAs',
  AWAITING_PAYMENT: 'Awaiting payment',
  COMPLETED: 'Completed',
};

export const ROW_STATUS_WORDS: Record<BatchRowStatus, string> = {
  PENDING: 'Being created',
  AWAITING_PAYMENT: 'Awaiting payment',
  CREATED: 'RMA created',
  FAILED: 'Failed',
  REMOVED: 'Removed',
};

export const ENTITLEMENT_WORDS: Record<Entitlement, string> = {
  IN_WARRANTY: 'In warranty',
  OUT_OF_WARRANTY: 'Out of warranty',
  OVERRIDE: 'Out of warranty (override)',
};
