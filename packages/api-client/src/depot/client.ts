import type { HttpClient } from '../client';
import type { UploadedPhoto } from './types';
import type { AuditEntry, BacklogStatus, DepotFlag, DepotPage, QueueItem, QueueQuery, ReceivedRma, ReceiveInput, RepairInput, ShippedRma } from './types';
import type { AwaitingPartsOrder, ShipPartsOrderInput, ShippedPartsOrder } from './types';
import type { DepotRma, DiagnosedRma, DiagnosisInput, TurnaroundReport } from './types';

export const DEPOT_QUEUE_PATH = '/depot/queue';
export const DEPOT_BACKLOG_PATH = '/depot/backlog';
export const DEPOT_AUDIT_PATH = '/depot/audit';
export const DEPOT_FLAGS_PATH = '/depot/flags';
export const DEPOT_PHOTOS_PATH = '/depot/photos';
export const DEPOT_PARTS_ORDERS_PATH = '/depot/parts-orders';
export const DEPOT_TURNAROUND_PATH = '/depot/turnaround';
export const depotRmaPath = (rmaNumber: string) => `/depot/rmas/${encodeURIComponent(rmaNumber)}`;
export const depotDiagnosisPath = (rmaNumber: string) => `/depot/rmas/${encodeURIComponent(rmaNumber)}/diagnosis`;
/** A stored photo's id is its upload's name, folders and all ('rma/2026/11/….png'): each segment is escaped. */
export const depotPhotoPath = (photoId: string) => `${DEPOT_PHOTOS_PATH}/${photoId.split('/').map(encodeURIComponent).join('/')}`;
export const depotReceivePath = (rmaNumber: string) => `/depot/rmas/${encodeURIComponent(rmaNumber)}/receive`;
export const depotRepairPath = (rmaNumber: string) => `/depot/rmas/${encodeURIComponent(rmaNumber)}/repair`;
export const depotShipPath = (rmaNumber: string) => `/depot/rmas/${encodeURIComponent(rmaNumber)}/ship`;
export const depotReturnLabelPath = (rmaNumber: string) => `/depot/rmas/${encodeURIComponent(rmaNumber)}/return-label`;
export const depotShipPartsOrderPath = (rmaBatchId: string) => `/depot/parts-orders/${encodeURIComponent(rmaBatchId)}/ship`;

type Signal = { signal?: AbortSignal };

export interface DepotClient {
  /**
   * The RMA as staff need it on its work page (technician or lead), whoever owns it: facts,
   * receipt, diagnosis, repair, timeline and the moves staff may make next. Unknown: 404 rma.notFound.
   */
  rma(rmaNumber: string, options?: Signal): Promise<DepotRma>;
  /**
   * Records the diagnosis of a received unit (technician or lead). Covered work: DIAGNOSING;
   * otherwise a revised quote for the customer's decision: QUOTE_PENDING. A unit not received
   * and awaiting diagnosis answers 409 depot.notDiagnosable, a finding that removes cover with
   * fewer than 2 photos or an unknown line item code 400 by field.
   */
  diagnose(rmaNumber: string, input: DiagnosisInput, options?: Signal): Promise<DiagnosedRma>;
  /** A receipt's or a diagnosis's photo (technician or lead), for the work page to show. */
  photo(photoId: string, options?: Signal): Promise<Blob>;
  /**
   * Uploads condition photos (technician or lead), sniffed and size-limited as attachments are;
   * a receipt names them by their bucketFileName.
   */
  uploadPhotos(files: File[], options?: Signal & { onProgress?: (fraction: number) => void }): Promise<UploadedPhoto[]>;
  /**
   * Receives the RMA's unit (technician or lead): RECEIVED. Another serial answers 409
   * depot.serialMismatch (flagged for a lead), an unknown number 404, a unit received already
   * 409 depot.notAwaitingUnit, no photo 400 with fields.photos.
   */
  receive(rmaNumber: string, input: ReceiveInput, options?: Signal): Promise<ReceivedRma>;
  /**
   * Records covered work on a received unit (technician or lead): REPAIRING. A unit not at the
   * depot awaiting repair answers 409 depot.notRepairable, a quote awaiting the customer's
   * decision 409 depot.awaitsDecision, missing work or a failed QA check 400 by field.
   */
  repair(rmaNumber: string, input: RepairInput, options?: Signal): Promise<ReceivedRma>;
  /**
   * Ships a repaired unit back (technician or lead): the return label depot → the RMA's address,
   * its tracking e-mailed to the customer, SHIPPED_BACK. A unit not received and repaired, or
   * shipped already, answers 409 depot.notShippable; a carrier failure 503
   * depot.returnLabelFailed (nothing moved: try again).
   */
  ship(rmaNumber: string, options?: Signal): Promise<ShippedRma>;
  /**
   * The label of a shipped RMA's way back as a PDF, for staff to print (technician or lead). Not
   * shipped back answers 404 depot.noReturnLabel.
   */
  returnLabel(rmaNumber: string, options?: Signal): Promise<Blob>;
  /**
   * Ships a paid parts order (technician or lead): SHIPPED with its carrier and tracking number,
   * e-mailed to the customer. An order awaiting its payment answers 409 parts.notPaid, a
   * cancelled one 409 parts.orderCancelled, one shipped already 409 parts.shippedAlready, an
   * unknown one 404 parts.orderNotFound, a missing carrier or tracking number 400 by field.
   */
  shipPartsOrder(rmaBatchId: string, input: ShipPartsOrderInput, options?: Signal): Promise<ShippedPartsOrder>;
  /** Every customer's paid parts orders waiting to ship, oldest first (technician or lead). */
  partsOrders(page?: { first?: number; after?: string }, options?: Signal): Promise<DepotPage<AwaitingPartsOrder>>;
  /** RMAs of every customer the depot works on, oldest first (technician or lead). */
  queue(query?: QueueQuery, options?: Signal): Promise<DepotPage<QueueItem>>;
  /** How many RMAs wait in each work status that has any, in lifecycle order (lead). */
  backlog(options?: Signal): Promise<BacklogStatus[]>;
  /** The units flagged instead of received, newest first (lead). */
  flags(options?: Signal): Promise<DepotFlag[]>;
  /**
   * The depot's turnaround, p50/p90 days from receipt to shipment back of the repairs shipped in
   * the last `days` (1 to 730; the server's default 90), overall, per model, per warranty type
   * and per both (lead).
   */
  turnaround(days?: number, options?: Signal): Promise<TurnaroundReport>;
  /** Every staff action, newest first (lead). */
  audit(page?: { first?: number; after?: string }, options?: Signal): Promise<DepotPage<AuditEntry>>;
}

