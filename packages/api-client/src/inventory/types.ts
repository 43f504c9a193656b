/** Warranty state of a held unit, as of today (end of service first). */
export type WarrantyState = 'IN_WARRANTY' | 'OUT_OF_WARRANTY' | 'END_OF_SERVICE';

/** How a unit is held: a product registration, an RMA, or a parts order for it. */
export type InventorySource = 'registration' | 'rma' | 'order';

/** The newest open RMA of a unit that the caller sees. */
export interface OpenRma {
  rmaNumber: string;
  uid: string;
  status: string;
}

/** One unit of the service-managed inventory. */
export interface InventoryUnit {
  serial: string;
  model: string;
  modelFamily: string;
  productType: string;
  warrantyState: WarrantyState;
  /** The last covered day (YYYY-MM-DD), null when the registry does not know it. */
  warrantyEnd: string | null;
  openRma: OpenRma | null;
  registered: boolean;
  /** RFC 3339, null when the unit is not registered by the caller or their organization. */
  registeredAt: string | null;
  sources: InventorySource[];
}

/** The filters of the inventory; an empty one matches everything. */
export interface InventoryFilter {
  /** In the serial, model or model family (case-insensitive). */
  q?: string;
  model?: string;
  warranty?: WarrantyState | '';
  /** Whether the unit has an open RMA; undefined for both. */
  openRma?: boolean;
}

export interface InventorySearch extends InventoryFilter {
  page?: number;
  itemsPerPage?: number;
}

export interface InventoryPage {
  items: InventoryUnit[];
  total: number;
  page: number;
  itemsPerPage: number;
  /** The models of every unit held, whatever the filter: the model filter's choices. */
  models: string[];
}

/** One RMA of a unit's profile, newest first. */
export interface UnitRma {
  rmaNumber: string;
  uid: string;
  type: string;
  status: string;
  createdAt: string;
}

/** One parts order line for a unit, newest first. */
export interface UnitOrder {
  rmaBatchId: string;
  createdAt: string;
  partNumber: string;
  quantity: number;
}

/** One unit with its RMAs and parts orders. */
export interface UnitProfile extends InventoryUnit {
  rmas: UnitRma[];
  orders: UnitOrder[];
}
