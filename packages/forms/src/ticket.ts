import { compact, type FieldErrors } from './fieldErrors';
import { messages } from './messages';
import { email, required, validate, type Rule } from './rules';

/** Spec §5/§9 support-ticket limits. */
export const ticketLimits = { name: 100, email: 50, phone: 25, subject: 80, model: 30, serial: 50 } as const;

/** Spec §2/§9 case types. */
export const CASE_TYPES = ['Hardware', 'Software', 'Quote', 'Question'] as const;
export type CaseType = (typeof CASE_TYPES)[number];

/** The phone mask of the ticket form. */
export const TICKET_PHONE_MASK = '(###)###-####';

export interface TicketValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subject: string;
  description: string;
  caseType: CaseType | '';
  model: string;
  serial: string;
}

export type TicketField = keyof TicketValues;

export const emptyTicket: TicketValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  subject: '',
  description: '',
  caseType: '',
  model: '',
  serial: '',
};

/** Applies the (###)###-#### mask to whatever digits were typed (the first 10). */
export function maskTicketPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  let out = '';
  let i = 0;
  for (const slot of TICKET_PHONE_MASK) {
    if (i >= digits.length) break;
    if (slot === '#') out += digits[i++];
    else out += slot;
  }
  return out;
}

/** The ticket form's max-length rule: 'Input length too long'. */
const tooLong =
  (n: number): Rule =>
  (value) =>
    value.length > n ? messages.inputTooLong : undefined;

const fullPhone: Rule = (value) => (value !== '' && !/^\(\d{3}\)\d{3}-\d{4}$/.test(value) ? messages.phoneInvalid : undefined);

/** Spec §5 support-ticket rules. */
export function validateTicket(values: TicketValues): FieldErrors<TicketField> {
  return compact<TicketField>({
    firstName: validate(values.firstName, [required, tooLong(ticketLimits.name)]),
    lastName: validate(values.lastName, [required, tooLong(ticketLimits.name)]),
    email: validate(values.email, [required, tooLong(ticketLimits.email), email]),
    phone: validate(values.phone, [required, tooLong(ticketLimits.phone), fullPhone]),
    subject: validate(values.subject, [required, tooLong(ticketLimits.subject)]),
    description: validate(values.description, [required]),
    caseType: validate(values.caseType, [required]),
    model: validate(values.model, [tooLong(ticketLimits.model)]),
    serial: validate(values.serial, [tooLong(ticketLimits.serial)]),
  });
}

/** The GraphQL ticket input: name is first plus last, every string trimmed, empty optionals left out. */
export function toTicketInput(values: TicketValues) {
  const model = values.model.trim();
  const serial = values.serial.trim();
  return {
    name: `${values.firstName.trim()} ${values.lastName.trim()}`,
    emailAddress: values.email.trim(),
    phone: values.phone.trim(),
    subject: values.subject.trim(),
    description: values.description.trim(),
    caseType: values.caseType,
    ...(model ? { model } : {}),
    ...(serial ? { serial } : {}),
  };
}

export const ticketMessages = {
  created: (uid: string) => `Ticket ${uid} has been created successfully`,
  failed: (error: string) => `Failed to create ticket: ${error}`,
} as const;
