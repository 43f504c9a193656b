import { DEFAULT_PHONE_COUNTRY } from './phoneCountry';

// Apart from the rules (contact.ts), so a page can prefill a contact without loading the phone metadata.

/**
 * The contact form's values. phone is the widget's E.164 value once edited, or the national
 * number as stored on the profile; phoneCountryCode is ISO 3166-1.
 */
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
    // Kept as stored: turning it into E.164 needs the phone metadata, which only the contact step loads.
    phone: profile.phone ?? '',
    phoneCountryCode,
    company: profile.company ?? '',
    position: profile.position ?? '',
  };
}

