import { messages } from './messages';
import { maxLength, required, validate } from './rules';

/** The check against the units registry starts at this many characters (spec §4, §9). */
export const SERIAL_CHECK_MIN_LENGTH = 9;
/** 'Not found' and 'not valid' icons appear only from this many characters. */
export const SERIAL_INVALID_ICON_MIN_LENGTH = 10;

/** Serials are compared upper-cased without surrounding blanks. */
export function normalizeSerial(input: string): string {
  return input.trim().toUpperCase();
}

/** The longest serial (spec §9: the support ticket's serial). */
export const SERIAL_MAX_LENGTH = 50;
/** The alphabet of real serials, in either case; checked before upper-casing, as 'ı' becomes 'I'. */
const SERIAL_ALPHABET = /^[A-Za-z0-9-]+$/;

/**
 * A typed serial as the API reads it (api/rma ParseSerial, the rulebook's serial vectors):
 * trimmed, required, at most 50 characters, of the serial alphabet (else no unit has it: 'Serial
 * Not Found'), upper-cased.
 */
export function parseSerial(input: string): { serial: string } | { error: string } {
  const trimmed = input.trim();
  const error = validate(trimmed, [required, maxLength(SERIAL_MAX_LENGTH)]);
  if (error) return { error };
  if (!SERIAL_ALPHABET.test(trimmed)) return { error: messages.serialNotFound };
  return { serial: trimmed.toUpperCase() };
}

/** Whether a stored value is a serial as parseSerial gives it. */
export function isSerial(value: string): boolean {
  const parsed = parseSerial(value);
  return 'serial' in parsed && parsed.serial === value;
}

export function shouldCheckSerial(serial: string): boolean {
  return normalizeSerial(serial).length >= SERIAL_CHECK_MIN_LENGTH;
}

export function showsInvalidSerialIcon(serial: string): boolean {
  return normalizeSerial(serial).length >= SERIAL_INVALID_ICON_MIN_LENGTH;
}

/** The fields of a serial-check result the validity rule reads. */
export interface SerialEligibility {
  model: string;
  rmaExists: boolean;
  allowOow: boolean;
  isEOS: boolean;
}

/** The model whose units are returned through the helpdesk, never through a new RMA. */
export const HELPDESK_RETURN_MODEL = 'EX80';

/**
 * Spec §4: valid when (no RMA exists, or the out-of-warranty override is allowed), and the unit is
 * not end of service, and its model is not EX80. (The unit exists: the caller had a result.)
 */
export function isSerialValidForNewRma(unit: SerialEligibility): boolean {
  return (!unit.rmaExists || unit.allowOow) && !unit.isEOS && unit.model !== HELPDESK_RETURN_MODEL;
}

export type SerialStatus = 'empty' | 'checking' | 'not-found' | 'not-valid' | 'valid';

/** The text shown beside the status icon, or undefined when no icon is shown. */
export function serialStatusText(status: SerialStatus): string | undefined {
  switch (status) {
    case 'not-found':
      return messages.serialNotFound;
    case 'not-valid':
      return messages.serialNotValid;
    case 'valid':
      return messages.serialValid;
    default:
      return undefined;
  }
}
