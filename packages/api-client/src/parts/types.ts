import type { Money, PaymentMethod, RmaAddress, RmaContact } from '../repair/types';

/** Whether a part can be had: in stock, on back order, or no longer sold. */
export type PartAvailability = 'IN_STOCK' | 'BACKORDER' | 'DISCONTINUED';

/** A model a part fits. */
export interface PartFit {
  model: string;
  family: string;
}

/** One part of the catalogue (GET /parts-manager/parts, /parts/:pn). */
export interface Part {
  partNumber: string;
  description: string;
  fits: PartFit[];
  price: Money;
  availability: PartAvailability;
  discontinued: boolean;
  /** A path on the portal's host (/assets/parts/…svg). */
  imagePath: string;
  isHighValue: boolean;
  /**
   * A body-worn camera's part (VX12-…): only the video order takes it (its units and
   * service:video:serial:read); the parts cart and checkout refuse it.
   */
  videoOnly: boolean;
}

/** A catalogue search: a serial stands for its unit's model; all filters combine. */
export interface PartsSearch {
  serial?: string;
  model?: string;
  q?: string;
  page?: number;
  itemsPerPage?: number;
}

export interface PartsPage {
  items: Part[];
  total: number;
  page: number;
  itemsPerPage: number;
}

/** One line as the browser sends it: never a price (the server prices every line). */
export interface OrderLineInput {
  partNumber: string;
  quantity: number;
  /** The model the part is for (video lines: the units' model). */
  model?: string;
  /** Video lines: the units the part is for; quantity equals their number. */
  serials?: string[];
  /** Parts lines: the serial the catalogue was searched by, so the unit's inventory lists the order. */
  searchSerial?: string;
}

/** A line the server priced. */
export interface PricedLine {
  partNumber: string;
  description: string;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
  availability: PartAvailability;
  imagePath: string;
  isHighValue: boolean;
  model: string;
  serials: string[];
}

export type PriceProblemCode = 'parts.unknownPart' | 'parts.discontinued' | 'parts.badQuantity' | 'parts.wrongModel' | 'parts.videoOnly';

/** Why a requested line cannot be ordered; index is the line's place in the request. */
export interface PriceProblem {
  index: number;
  partNumber: string;
  code: PriceProblemCode | string;
  message: string;
}

/**
 * POST /parts-manager/orders/price: the priced lines (those without a problem, in request
 * order), their total, and a problem per line that cannot be ordered.
 */
export interface PriceResult {
  lines: PricedLine[];
  total: Money;
  problems: PriceProblem[];
}

export type PartsOrderKind = 'parts' | 'video';

export interface PartsPaymentData {
  paymentMethod: PaymentMethod;
  /** PO number, `<PO>-<release>` when the customer's domain needs a release number. */
  customerPO: string;
  customerPOFileId: string;
}

/** POST /parts-manager/orders body; the amount is never sent. */
export interface PartsOrderPayload {
  kind: PartsOrderKind;
  lines: OrderLineInput[];
  contact: RmaContact;
  address: RmaAddress;
  paymentData: PartsPaymentData;
}

export type PartsOrderStatus = 'AWAITING_PAYMENT' | 'PLACED' | 'SHIPPED' | 'CANCELLED';

/** 201 of POST /parts-manager/orders: PO orders are PLACED, card orders await payment at paymentUrl. */
export interface CreatedPartsOrder {
  rmaBatchId: string;
  status: PartsOrderStatus;
  total: Money;
  /** The provider's approve link of a card order; '' for PO. */
  paymentUrl: string;
}

/** An ordered line, of the REST order and of the history's (account) PartsOrderBatch alike. */
export interface PartsOrderLine {
  partNumber: string;
  description: string;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
  /** '' when the customer named no model (a parts line may name one; a video line always does). */
  model: string;
  /** The video units a video part is for; [] on a parts line. */
  serials: string[];
}

/** One parts order batch (GET /parts-manager/orders/:rmaBatchId, process, cancel). */
export interface PartsOrder {
  rmaBatchId: string;
  kind: PartsOrderKind;
  status: PartsOrderStatus;
  createdAt: string;
  total: Money;
  paymentMethod: PaymentMethod;
  customerPO: string;
  contact: RmaContact;
  address: RmaAddress;
  lines: PartsOrderLine[];
  /** Placed by the viewer (not by a colleague of the organization). */
  mine: boolean;
  orderedByName: string;
  /**
   * How the depot sent the order: null until it is SHIPPED. Optional because the account's
   * GraphQL listing (PartsOrderBatch) does not carry it; the REST order always does.
   */
  shipment?: PartsOrderShipment | null;
}

/** A shipped order's carrier and tracking number, and when it left the depot (RFC 3339). */
export interface PartsOrderShipment {
  carrier: string;
  trackingNumber: string;
  shippedAt: string;
}

/** A video unit (VERETOS) the signed-in customer or their organization holds. */
export interface VideoUnit {
  serial: string;
  model: string;
  modelFamily: string;
}
