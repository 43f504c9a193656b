import type { HttpClient } from '../client';
import type { GraphQLClient } from '../graphql';
import type { ContactFormBody, ContactFormResult, SupportTicketSummary, TicketInput, TicketResult } from './types';

type Options = { signal?: AbortSignal };

export const CREATE_SERVICE_SUPPORT_TICKET_MUTATION =
  'mutation CreateServiceSupportTicket($ticketInput: TicketInput!) { createServiceSupportTicket(ticketInput: $ticketInput) { success error uid complete } }';

export const MY_SERVICE_SUPPORT_TICKETS_QUERY =
  'query MyServiceSupportTickets { myServiceSupportTickets { uid subject caseType status createdAt } }';

export const CONTACT_FORM_PATH = '/contact-form';

export interface SupportClient {
  /** Raises a ticket; validation failures answer `success: false` with the message in `error`. */
  createServiceSupportTicket(input: TicketInput, options?: Options): Promise<TicketResult>;
  /** The signed-in customer's tickets. */
  myServiceSupportTickets(options?: Options): Promise<SupportTicketSummary[]>;
  /** The public contact form (no token needed). */
  sendContactForm(body: ContactFormBody, options?: Options): Promise<ContactFormResult>;
}

export function createSupportClient(http: HttpClient, graphql: GraphQLClient): SupportClient {
  return {
    async createServiceSupportTicket(input, options) {
      const data = await graphql.query<{ createServiceSupportTicket: TicketResult }>(
        CREATE_SERVICE_SUPPORT_TICKET_MUTATION,
        { ticketInput: input },
        options,
      );
      const r = data.createServiceSupportTicket;
      return { success: r.success === true, error: r.error ?? null, uid: r.uid ?? null, complete: r.complete ?? null };
    },

    async myServiceSupportTickets(options) {
      const data = await graphql.query<{ myServiceSupportTickets: SupportTicketSummary[] | null }>(
        MY_SERVICE_SUPPORT_TICKETS_QUERY,
        {},
        options,
      );
      return data.myServiceSupportTickets ?? [];
    },

    async sendContactForm(body, options) {
      const result = await http.request<ContactFormResult>('POST', CONTACT_FORM_PATH, { body, signal: options?.signal });
      return { success: result?.success === true };
    },
  };
}
