import type { PartsOrder, PartsOrderStatus } from '../parts/types';
import type { DecisionChoice, DecisionPaymentMethod, Money, SavedQuoteData } from '../repair/types';

// ---- RMA history (GraphQL RMAsConnection for the table, REST for the CSV) ----------------------

/** Columns the history can be sorted by (GraphQL RMASortField). */
export type RmaSortField = 'CREATED_AT' | 'UPDATED_AT' | 'RMA_NUMBER' | 'STATUS' | 'SERIAL' | 'MODEL';

export interface RmaSort {
  field: RmaSortField;
  desc: boolean;
}

/** The history filter (spec §3): text over number, serial, model, reference and asset tag; years and months. */
export interface RmaSearch {
  text?: string;
  years?: number[];
  months?: number[];
  statuses?: string[];
}

/** Relay cursor paging: `first`/`after` forwards, `last`/`before` backwards. */
export interface KeysetPage {
  first?: number;
  after?: string;
  last?: number;
  before?: string;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: PageInfo;
  totalCount: number;
}

/** One row of the history: the caller's RMA, or (mine false) one of their organization's. */
export interface RmaHistoryItem {
  uid: string;
  rmaNumber: string;
  rmaType: string;
  status: string;
  serial: string;
  model: string;
  problem: string;
  customerReference: string;
  assetTag: string;
  /** The contact's first and last name. */
  openedBy: string;
  mine: boolean;
  /** The fleet batch the RMA was created in ('BT-…', its page /your-account/batches/{id}); null for one opened on its own. */
  batchId: string | null;
  /** RFC 3339 times. */
  createdAt: string;
  updatedAt: string;
}

/** What the CSV download filters by: the table's search and sort, as REST parameters. */
export interface HistoryDownload {
  search: RmaSearch;
  sort: RmaSort;
}

// ---- RMA details and repair summary -------------------------------------------------------------

export interface RmaTimelineEvent {
  /** RFC 3339. */
  at: string;
  status: string;
  kind: string;
  /** 'You', an organization member's name, 'Service center' or 'Portal'. */
  actor: string;
  note: string;
}

export interface RmaDetails {
  uid: string;
  rmaNumber: string;
  rmaType: string;
  status: string;
  mine: boolean;
  openedBy: string;
  serial: string;
  model: string;
  partNumber: string;
  problem: {
    primaryFault: string;
    problem: string;
    initialNotes: string;
    customerReference: string;
    assetTag: string;
  };
  contact: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    phoneCountryCode: string;
    company: string;
    position: string;
  };
  address: { line1: string; line2: string; city: string; state: string; country: string; postalCode: string };
  shippingMethod: string;
  trackingNumber: string;
  returnTrackingNumber: string;
  /** API paths of the label and commercial invoice, null once the label expired (30 days). */
  label: string | null;
  commercialInvoice: string | null;
  labelExpiresAt: string | null;
  /**
   * The date the depot promises to ship the unit back (YYYY-MM-DD, the depot's calendar day),
   * null until the unit is received. Its changes are timeline events of kind 'promise'.
   */
  promisedShipDate: string | null;
  /** The fleet batch the RMA was created in ('BT-…'); null for one opened on its own. Its shippingMethod is then 'batch'. */
  batchId: string | null;
  /** The batch's box the unit ships in (from 1), whose tracking number is trackingNumber; null until the batch assigns its boxes. */
  batchBox: number | null;
  createdAt: string;
  updatedAt: string;
  /** Oldest first. */
  timeline: RmaTimelineEvent[];
  /** What the depot found on inspection and what it costs; null until the unit is diagnosed. */
  diagnosis: RmaDiagnosis | null;
}

// ---- Diagnosis and the customer's decision -------------------------------------------------------

/** What a technician found (the depot's finding codes); LIQUID_DAMAGE and PHYSICAL_DAMAGE remove warranty cover. */
export type FindingCode = 'LIQUID_DAMAGE' | 'PHYSICAL_DAMAGE' | 'COMPONENT_FAILURE' | 'WEAR' | 'NO_FAULT_FOUND' | 'OTHER';

/** A photo of a finding; url is the API path that answers its bytes to the RMA's owner. */
export interface DiagnosisPhoto {
  id: string;
  url: string;
}

export interface DiagnosisFinding {
  code: FindingCode;
  /** The code in words ('Liquid damage'). */
  label: string;
  description: string;
  removesCover: boolean;
  photos: DiagnosisPhoto[];
}

/** A priced line of the diagnosis: a repair option of the unit's model or a catalogue part, priced by the server. */
export interface DiagnosisLineItem {
  kind: 'REPAIR_OPTION' | 'PART';
  code: string;
  description: string;
  quantity: number;
  /** Money strings: USD with two decimals ('40.00'). */
  unitPrice: string;
  amount: string;
}

