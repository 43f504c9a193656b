/** How the unit card presents a unit (decided by the API). */
export type UnitCardState =
  | 'warranty'
  | 'out-of-warranty'
  | 'end-of-service'
  | 'special-service'
  | 'rma-exists'
  | 'missing-data';

/** The serial-check result (spec §3 Unit). */
export interface Unit {
  serial: string;
  model: string;
  modelFamily: string;
  pn: string;
  productType: string;
  /** In warranty. */
  iw: boolean;
  /** Out-of-warranty override: the RMA may be submitted without prepayment. */
  allowOow: boolean;
  allowedRepairType: string[];
  rmaExists: boolean;
  /** ISO date (yyyy-mm-dd) or null when unknown. */
  endDeviceWarranty: string | null;
  warrantyType: string;
  isEOS: boolean;
  validForNewRma: boolean;
  cardState: UnitCardState;
}

/** A 404 is a result, not an error (spec §7). */
export type VerifySerialResult = { kind: 'found'; unit: Unit } | { kind: '404' };
