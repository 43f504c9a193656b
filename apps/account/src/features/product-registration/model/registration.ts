import { format } from 'date-fns';
import type { POFile, Registration, RegistrationInput } from '@portal/api-client';
import { messages, normalizeSerial, type FieldErrors } from '@portal/forms';
import { COPY } from '../copy';
import { formatDate } from '@portal/ui';

export interface RegistrationValues {
  serial: string;
  /** 'yyyy-MM-dd' from the date input, '' when empty. */
  purchaseDate: string;
  proof: POFile | null;
}

export type RegistrationField = 'serial' | 'purchaseDate' | 'proof';

export const emptyRegistration: RegistrationValues = { serial: '', purchaseDate: '', proof: null };

/** Today as the date input writes it, in the user's time zone. */
export function today(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** The form's rules, with the messages the API answers for the same ones. */
export function validateRegistration(values: RegistrationValues, now: Date = new Date()): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = {};
  if (normalizeSerial(values.serial) === '') errors.serial = messages.required;
  if (values.purchaseDate === '') errors.purchaseDate = messages.required;
  // 'yyyy-MM-dd' strings order as the days they name.
  else if (values.purchaseDate > today(now)) errors.purchaseDate = COPY.futureDate;
  if (!values.proof) errors.proof = messages.mustAttachFiles;
  return errors;
}

export function toRegistrationInput(values: RegistrationValues): RegistrationInput {
  return { serial: normalizeSerial(values.serial), purchaseDate: values.purchaseDate, proofFileId: values.proof?.fileId ?? '' };
}

/** The API's field names, as the form's. */
export function registrationServerErrors(fields: Record<string, string>): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = {};
  if (fields.serial) errors.serial = fields.serial;
  if (fields.purchaseDate) errors.purchaseDate = fields.purchaseDate;
  if (fields.proofFileId) errors.proof = fields.proofFileId;
  return errors;
}

/** The warranty state of a registered unit in words. */
export function warrantyText(registration: Registration): string {
  const { warranty } = registration;
  if (warranty.isEOS) return COPY.endOfService;
  if (warranty.iw) return COPY.inWarranty(formatDate(warranty.endDeviceWarranty));
  return COPY.outOfWarranty;
}
