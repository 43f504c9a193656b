import type { UserSettings } from '@portal/api-client';
import { toNationalDigits, type AddressField, type AddressValues, type ContactField, type ContactValues, type FieldErrors } from '@portal/forms';

const t = (value: string) => value.trim();

/** Trimmed address values, as every form of the portal sends them. */
export function trimAddress(a: AddressValues): AddressValues {
  return { line1: t(a.line1), line2: t(a.line2), city: t(a.city), state: t(a.state), country: t(a.country), postalCode: t(a.postalCode) };
}

/** The body of POST /account-mgr/user: the e-mail stays the provider's and is not sent. */
export function toUserSettings(contact: ContactValues, address: AddressValues): UserSettings {
  return {
    firstName: t(contact.firstName),
    lastName: t(contact.lastName),
    phone: toNationalDigits(contact.phone),
    phoneCountryCode: contact.phoneCountryCode,
    company: t(contact.company),
    position: t(contact.position),
    address: trimAddress(address),
  };
}

export interface SortedFieldErrors {
  contact: FieldErrors<ContactField>;
  address: FieldErrors<AddressField>;
  /** Fields outside the contact and address (e.g. a branch's name). */
  other: Record<string, string>;
}

/**
 * A 400's fields, keyed by the body's JSON paths (`firstName`, `contact.phone`, `address.line1`),
 * sorted into the forms they belong to. `contactPrefix` is '' for the settings body (contact
 * fields at the top) and 'contact.' for a branch.
 */
export function sortFieldErrors(fields: Record<string, string>, contactPrefix: '' | 'contact.'): SortedFieldErrors {
  const contactFields: readonly string[] = ['firstName', 'lastName', 'email', 'phone', 'phoneCountryCode', 'company', 'position'];
  const sorted: SortedFieldErrors = { contact: {}, address: {}, other: {} };
  for (const [path, message] of Object.entries(fields)) {
    if (path.startsWith('address.')) sorted.address[path.slice('address.'.length) as AddressField] = message;
    else if (path.startsWith(contactPrefix) && contactFields.includes(path.slice(contactPrefix.length)))
      sorted.contact[path.slice(contactPrefix.length) as ContactField] = message;
    else sorted.other[path] = message;
  }
  return sorted;
}

/** Drops the server's message of each field whose value changed since (the user is fixing it). */
export function withoutChanged<V extends object, F extends string>(errors: FieldErrors<F>, before: V, after: V): FieldErrors<F> {
  const kept = Object.entries(errors).filter(
    ([field]) => (before as Record<string, unknown>)[field] === (after as Record<string, unknown>)[field],
  );
  return kept.length === Object.keys(errors).length ? errors : (Object.fromEntries(kept) as FieldErrors<F>);
}
