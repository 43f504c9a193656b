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

