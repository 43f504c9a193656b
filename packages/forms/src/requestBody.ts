import type { RmaAddress, RmaContact } from '@portal/api-client';
import type { AddressValues } from './address';
import type { ContactValues } from './contactValues';
import { toNationalDigits } from './phone';

// How a contact and an address go into every request body of the portal (an RMA, a recycle, a
// parts order, the account's settings and branches): each string trimmed, the phone as the
// national digits the API stores. Written once, so no form sends them differently.

const t = (value: string) => value.trim();

export function toContactBody(contact: ContactValues): RmaContact {
  return {
    firstName: t(contact.firstName),
    lastName: t(contact.lastName),
    email: t(contact.email),
    phone: toNationalDigits(contact.phone),
    phoneCountryCode: t(contact.phoneCountryCode),
    company: t(contact.company),
    position: t(contact.position),
  };
}

export function toAddressBody(address: AddressValues): RmaAddress {
  return {
    line1: t(address.line1),
    line2: t(address.line2),
    city: t(address.city),
    state: t(address.state),
    country: t(address.country),
    postalCode: t(address.postalCode),
  };
}
