import { sortFieldErrors, type AddressField, type ContactField, type FieldErrors } from '@portal/forms';
import type { ProblemField } from './problem';

/** The create answer's field errors, keyed by JSON path of the payload, sorted per step. */
export interface StepFieldErrors {
  serial?: string;
  problem: FieldErrors<ProblemField>;
  contact: FieldErrors<ContactField>;
  address: FieldErrors<AddressField>;
  packaging?: string;
}

export const noServerErrors: StepFieldErrors = { problem: {}, contact: {}, address: {} };

const PROBLEM_PATHS: Record<string, ProblemField> = {
  'rmaInput.primaryFault': 'primaryFault',
  'rmaInput.problem': 'problem',
  'rmaInput.initialNotes': 'initialNotes',
  'rmaInput.customerReference': 'customerReference',
  'rmaInput.assetTag': 'assetTag',
  'rmaInput.attachments': 'attachments',
  'rmaInput.permissions.userId': 'userId',
  'rmaInput.permissions.userPassword': 'userPassword',
  'rmaInput.permissions.biosPassword': 'biosPassword',
  'rmaInput.permissions.hasDeviceData': 'hasDeviceData',
  'rmaInput.permissions.acknowledgeClickWrapAgreement': 'acknowledgeClickWrapAgreement',
  'rmaInput.permissions.acknowledgeHddBackup': 'acknowledgeHddBackup',
};

/** Sorts `{ "address.line1": "Cannot be a PO box", … }` into the steps' fields. */
export function sortServerErrors(fields: Record<string, string>): StepFieldErrors {
  const { contact, address, other } = sortFieldErrors(fields);
  const sorted: StepFieldErrors = { problem: {}, contact, address };
  for (const [rawPath, message] of Object.entries(other)) {
    const path = rawPath.replace(/\[\d+\]$/, ''); // an attachment's error names the list
    if (path === 'serial') sorted.serial = message;
    else if (PROBLEM_PATHS[path]) sorted.problem[PROBLEM_PATHS[path]] = message;
    else if (path.split('.')[0] === 'packaging') sorted.packaging = message;
  }
  return sorted;
}

/** The step a field error belongs to, so the flow can say where to look. */
export function firstStepWithErrors(errors: StepFieldErrors): number | null {
  if (errors.serial || Object.keys(errors.problem).length > 0) return 1;
  if (Object.keys(errors.contact).length > 0 || Object.keys(errors.address).length > 0) return 2;
  if (errors.packaging) return 3;
  return null;
}
