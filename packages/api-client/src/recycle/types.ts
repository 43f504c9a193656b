import type { RmaAccessories, RmaAddress, RmaContact, RmaPermissions } from '../repair/types';

/** Recycle RMAs fix these fields to RECYCLE (spec §3, §9). */
export type RecycleFixed = 'RECYCLE';

/** Admin override RMA types of the recycle flow. */
export type RecycleRmaType = 'RECYCLE' | 'RECYCLE_CREDIT';

export interface RecycleRmaInput {
  rmaType: RecycleFixed;
  primaryFault: RecycleFixed;
  problem: RecycleFixed;
  initialNotes: RecycleFixed;
  permissions: RmaPermissions;
  acc: RmaAccessories;
  attachments: string[];
  /** The signed-in user's subject (from /me). */
  userId: string;
}

/** Spec §9: recycle packaging is fixed. */
export interface RecyclePackaging {
  havePackaging: true;
  requestBox: false;
  forgoShipping: false;
}

export interface RecycleOverride {
  rmaType: RecycleRmaType;
  /** Destination third-party maintainer (recycler) code. */
  tpm: string;
}

/** Body of POST /rma-manager/rma/recycle. `override` only for users holding rmaOverride. */
export interface RecyclePayload {
  serial: string;
  rmaInput: RecycleRmaInput;
  address: RmaAddress;
  contact: RmaContact;
  packaging: RecyclePackaging;
  override?: RecycleOverride;
}

/** Answer of the recycle call; label and invoice are API paths needing the token, or null. */
export interface RecycleResult {
  rmaNumber: string;
  label: string | null;
  commercialInvoice: string | null;
}
