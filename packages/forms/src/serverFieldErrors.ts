import { emptyAddress, type AddressField } from './address';
import { emptyContact, type ContactField } from './contactValues';
import type { FieldErrors } from './fieldErrors';
import { PAYMENT_FIELD_PATHS, paymentServerErrors, type PaymentField } from './payment';

/** A 400 answer's field errors, sorted onto the forms the portal shares. */
export interface SortedFieldErrors {
  contact: FieldErrors<ContactField>;
  address: FieldErrors<AddressField>;
  payment: FieldErrors<PaymentField>;
  /** Every other path, as the server named it, for the page's own fields (a problem, a line, a name). */
  other: Record<string, string>;
}

const CONTACT_FIELDS: readonly string[] = Object.keys(emptyContact);
const ADDRESS_FIELDS: readonly string[] = Object.keys(emptyAddress);

/**
 * Sorts a 400's fields, keyed by the body's JSON paths (`contact.phone`, `address.line1`,
 * `paymentData.customerPO`), onto the contact, address and payment forms. contactPrefix is '' for
 * a body with the contact's fields at its top (the account's settings).
 */
export function sortFieldErrors(fields: Record<string, string>, contactPrefix: '' | 'contact.' = 'contact.'): SortedFieldErrors {
  const sorted: SortedFieldErrors = { contact: {}, address: {}, payment: paymentServerErrors(fields), other: {} };
  for (const [path, message] of Object.entries(fields)) {
    const contactField = path.startsWith(contactPrefix) ? path.slice(contactPrefix.length) : '';
    const addressField = path.startsWith('address.') ? path.slice('address.'.length) : '';
    if (CONTACT_FIELDS.includes(contactField)) sorted.contact[contactField as ContactField] = message;
    else if (ADDRESS_FIELDS.includes(addressField)) sorted.address[addressField as AddressField] = message;
    else if (!PAYMENT_FIELD_PATHS[path]) sorted.other[path] = message;
  }
  return sorted;
}
