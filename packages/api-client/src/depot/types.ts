// The depot staff's API (/depot, process `depot`, api/depot): what technicians and leads do to a
// unit that reaches the service depot. Staff only: every customer is refused.

/** A stored condition photo: its bucketFileName is what a receipt's photos name. */
export interface UploadedPhoto {
  originalname: string;
  bucketFileName: string;
}

/** A scanned unit at the depot's door. */
export interface ReceiveInput {
  /** What the scanner read off the unit; it must be the RMA's serial. */
  serial: string;
  /** Upload ids (bucketFileName) of the condition photos: at least one. */
  photos: string[];
  notes?: string;
  /** Describes a unit that arrived with a number no RMA has: given, the unit is flagged for a lead. */
  unitWithoutRma?: string;
}

/** Covered work on a received unit: the work and at least one QA check, every one passed. */
export interface RepairInput {
  partsReplaced?: string;
  workPerformed: string;
  technicianNotes?: string;
  qa: { check: string; passed: boolean }[];
}

/** The RMA as the receipt (RECEIVED) or the repair (REPAIRING) left it. */
export interface ReceivedRma {
  rmaNumber: string;
  status: string;
}

/** The queue's filters and page: `q` is an RMA number or a serial, matched whole in any case. */
export interface QueueQuery {
  status?: string;
  model?: string;
  warrantyType?: string;
  q?: string;
  first?: number;
  after?: string;
}

export interface QueueItem {
  rmaNumber: string;
  serial: string;
  model: string;
  rmaType: string;
  status: string;
  warrantyType: string;
  customer: string;
  createdAt: string;
  /** When the depot received the unit; null before. */
  receivedAt: string | null;
  /** When the RMA's age counts from: its receipt, else its creation. */
  ageSince: string;
  /** The ship-back date promised the customer (YYYY-MM-DD); null until the unit is received. */
  promisedShipDate: string | null;
  breached: boolean;
}

/** One page of a depot list; `next` is the cursor of the following page, '' on the last. */
export interface DepotPage<T> {
  items: T[];
  next: string;
}

export interface BacklogStatus {
  status: string;
  count: number;
  oldestCreatedAt: string;
  /** Of count, the RMAs past their promised ship-back date. */
  breached: number;
}

/** A unit flagged for a lead instead of received: another serial than the RMA's, or no RMA. */
export interface DepotFlag {
  kind: 'SERIAL_MISMATCH' | 'UNIT_WITHOUT_RMA';
  rmaNumber: string;
  serial: string;
  expectedSerial: string;
  detail: string;
  actor: string;
  at: string;
}

/** One staff action: who, when, on which RMA, the status before and after, and what was done. */
export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  actorEmail: string;
  action: string;
  /** The RMA of an RMA's action; '' for a parts order's. */
  rmaNumber: string;
  /** The parts order (PB-…) of an order's action; '' for an RMA's. */
  orderNumber: string;
  from: string;
  to: string;
  detail: string;
}

/** A unit on its way back: the return label's documents belong to the RMA's customer. */
export interface ShippedRma {
  rmaNumber: string;
  status: string;
  returnTrackingNumber: string;
  labelId: string;
  /** '' when the way back stays in one country. */
  invoiceId: string;
}

/** A parts order's shipment as staff record it. */
export interface ShipPartsOrderInput {
  carrier: string;
  trackingNumber: string;
}

/** A parts order the depot shipped. */
export interface ShippedPartsOrder {
  rmaBatchId: string;
  status: string;
  carrier: string;
  trackingNumber: string;
  /** RFC 3339. */
  shippedAt: string;
}

/** A paid parts order waiting to ship, as staff pack it (GET /depot/parts-orders). */
export interface AwaitingPartsOrder {
  rmaBatchId: string;
  kind: 'parts' | 'video';
  customer: string;
  company: string;
  createdAt: string;
  total: { cents: number; currency: string };
  /** The address's city, state and country. */
  shipTo: string;
  lines: { partNumber: string; description: string; quantity: number }[];
}

