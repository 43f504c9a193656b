import { limits } from './limits';
import { DEFAULT_PHONE_COUNTRY, toE164, validatePhone } from './phone';
import { email, maxLength, required, validate } from './rules';

/** The contact form's values; phone is the widget's E.164 value, phoneCountryCode ISO 3166-1. */
export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  phoneCountryCode: string;
  company: string;
  position: string;
}

export type ContactField = keyof ContactValues;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const emptyContact: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  phoneCountryCode: DEFAULT_PHONE_COUNTRY,
  company: '',
  position: '',
};

/** The profile fields a contact is prefilled from (spec §6: users see their stored contact). */
export interface ContactProfile {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  phoneCountryCode?: string;
  company?: string;
  position?: string;
}

export function contactFromProfile(profile: ContactProfile | null | undefined): ContactValues {
  if (!profile) return emptyContact;
  const phoneCountryCode = profile.phoneCountryCode || DEFAULT_PHONE_COUNTRY;
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    email: profile.email ?? '',
    phone: toE164(profile.phone ?? '', phoneCountryCode),
    phoneCountryCode,
    company: profile.company ?? '',
    position: profile.position ?? '',
  };
}

/** Spec §5 contact rules; the result has an entry per failing field. */
export function validateContact(values: ContactValues): FieldErrors<ContactField> {
  const errors: FieldErrors<ContactField> = {
    firstName: validate(values.firstName, [required, maxLength(limits.name)]),
    lastName: validate(values.lastName, [required, maxLength(limits.name)]),
    email: validate(values.email, [required, email]),
    phone: validatePhone(values.phone),
    company: validate(values.company, [maxLength(limits.company)]),
    position: validate(values.position, [maxLength(limits.position)]),
  };
  return compact(errors);
}

export function compact<F extends string>(errors: FieldErrors<F>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<F>;
}
