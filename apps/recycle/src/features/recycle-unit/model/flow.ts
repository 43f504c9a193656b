import type { Me, RecycleResult, RecycleRmaType, Unit } from '@portal/api-client';
import { addressFromProfile, contactFromProfile, mayRecycle, type AddressValues, type ContactValues } from '@portal/forms';
import { DEFAULT_TPM } from '../copy';
import { LAST_STEP } from '../steps';

export interface Consent {
  eligibility: boolean;
  dataNotice: boolean;
  liability: boolean;
  consent: 'yes' | 'no' | '';
}

export interface Confirmations {
  recycling: boolean;
  notReturned: boolean;
  accurate: boolean;
}

export interface RecycleState {
  step: number;
  serial: string;
  consent: Consent;
  contact: ContactValues;
  address: AddressValues;
  confirmations: Confirmations;
  override: { rmaType: RecycleRmaType; tpm: string };
  result: RecycleResult | null;
}

export type RecycleAction =
  | { type: 'go'; step: number }
  | { type: 'serial'; serial: string }
  | { type: 'consent'; consent: Consent }
  | { type: 'contact'; values: ContactValues }
  | { type: 'address'; values: AddressValues }
  | { type: 'confirm'; confirmations: Confirmations }
  | { type: 'override'; override: RecycleState['override'] }
  | { type: 'created'; result: RecycleResult };

export const noConsent: Consent = { eligibility: false, dataNotice: false, liability: false, consent: '' };
export const noConfirmations: Confirmations = { recycling: false, notReturned: false, accurate: false };

export function initialRecycleState({ serial, profile }: { serial: string; profile: Me | null }): RecycleState {
  return {
    step: 1,
    serial,
    consent: noConsent,
    contact: contactFromProfile(profile),
    address: addressFromProfile(profile?.address?.shipping ?? null),
    confirmations: noConfirmations,
    override: { rmaType: 'RECYCLE', tpm: DEFAULT_TPM },
    result: null,
  };
}

/** Spec §2: eligibility, data notice, liability and consent 'Yes' must all be true. */
export function consentGiven(c: Consent): boolean {
  return c.eligibility && c.dataNotice && c.liability && c.consent === 'yes';
}

/** Spec §5: all three recycle confirmations are required. */
export function allConfirmed(c: Confirmations): boolean {
  return c.recycling && c.notReturned && c.accurate;
}

/**
 * Spec §4: recycling is allowed only when iw is false, and (as for repairs) not while the unit
 * has an open RMA unless an override allows it. The API applies the same rule.
 */
export function canRecycle(unit: Pick<Unit, 'iw' | 'rmaExists' | 'allowOow'> | null): boolean {
  return unit !== null && mayRecycle(unit);
}

export function recycleReducer(state: RecycleState, action: RecycleAction): RecycleState {
  switch (action.type) {
    case 'go':
      // Once created, the wizard stays on the label.
      if (state.result) return state;
      return { ...state, step: Math.min(Math.max(action.step, 1), LAST_STEP) };
    case 'serial':
      return state.serial === action.serial ? state : { ...state, serial: action.serial };
    case 'consent':
      return { ...state, consent: action.consent };
    case 'contact':
      return { ...state, contact: action.values };
    case 'address':
      return { ...state, address: action.values };
    case 'confirm':
      return { ...state, confirmations: action.confirmations };
    case 'override':
      return { ...state, override: action.override };
    case 'created':
      return { ...state, result: action.result, step: LAST_STEP };
  }
}
