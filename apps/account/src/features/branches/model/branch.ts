import type { Branch, BranchInput } from '@portal/api-client';
import {
  addressFromProfile,
  emptyAddress,
  emptyContact,
  maxLength,
  required,
  toAddressBody,
  toContactBody,
  validate,
  type AddressValues,
  type ContactValues,
} from '@portal/forms';

/** A branch name: required, at most 35 characters (as the API checks it). */
export const BRANCH_NAME_MAX = 35;

export function validateBranchName(name: string): string | undefined {
  return validate(name, [required, maxLength(BRANCH_NAME_MAX)]);
}

/** What the branch dialog edits. */
export interface BranchValues {
  name: string;
  contact: ContactValues;
  address: AddressValues;
}

export const emptyBranch: BranchValues = { name: '', contact: emptyContact, address: emptyAddress };

export function branchValues(branch: Branch): BranchValues {
  return {
    name: branch.name,
    contact: {
      ...emptyContact,
      firstName: branch.contact.firstName,
      lastName: branch.contact.lastName,
      email: branch.contact.email,
      phone: branch.contact.phone,
      phoneCountryCode: branch.contact.phoneCountryCode || emptyContact.phoneCountryCode,
    },
    address: addressFromProfile(branch.address),
  };
}

/** The body of POST and PUT /account-mgr/branches, every string trimmed. */
export function toBranchInput(values: BranchValues): BranchInput {
  const { firstName, lastName, email, phone, phoneCountryCode } = toContactBody(values.contact);
  return {
    name: values.name.trim(),
    address: toAddressBody(values.address),
    contact: { firstName, lastName, email, phone, phoneCountryCode },
  };
}

/** One line of an address for the list, e.g. '500 Elm St, Dock 4, Dallas, TX 75202, US'. */
export function addressLine(address: AddressValues): string {
  const place = [address.state, address.postalCode].filter(Boolean).join(' ');
  return [address.line1, address.line2, address.city, place, address.country].filter((part) => part.trim() !== '').join(', ');
}
