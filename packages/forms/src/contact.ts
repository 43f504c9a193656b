import type { ContactField, ContactValues } from './contactValues';
import { compact, type FieldErrors } from './fieldErrors';
import { limits } from './limits';
import { validatePhone } from './phone';
import { email, maxLength, required, validate } from './rules';

export { emptyContact, contactFromProfile, type ContactValues, type ContactField, type ContactProfile } from './contactValues';
export { compact, type FieldErrors } from './fieldErrors';

/** Spec §5 contact rules; the result has an entry per failing field. */
export function validateContact(values: ContactValues): FieldErrors<ContactField> {
  const errors: FieldErrors<ContactField> = {
    firstName: validate(values.firstName, [required, maxLength(limits.name)]),
    lastName: validate(values.lastName, [required, maxLength(limits.name)]),
    email: validate(values.email, [required, email]),
    phone: validatePhone(values.phone, values.phoneCountryCode),
    company: validate(values.company, [maxLength(limits.company)]),
    position: validate(values.position, [maxLength(limits.position)]),
  };
  return compact(errors);
}


/** The contact fields a form shows as text inputs (the phone and its country code have their own widget). */
export type TextContactField = Exclude<ContactField, 'phone' | 'phoneCountryCode'>;

/** Every text field of the spec §5 contact form, in its order. */
export const CONTACT_TEXT_FIELDS: readonly TextContactField[] = ['firstName', 'lastName', 'email', 'company', 'position'];

/**
 * The spec §5 contact rules for the fields a form shows and the user may change: a read-only
 * field (the provider's e-mail) is not the user's to fix, and a field left out is not sent.
 */
export function contactErrors(
  value: ContactValues,
  fields: readonly TextContactField[] = CONTACT_TEXT_FIELDS,
  readOnly: readonly TextContactField[] = [],
): FieldErrors<ContactField> {
  const all = validateContact(value);
  const checked = new Set<ContactField>(['phone', ...fields.filter((field) => !readOnly.includes(field))]);
  return Object.fromEntries(Object.entries(all).filter(([field]) => checked.has(field as ContactField))) as FieldErrors<ContactField>;
}
