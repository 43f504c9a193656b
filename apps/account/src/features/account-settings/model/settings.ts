import type { UserSettings } from '@portal/api-client';
import { toAddressBody, toContactBody, type AddressValues, type ContactValues } from '@portal/forms';

/** The body of POST /account-mgr/user: the e-mail stays the provider's and is not sent. */
export function toUserSettings(contact: ContactValues, address: AddressValues): UserSettings {
  const { firstName, lastName, phone, phoneCountryCode, company, position } = toContactBody(contact);
  return { firstName, lastName, phone, phoneCountryCode, company, position, address: toAddressBody(address) };
}
