// The batch service's shapes (issue 30, process `batch`, paths under /rma-manager/batches), as
// the server writes them: money is a decimal string ("260.10"), dates are RFC 3339.
import type { RmaAddress, RmaContact } from '../repair/types';

/** One unit of a batch as the customer wrote it (a file's row, a pasted or scanned serial). */
export interface BatchRowInput {
  serial: string;
  fault: string;
  problem: string;
  notes: string;
  customerReference: string;
  assetTag: string;
  branch: string;
  /** The camera's data question (VERETOS units); null is unanswered. */
  hasData: boolean | null;
}

/** A row read from a file: `line` is the file's line (CSV) or sheet row (XLSX). */
export interface ParsedBatchRow extends BatchRowInput {
  line: number;
}

/** One reason a row cannot become an RMA, next to the field it concerns ('serial', 'fault', …). */
export interface BatchReason {
  field: string;
  message: string;
}

export type Entitlement = 'IN_WARRANTY' | 'OUT_OF_WARRANTY' | 'OVERRIDE';

/** The pre-flight's verdict on one row. */
export interface PreflightRow {
  /** The row's position in the rows sent, from 0. */
  index: number;
  serial: string;
  ok: boolean;
  reasons: BatchReason[];
  model: string | null;
  entitlement: Entitlement | null;
  /** An out-of-warranty row's price after the caller's discount, as "260.10"; null otherwise. */
  price: string | null;
}

export interface PreflightSummary {
  rows: number;
  ok: number;
  failed: number;
  inWarranty: number;
  outOfWarranty: number;
  override: number;
  /** The passing rows' prices summed ("0.00" when none). */
  total: string;
}

export interface Preflight {
  rows: PreflightRow[];
  summary: PreflightSummary;
}

export type BatchPackagingKind = 'OWN_BOXES' | 'REQUEST_BOXES';

export interface BatchPackagingInput {
  kind: BatchPackagingKind;
  /** 1..50, OWN_BOXES only. */
  unitsPerBox?: number;
}

/** How a batch's out-of-warranty rows are paid at submit: by PO, by card (PayPal) or saved. */
export type BatchSubmitMethod = 'PO' | 'PayPal' | 'SAVE';
/** How a saved batch quote is paid later. */
export type BatchPayMethod = 'PO' | 'PayPal';

export interface BatchPayment<M extends string = BatchPayMethod> {
  paymentMethod: M;
  /** `<PO>` or `<PO>-<release>`; '' for PayPal and SAVE. */
  customerPO: string;
  /** The uploaded PO document's fileId; '' for PayPal and SAVE. */
  customerPOFileId: string;
}

/** Body of POST /rma-manager/batches. */
export interface SubmitBatchBody {
  rows: BatchRowInput[];
  contact: RmaContact;
  address: RmaAddress;
  packaging: BatchPackagingInput;
  acknowledgeHddBackup: boolean;
  /** Required (true) only when a row is a camera with data. */
  acknowledgeClickWrapAgreement?: boolean;
  /** Required only when an out-of-warranty row passes. */
  paymentData?: BatchPayment<BatchSubmitMethod>;
}

export type BatchStatus = 'PROCESSING' | 'AWAITING_PAYMENT' | 'COMPLETED';
export type BatchRowStatus = 'PENDING' | 'AWAITING_PAYMENT' | 'CREATED' | 'FAILED' | 'REMOVED';
export type BatchQuoteStatus = 'open' | 'paid' | 'cancelled' | 'expired';

export interface BatchPackaging {
  kind: BatchPackagingKind;
  unitsPerBox: number | null;
  /** How many boxes the created rows fill (0 until they are assigned). */
  boxes: number;
}

export interface BatchPaymentState {
  quoteId: string;
  amount: string;
  status: BatchQuoteStatus;
  method: BatchPayMethod | null;
  customerPO: string | null;
  expiresAt: string;
}

export interface BatchSummary {
  rows: number;
  pending: number;
  awaitingPayment: number;
  created: number;
  failed: number;
  removed: number;
  total: string;
  /** Money paid for rows that could not become RMAs (support refunds it); null when nothing. */
  refundDue: string | null;
}

export interface BatchRow {
  /** The row's position in the submitted rows, from 0 (pages show index + 1). */
  index: number;
  serial: string;
  model: string | null;
  entitlement: Entitlement | null;
  price: string | null;
  status: BatchRowStatus;
  rmaNumber: string | null;
  /** The created RMA's lifecycle status (AWAITING_UNIT, …). */
  rmaStatus: string | null;
  box: number | null;
  trackingNumber: string | null;
  reasons: BatchReason[];
}

/** A batch as its owner and their organization see it (GET /rma-manager/batches/{id}). */
export interface Batch {
  id: string;
  createdAt: string;
  createdBy: string;
  /** False for a colleague's batch: the page is read-only. */
  mine: boolean;
  status: BatchStatus;
  contact: RmaContact;
  address: RmaAddress;
  packaging: BatchPackaging;
  payment: BatchPaymentState | null;
  summary: BatchSummary;
  rows: BatchRow[];
  /** Set once the labels and packing lists exist. */
  documents: { url: string } | null;
  /** Why a finished batch has no labels and packing lists (they were given up on); null otherwise. */
  documentsError: string | null;
  resultCsvUrl: string;
}

/** The answer of submit, pay, confirm and remove-row. */
export interface BatchResult {
  batch: Batch;
  /** PayPal's approve link when the customer pays by card; null otherwise. */
  paymentUrl: string | null;
}

/** One line of the batches list. */
export interface BatchListItem {
  id: string;
  createdAt: string;
  createdBy: string;
  mine: boolean;
  status: BatchStatus;
  rows: number;
  created: number;
  failed: number;
  total: string;
}

export interface BatchPage {
  items: BatchListItem[];
  hasNext: boolean;
  endCursor: string;
}

/** Progress of a batch as the events stream tells it. */
export interface BatchProgress {
  status: BatchStatus;
  rows: number;
  done: number;
  created: number;
  failed: number;
  pending: number;
}