export interface DiagnosisDecision {
  choice: DecisionChoice;
  at: string;
  paymentMethod: DecisionPaymentMethod | null;
  paid: boolean;
}

/**
 * The diagnosis as the details answer it. COVERED: the repair goes ahead at no further cost;
 * REVISED_QUOTE: the customer decides among `choices` (empty when COVERED) by `decideBy`.
 */
export interface RmaDiagnosis {
  at: string;
  outcome: 'COVERED' | 'REVISED_QUOTE';
  findings: DiagnosisFinding[];
  technicianNote: string;
  lineItems: DiagnosisLineItem[];
  total: string;
  alreadyPaid: string;
  amountDue: string;
  quoteId: string | null;
  choices: { choice: DecisionChoice; price: string }[];
  /** 30 days after the quote: an undecided RMA then returns unrepaired on its own. */
  decideBy: string | null;
  decision: DiagnosisDecision | null;
}

export interface RepairWork {
  at: string;
  status: string;
  partsReplaced: string;
  workPerformed: string;
  technicianNotes: string;
}

export interface RepairSummary {
  rmaNumber: string;
  serial: string;
  model: string;
  rmaType: string;
  status: string;
  primaryFault: string;
  problem: string;
  receivedAt: string | null;
  shippedAt: string | null;
  returnTrackingNumber: string;
  work: RepairWork[];
}

// ---- Saved and service quotes (GraphQL savedQuoteConnection) ------------------------------------

export type QuoteConnectionKind = 'SAVED' | 'SERVICE';
export type QuoteSortField = 'CREATED_AT' | 'EXPIRES_AT' | 'AMOUNT';

export interface QuoteSort {
  field: QuoteSortField;
  desc: boolean;
}

export interface QuoteSearch {
  text?: string;
  kinds?: QuoteConnectionKind[];
  statuses?: string[];
}

/** A quote as the connection lists it; quoteData is the spec §3 saved quote, parsed. */
export interface AccountQuote {
  uid: string;
  kind: QuoteConnectionKind;
  status: string;
  serial: string;
  model: string;
  rmaNumber: string | null;
  amount: Money;
  createdAt: string;
  expiresAt: string;
  mine: boolean;
  /** The pay-quote path of a service quote; null for a saved quote. */
  payLink: string | null;
  /** Null when the server's JSON could not be read as a saved quote. */
  quoteData: SavedQuoteData | null;
  /** Why the saved quote's unit would refuse the RMA it opens into now; null when it would not (and for a service quote). */
  unitBlock: UnitBlock | null;
}

/** Why a unit takes no new RMA now (GraphQL UnitBlock). */
export type UnitBlock = 'OPEN_RMA' | 'END_OF_SERVICE' | 'HELPDESK_ONLY';

// ---- Parts orders (GraphQL partsOrderBatchConnection) --------------------------------------------

/** Columns the parts orders can be sorted by (GraphQL PartsOrderSortField); the rmaBatchId breaks ties. */
export type PartsOrderSortField = 'CREATED_AT' | 'TOTAL';

export interface PartsOrderSort {
  field: PartsOrderSortField;
  desc: boolean;
}

/** What the parts orders list: text in the rmaBatchId, customer PO, a line's part number, description or serial; statuses (all when empty). */
export interface PartsOrderSearch {
  text?: string;
  statuses?: PartsOrderStatus[];
}

/**
 * One parts order (a batch) as the history lists it (partsOrderBatchConnection's node): the
 * order of parts/types.ts without contact and address, with its item count. The viewer's, or
 * (mine false) one of their organization's; rmaBatchId is the client cache key.
 */
export interface PartsOrderBatch extends Omit<PartsOrder, 'contact' | 'address'> {
  itemCount: number;
}

// ---- Dashboard -----------------------------------------------------------------------------------

export interface MonthMoney {
  month: string;
  amount: Money;
}

/** GET /gss-dashboard/summary: the caller's (and organization's) last 24 months. */
export interface DashboardSummary {
  rmasByStatus: { status: string; count: number }[];
  /** Months as '2026-03'. */
  rmasByMonth: { month: string; repair: number; recycle: number }[];
  turnaround: { closed: number; averageDays: number; medianDays: number; byMonth: { month: string; averageDays: number }[] };
  unitsByWarranty: { inWarranty: number; outOfWarranty: number; endOfService: number };
  spend: { total: Money; byMonth: MonthMoney[] };
  openRmas: number;
}

/** The `rma-status` event of the dashboard stream. */
export interface RmaStatusEvent {
  rmaNumber: string;
  uid: string;
  status: string;
  at: string;
}