/** What staff may do next to an RMA (GET /depot/rmas/{number} `moves`). */
export type DepotMove = 'receive' | 'diagnose' | 'repair' | 'ship';

/** One entry of an RMA's timeline: every staff move, e-mail and the customer's decisions. */
export interface DepotTimelineEvent {
  at: string;
  kind: string;
  status: string;
  actor: string;
  detail: string;
}

/** A finding's kind: liquid and physical damage remove warranty cover. */
export type DepotFindingCode = 'LIQUID_DAMAGE' | 'PHYSICAL_DAMAGE' | 'COMPONENT_FAILURE' | 'WEAR' | 'NO_FAULT_FOUND' | 'OTHER';

/** A line the technician quotes: a repair option of the unit's model or a part, priced by the server. */
export interface DepotLineItemInput {
  kind: 'REPAIR_OPTION' | 'PART';
  /** The repair option's name for the unit's model, or the part number. */
  code: string;
  quantity: number;
}

/** POST /depot/rmas/{number}/diagnosis: what the technician found, with photos, and the work it needs. */
export interface DiagnosisInput {
  /** 1 to 10; a finding that removes cover needs at least 2 photos (bucketFileNames from uploadPhotos). */
  findings: { code: DepotFindingCode; description: string; photos: string[] }[];
  technicianNote?: string;
  /** 0 to 30. */
  lineItems: DepotLineItemInput[];
}

/** The diagnosis's outcome: the work is covered (DIAGNOSING), or the customer gets a revised quote (QUOTE_PENDING). */
export interface DiagnosedRma {
  rmaNumber: string;
  status: 'DIAGNOSING' | 'QUOTE_PENDING';
  outcome: 'COVERED' | 'REVISED_QUOTE';
  quoteId: string | null;
  /** Two decimals, USD; null when covered. */
  amountDue: string | null;
}

/** A diagnosis as staff read it: its photos' urls are /depot/photos/{id}, fetched with the token. */
export interface DepotDiagnosis {
  at: string;
  outcome: 'COVERED' | 'REVISED_QUOTE';
  findings: {
    code: DepotFindingCode;
    label: string;
    description: string;
    removesCover: boolean;
    photos: { id: string; url: string }[];
  }[];
  technicianNote: string;
  lineItems: { kind: string; code: string; description: string; quantity: number; unitPrice: string; amount: string }[];
  total: string;
  alreadyPaid: string;
  amountDue: string;
  quoteId: string | null;
  choices: { choice: string; price: string }[];
  decideBy: string | null;
  decision: { choice: string; at: string; paymentMethod: string | null; paid: boolean } | null;
}

/** GET /depot/rmas/{number}: the RMA as staff need it on its work page. */
export interface DepotRma {
  rmaNumber: string;
  serial: string;
  model: string;
  rmaType: string;
  status: string;
  warrantyType: string;
  customer: string;
  company: string;
  createdAt: string;
  receivedAt: string | null;
  /** YYYY-MM-DD; null until the unit is received. */
  promisedShipDate: string | null;
  returnTrackingNumber: string;
  problem: { fault: string; problem: string; notes: string };
  receipt: { photos: { id: string }[]; notes: string; at: string } | null;
  diagnosis: DepotDiagnosis | null;
  repair: { partsReplaced: string; workPerformed: string; qa: { check: string; passed: boolean }[]; at: string } | null;
  timeline: DepotTimelineEvent[];
  moves: DepotMove[];
}

/** How long units stayed at the depot (receipt to shipment back), in days with one decimal. */
export interface TurnaroundSpread {
  /** Absent where the group does not split by model. */
  model?: string;
  /** Absent where the group does not split by warranty type. */
  warrantyType?: string;
  count: number;
  p50Days: number;
  p90Days: number;
}

/** GET /depot/turnaround: the repairs shipped back in the last `days`, overall and per group. */
export interface TurnaroundReport {
  since: string;
  days: number;
  overall: TurnaroundSpread;
  byModel: TurnaroundSpread[];
  byWarrantyType: TurnaroundSpread[];
  /** Per model and warranty type. */
  rows: TurnaroundSpread[];
}
