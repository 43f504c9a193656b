import type { RmaPackaging, Unit } from '@portal/api-client';
import { isMilitaryAddress, type AddressValues } from '@portal/forms';

/** The customer's choice of spec §2 packaging step. */
export type PackagingChoice = 'label' | 'qr' | 'box';
/** What is used in the end: a choice, or 'international' (no label). */
export type PackagingKind = PackagingChoice | 'international';

/**
 * How the packaging step behaves for an address (spec §4):
 * - choice: a domestic (US) address, the customer picks label, qr or box;
 * - label-only: Canada or a military (APO) address, label forced;
 * - international: any other country, no label, contact support;
 * - advance-exchange: the unit is exchanged, the choice is hidden and a label is used.
 */
export type ShippingMode = 'choice' | 'label-only' | 'international' | 'advance-exchange';

export const ADVANCE_EXCHANGE = 'ADVANCE_EXCHANGE';
const GUAM = 'GU';

/** Whether the address is in Guam, warned to remove batteries: no dangerous-goods service there (spec §4). */
export function isGuam(address: Pick<AddressValues, 'country'>): boolean {
  return address.country.trim().toUpperCase() === GUAM;
}

export function isAdvanceExchange(unit: Pick<Unit, 'allowedRepairType'> | null): boolean {
  return (unit?.allowedRepairType ?? []).includes(ADVANCE_EXCHANGE);
}

export function shippingMode(address: AddressValues, unit: Pick<Unit, 'allowedRepairType'> | null): ShippingMode {
  const country = address.country.trim().toUpperCase();
  if (country !== 'US' && country !== 'CA') return 'international';
  if (isAdvanceExchange(unit)) return 'advance-exchange';
  if (country === 'CA' || isMilitaryAddress(address)) return 'label-only';
  return 'choice';
}

/** The packaging in force: the forced one, or the customer's choice ('' while none is made). */
export function effectivePackaging(mode: ShippingMode, choice: PackagingChoice | ''): PackagingKind | '' {
  switch (mode) {
    case 'international':
      return 'international';
    case 'label-only':
    case 'advance-exchange':
      return 'label';
    case 'choice':
      return choice;
  }
}

/** Spec §4 mapping; international units are packed by the customer like 'label', without a label. */
export function toPackagingPayload(kind: PackagingKind): RmaPackaging {
  switch (kind) {
    case 'label':
    case 'international':
      return { havePackaging: true, requestBox: false, forgoShipping: false };
    case 'qr':
      return { havePackaging: false, requestBox: false, forgoShipping: false };
    case 'box':
      return { havePackaging: false, requestBox: true, forgoShipping: false };
  }
}

export function packagingTitle(kind: PackagingKind | ''): string {
  switch (kind) {
    case 'label':
      return 'Own box, shipping label provided';
    case 'qr':
      return 'Drop off at a retail shipping office';
    case 'box':
      return 'Box sent to me (3-5 business days)';
    case 'international':
      return 'International: shipment arranged with support';
    default:
      return 'Not chosen';
  }
}
