import type { UserSettings } from '@portal/api-client';
import { toAddressBody, toContactBody, type AddressValues, type ContactValues, type FieldErrors } from '@portal/forms';

/** The body of POST /account-mgr/user: the e-mail stays the provider's and is not sent. */
export function toUserSettings(contact: ContactValues, address: AddressValues): UserSettings {
  const { firstName, lastName, phone, phoneCountryCode, company, position } = toContactBody(contact);
  return { firstName, lastName, phone, phoneCountryCode, company, position, address: toAddressBody(address) };
}

/** Drops the server's message of each field whose value changed since (the user is fixing it). */
export function withoutChanged<V extends object, F extends string>(errors: FieldErrors<F>, before: V, after: V): FieldErrors<F> {
  const kept = Object.entries(errors).filter(
    ([field]) => (before as Record<string, unknown>)[field] === (after as Record<string, unknown>)[field],
  );
  return kept.length === Object.keys(errors).length ? errors : (Object.fromEntries(kept) as FieldErrors<F>);
}
