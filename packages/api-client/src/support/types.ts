/** Spec §3 support ticket input: name is first plus last. */
export interface TicketInput {
  name: string;
  emailAddress: string;
  phone: string;
  subject: string;
  description: string;
  caseType: string;
  model?: string;
  serial?: string;
}

export interface TicketResult {
  success: boolean;
  error: string | null;
  uid: string | null;
  complete: boolean | null;
}

export interface SupportTicketSummary {
  uid: string;
  subject: string;
  caseType: string;
  status: string;
  createdAt: string;
}

/** Contact-form reasons of spec §9. */
export type ContactFormFault = 'broken' | 'software';

/** Body of POST /contact-form. */
export interface ContactFormBody {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  subject: string;
  primaryFault: ContactFormFault;
  desc: string;
}

export interface ContactFormResult {
  success: boolean;
}