export function createDepotClient(http: HttpClient): DepotClient {
  return {
    rma: (rmaNumber, options) => http.request<DepotRma>('GET', depotRmaPath(rmaNumber), { signal: options?.signal }),
    diagnose: (rmaNumber, input, options) =>
      http.request<DiagnosedRma>('POST', depotDiagnosisPath(rmaNumber), { body: input, signal: options?.signal }),
    photo: (photoId, options) => http.blob(depotPhotoPath(photoId), { signal: options?.signal }),
    uploadPhotos: (files, options) => {
      const form = new FormData();
      files.forEach((file, index) => form.append(`files[${index}]`, file, file.name));
      return http.upload<UploadedPhoto[]>(DEPOT_PHOTOS_PATH, form, { signal: options?.signal, onProgress: options?.onProgress });
    },
    receive: (rmaNumber, input, options) =>
      http.request<ReceivedRma>('POST', depotReceivePath(rmaNumber), { body: input, signal: options?.signal }),
    repair: (rmaNumber, input, options) =>
      http.request<ReceivedRma>('POST', depotRepairPath(rmaNumber), { body: input, signal: options?.signal }),
    ship: (rmaNumber, options) => http.request<ShippedRma>('POST', depotShipPath(rmaNumber), { signal: options?.signal }),
    returnLabel: (rmaNumber, options) => http.blob(depotReturnLabelPath(rmaNumber), { signal: options?.signal }),
    shipPartsOrder: (rmaBatchId, input, options) =>
      http.request<ShippedPartsOrder>('POST', depotShipPartsOrderPath(rmaBatchId), { body: input, signal: options?.signal }),
    queue: async (query = {}, options) => {
      const page = await http.request<Partial<DepotPage<QueueItem>>>('GET', DEPOT_QUEUE_PATH, { query: { ...query }, signal: options?.signal });
      return { items: page.items ?? [], next: page.next ?? '' };
    },
    backlog: async (options) => {
      const result = await http.request<{ statuses?: BacklogStatus[] }>('GET', DEPOT_BACKLOG_PATH, { signal: options?.signal });
      return result.statuses ?? [];
    },
    flags: async (options) => {
      const result = await http.request<{ items?: DepotFlag[] }>('GET', DEPOT_FLAGS_PATH, { signal: options?.signal });
      return result.items ?? [];
    },
    partsOrders: async (page = {}, options) => {
      const result = await http.request<Partial<DepotPage<AwaitingPartsOrder>>>('GET', DEPOT_PARTS_ORDERS_PATH, { query: { ...page }, signal: options?.signal });
      return { items: result.items ?? [], next: result.next ?? '' };
    },
    turnaround: (days, options) =>
      http.request<TurnaroundReport>('GET', DEPOT_TURNAROUND_PATH, { query: days === undefined ? {} : { days }, signal: options?.signal }),
    audit: async (page = {}, options) => {
      const result = await http.request<Partial<DepotPage<AuditEntry>>>('GET', DEPOT_AUDIT_PATH, { query: { ...page }, signal: options?.signal });
      return { items: result.items ?? [], next: result.next ?? '' };
    },
  };
}
