import { compact, type FieldErrors } from './fieldErrors';
import { limits } from './limits';
import { messages } from './messages';
import { maxLength, noPoBox, required, validate } from './rules';

export interface AddressValues {
  line1: string;
  line2: string;
  city: string;
  state: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  postalCode: string;
}

export type AddressField = keyof AddressValues;

/** Spec §9: the default country, the military states and the military cities. */
export const DEFAULT_COUNTRY = 'US';
export const MILITARY_STATES = ['AA', 'AE', 'AP'] as const;
export const MILITARY_CITIES = ['APO', 'FPO', 'DPO'] as const;

export const emptyAddress: AddressValues = {
  line1: '',
  line2: '',
  city: '',
  state: '',
  country: DEFAULT_COUNTRY,
  postalCode: '',
};

export function isMilitaryState(state: string): boolean {
  return (MILITARY_STATES as readonly string[]).includes(state.trim().toUpperCase());
}

export function isMilitaryCity(city: string): boolean {
  return (MILITARY_CITIES as readonly string[]).includes(city.trim().toUpperCase());
}

/**
 * A US military (APO/FPO/DPO) address: country US and a military state (api/geo
 * IsMilitaryAddress). The state decides: a military city without one is an address error, and AP
 * outside the US is Chile's Arica y Parinacota.
 */
export function isMilitaryAddress(address: Pick<AddressValues, 'country' | 'state'>): boolean {
  return address.country.trim().toUpperCase() === DEFAULT_COUNTRY && isMilitaryState(address.state);
}

export function addressFromProfile(stored: Partial<AddressValues> | null | undefined): AddressValues {
  if (!stored) return emptyAddress;
  return {
    line1: stored.line1 ?? '',
    line2: stored.line2 ?? '',
    city: stored.city ?? '',
    state: stored.state ?? '',
    country: stored.country || DEFAULT_COUNTRY,
    postalCode: stored.postalCode ?? '',
  };
}

/** Spec §4: a new country clears the state (and so a military city with it). */
export function changeCountry(address: AddressValues, country: string): AddressValues {
  if (country === address.country) return address;
  return changeState({ ...address, country }, '');
}

/** Spec §4: a military state without a military city, or the reverse, clears the city. */
export function changeState(address: AddressValues, state: string): AddressValues {
  const city = isMilitaryAddress({ ...address, state }) === isMilitaryCity(address.city) ? address.city : '';
  return { ...address, state, city };
}

/** A military address takes only a military city, and a military city only a military address. */
const militaryCity =
  (address: AddressValues) =>
  (city: string): string | undefined => {
    const military = isMilitaryAddress(address);
    if (military === isMilitaryCity(city)) return undefined;
    return military ? messages.militaryCity : messages.militaryState;
  };

/** Spec §5 address rules (and the military city's, as api/geo applies them); `allowPoBox` for the forms that accept PO boxes. */
export function validateAddress(values: AddressValues, { allowPoBox = false } = {}): FieldErrors<AddressField> {
  const lineRules = allowPoBox ? [] : [noPoBox];
  return compact<AddressField>({
    line1: validate(values.line1, [required, maxLength(limits.addressLine), ...lineRules]),
    line2: validate(values.line2, [maxLength(limits.addressLine), ...lineRules]),
    country: validate(values.country, [required, maxLength(limits.country)]),
    state: validate(values.state, values.country === 'US' ? [required, maxLength(limits.state)] : [maxLength(limits.state)]),
    city: validate(values.city, [required, maxLength(limits.city), militaryCity(values)]),
    postalCode: validate(values.postalCode, [required, maxLength(limits.postalCode)]),
  });
}
