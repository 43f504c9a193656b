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
 * ISO 4217 currency, never a float. The browser shows amounts; it never sends one. GraphQL's
 * Cents scalar keeps cents within Number.MAX_SAFE_INTEGER, so a number holds them exactly.
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
  /**
   * process/oow only: the RMA as the server stored it, which the label page shows rather than
   * what the browser kept across the provider's pages.
   */
  stored?: StoredRma;
}

/** The unit, the summary and the receipt of a processed out-of-warranty RMA. */
export interface StoredRma {
  unit: StoredUnit;
  summary: RmaSummary;
  /** null when the payment could not be read (the receipt e-mail still has it). */
  receipt: PaymentReceipt | null;
}

/** The unit as the registry has it. */
export interface StoredUnit {
  serial: string;
  model: string;
  modelFamily: string;
  pn: string;
  productType: string;
}

/** An RMA as submitted, without the device credentials. */
export interface RmaSummary {
  rmaType: string;
  problem: {
    primaryFault: string;
    problem: string;
    initialNotes: string;
    customerReference: string;
    assetTag: string;
    reimage: boolean;
    biosFirmware: boolean;
    hasDeviceData: boolean | null;
    acc: { acPower: boolean; storage: boolean; hardCase: boolean; battery: boolean };
  };
  contact: RmaContact;
  address: RmaAddress;
  /** How the unit travels: label, qr, box or international. */
  packaging: string;
}

/** What was paid, how (PayPal, PO, AuthorizeNet) and the reference to quote about it. */
export interface PaymentReceipt {
  amount: Money;
  method: string;
  reference: string;
  paidAt: string | null;
}

/** GET /rma-manager/rma/awaiting-payment: the caller's RMA awaiting its payment on a unit. */
export interface PendingRmaPayment {
  rmaNumber: string;
  serial: string;
  rmaType: string;
  quoteId: string;
  amount: Money;
  createdAt: string;
}

/** POST /rma-manager/rma/pay: the provider's page to pay on; '' for an RMA paid already. */
export interface PayRmaResult {
  rmaNumber: string;
  quoteId: string;
  paymentUrl: string;
}

/** A payment method of an out-of-warranty repair (spec §9): PayPal is shown as Credit Card. */
export type PaymentMethod = 'PayPal' | 'PO';

/** GET /rma-manager/rma/payment-options: how the signed-in customer may pay (decided by the API). */
export interface PaymentOptions {
  /** ['PayPal'], or ['PayPal', 'PO'] for holders of service:payment:po. */
  methods: PaymentMethod[];
  defaultMethod: PaymentMethod;
  /** The customer's e-mail domain asks for a PO release number (customerPO = `<PO>-<release>`). */
  poReleaseRequired: boolean;
  /** The profile's flat discount the server applies to the price. */
  discountPercent: number;
}

/** The create/oow payload's paymentData (spec §3); the browser never sends an amount. */
export interface PaymentData {
  /** '' only with save: a saved quote needs no method yet. */
  paymentMethod: PaymentMethod | '';
  /** `<PO>` or, when a release is required, `<PO>-<release>`; '' for PayPal. */
  customerPO: string;
  /** The fileId of the uploaded purchase-order document; '' for PayPal. */
  customerPOFileId: string;
  /** True: store a saved quote instead of opening an RMA. */
  save: boolean;
  /** A saved quote being paid ('' for none): the server takes its amount. */
  quoteId: string;
}

/** Body of POST /rma-manager/rma/create/oow: the create payload plus paymentData. */
export interface CreateOowPayload extends CreateRmaPayload {
  paymentData: PaymentData;
}

/** The Saved quote of spec §3, as the API stores and answers it. */
export interface SavedQuoteData {
  shipping: {
    address: RmaAddress;
    contact: {
      firstName: string;
      lastName: string;
      emailAddress: string;
      phoneNumber: string;
      phoneCountryCode: string;
      companyName: string;
    };
  };
  externalResource: {
    serial: string;
    /** The create payload's rmaInput as sent; absent for a service quote. */
    rmaInput?: Partial<RmaInput> | null;
    packaging?: RmaPackaging | null;
  };
  total: Money;
}

/**
 * Answer of create/oow: a saved quote (save: quoteId and quoteData, no RMA), an RMA awaiting a
 * card payment (paymentUrl, the provider's approve page), or an RMA paid by PO (no paymentUrl).
 */
export interface CreateOowResult {
  /** '' for a saved quote. */
  rmaNumber: string;
  quoteId: string;
  /** '' unless the customer now pays at the provider. */
  paymentUrl: string;
  /** The saved quote (save only). */
  quoteData: SavedQuoteData | null;
}

/** Body of POST /rma-manager/rma/process/oow. */
export interface ProcessOowInput {
  rmaNumber: string;
  serial: string;
  /** The provider's token from the return URL (the PayPal order id), when there is one. */
  token?: string;
}

/** Answer of POST /rma-manager/rma/cancel. */
export interface CancelRmaResult {
  rmaNumber: string;
  status: string;
}

// ---- The customer's decision on a revised quote (POST /rma-manager/rma/{number}/decision) -------

/** What the customer may decide on a revised quote after the diagnosis. */
export type DecisionChoice = 'APPROVE' | 'RETURN_UNREPAIRED' | 'RECYCLE';

/** How an approved repair is paid: by card at the provider, or by purchase order. */
export type DecisionPaymentMethod = 'CREDIT_CARD' | 'PO';

/** The decision as sent; paymentData only with APPROVE (the same PO rules as an out-of-warranty payment). */
export interface DecisionInput {
  choice: DecisionChoice;
  paymentData?: {
    paymentMethod: DecisionPaymentMethod;
    /** `<PO>` or, when a release is required, `<PO>-<release>`; absent for a card. */
    customerPO?: string;
    /** The fileId of the uploaded purchase-order document; absent for a card. */
    customerPOFileId?: string;
  };
}

/**
 * The RMA after the decision: QUOTE_PENDING with the card page to pay on (APPROVE by card),
 * REPAIRING (APPROVE by PO), RETURN_UNREPAIRED with the return fee's pay link, or RECYCLED.
 */
export interface DecisionResult {
  status: string;
  paymentUrl: string | null;
}
