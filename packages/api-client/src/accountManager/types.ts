import type { Me, ShippingAddress } from '../identity/types';

/** An address as the account service reads and writes it (spec §3 Address). */
export type AccountAddress = ShippingAddress;

/**
 * Body of POST /account-mgr/user: the contact and shipping address the portal stores for the
 * user; they win over the provider's claims. The e-mail is the provider's and is not sent.
 */
export interface UserSettings {
  firstName: string;
  lastName: string;
  phone: string;
  phoneCountryCode: string;
  company: string;
  position: string;
  address: AccountAddress;
}

/** GET and POST /account-mgr/user answer the merged profile, as GET /me does. */
export type AccountProfile = Me;

/** A branch's contact person (spec §3 Contact without company and position). */
export interface BranchContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  phoneCountryCode: string;
}

/** What a member sends to add or change a branch. */
export interface BranchInput {
  /** Required, at most 35 characters. */
  name: string;
  address: AccountAddress;
  contact: BranchContact;
}

export interface Branch extends BranchInput {
  id: string;
}

/** GET /account-mgr/branches: the caller's organization and its branches. */
export interface Branches {
  organization: string;
  branches: Branch[];
}

export interface RegistrationWarranty {
  /** In warranty. */
  iw: boolean;
  /** The last day of the warranty, e.g. '2028-06-30'; null when unknown. */
  endDeviceWarranty: string | null;
  /** End of service: no repairs any more. */
  isEOS: boolean;
}

/** A registered unit, the caller's own or (mine false) another member's of the organization. */
export interface Registration {
  serial: string;
  model: string;
  modelFamily: string;
  /** A calendar day, e.g. '2026-01-31'. */
  purchaseDate: string;
  /** RFC 3339. */
  registeredAt: string;
  mine: boolean;
  warranty: RegistrationWarranty;
  proofOfPurchase: { fileName: string };
}

/** Body of POST /account-mgr/registrations; the proof was uploaded first (upload-to-common-gridfs). */
export interface RegistrationInput {
  serial: string;
  /** A calendar day, 'yyyy-MM-dd', not in the future. */
  purchaseDate: string;
  proofFileId: string;
}

export interface Driver {
  id: string;
  name: string;
  category: string;
  os: string;
  version: string;
  /** A calendar day or an RFC 3339 time. */
  releaseDate: string;
  releaseNotes: string;
  fileName: string;
  /** Bytes. */
  size: number;
  /** Hex SHA-256 of the file. */
  sha256: string;
  downloadUrl: string;
}

/** The drivers of one model of the caller's units. */
export interface ModelDrivers {
  model: string;
  modelFamily: string;
  drivers: Driver[];
}
