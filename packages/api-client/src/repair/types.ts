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

/**
 * An amount as every API sends it (ARCHITECTURE §5): whole minor units (cents for USD) of an
 * ISO 4217 currency, never a float. The browser shows amounts; it never sends one.
 */
export interface Money {
  cents: number;
  currency: string;
}

/** One repair option of a fault: the problem, its out-of-warranty price and a technician tip. */
export interface RepairOption {
  name: string;
  price: Money;
  tip: string;
}

/** A primary fault and its problems (GraphQL repairFormSelections, spec §3 repair option list entry). */
export interface RepairSelection {
  name: string;
  options: RepairOption[];
}

export interface RepairFormSelectionsInput {
  pn: string;
  model: string;
  rmaType: string;
  serial: string;
}

export interface RmaPermissions {
  reimage: boolean;
  biosFirmware: boolean;
  userId: string;
  userPassword: string;
  biosPassword: string;
  hasDeviceData: boolean;
  acknowledgeClickWrapAgreement: boolean;
  acknowledgeHddBackup: boolean;
}

export interface RmaAccessories {
  acPower: boolean;
  storage: boolean;
  hardCase: boolean;
  battery: boolean;
}

export interface RmaInput {
  rmaType: string;
  primaryFault: string;
  problem: string;
  initialNotes: string;
  permissions: RmaPermissions;
  acc: RmaAccessories;
  customerReference: string;
  assetTag: string;
  /** Bucket file names of the uploaded attachments. */
  attachments: string[];
}

export interface RmaAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  postalCode: string;
}

export interface RmaContact {
  firstName: string;
  lastName: string;
  email: string;
  /** National number digits, as on the profile. */
  phone: string;
  /** ISO 3166-1 alpha-2 country of the phone number. */
  phoneCountryCode: string;
  company: string;
  position: string;
}

export interface RmaPackaging {
  havePackaging: boolean;
  requestBox: boolean;
  forgoShipping: false;
}

/** Body of POST /rma-manager/rma/create. */
export interface CreateRmaPayload {
  serial: string;
  rmaInput: RmaInput;
  address: RmaAddress;
  contact: RmaContact;
  packaging: RmaPackaging;
}

/** Answer of POST /rma-manager/rma/create; label and invoice are API paths needing the token. */
export interface CreateRmaResult {
  rmaNumber: string;
  label: string | null;
  commercialInvoice: string | null;
  shippingError: string | null;
}
