import { getCountryCallingCode, isSupportedCountry, isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { limits } from './limits';
import { messages } from './messages';
import { DEFAULT_PHONE_COUNTRY } from './phoneCountry';

/** The phone widget's default country (spec §5). */
export { DEFAULT_PHONE_COUNTRY } from './phoneCountry';

/**
 * Spec §5 phone rule: 'Required' when empty, 'Invalid Format or Number' when the number cannot
 * exist in `country`, and the max length of 25. The value is the widget's (E.164, e.g.
 * +15125550142) or a stored national number (5125550142).
 */
export function validatePhone(value: string, country: string = DEFAULT_PHONE_COUNTRY): string | undefined {
  if (value.trim() === '') return messages.required;
  if (value.length > limits.phone) return messages.maxLength(limits.phone);
  return isValidPhoneNumber(toE164(value, country)) ? undefined : messages.phoneInvalid;
}

function supported(country: string): country is CountryCode {
  return isSupportedCountry(country);
}

/** The widget value of a stored phone (national digits and ISO country), '' when there is none. */
export function toE164(national: string, country: string): string {
  const digits = national.replace(/[^\d+]/g, '');
  if (digits === '') return '';
  if (digits.startsWith('+')) return digits;
  const code = supported(country) ? country : DEFAULT_PHONE_COUNTRY;
  return parsePhoneNumberFromString(digits, code as CountryCode)?.number ?? `+${getCountryCallingCode(code as CountryCode)}${digits}`;
}

/** The national digits of a widget value, as the API stores phones ('' when empty). */
export function toNationalDigits(value: string): string {
  if (value === '') return '';
  if (!value.startsWith('+')) return value.replace(/\D/g, '');
  return parsePhoneNumberFromString(value)?.nationalNumber ?? value.replace(/\D/g, '');
}

/** Keeps the digits typed when the user switches the phone's country. */
export function changePhoneCountry(value: string, country: string): string {
  const national = toNationalDigits(value);
  return national === '' || !supported(country) ? '' : `+${getCountryCallingCode(country)}${national}`;
}

/** A widget value for display, e.g. '+1 512 555 0142'. */
export function formatPhone(value: string, country: string = DEFAULT_PHONE_COUNTRY): string {
  return parsePhoneNumberFromString(toE164(value, country))?.formatInternational() ?? value;
}
