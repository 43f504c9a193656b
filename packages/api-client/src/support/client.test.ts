/**
 * @jest-environment node
 */
import { json, setupClient } from '../test/fakes';
import { CREATE_SERVICE_SUPPORT_TICKET_MUTATION, MY_SERVICE_SUPPORT_TICKETS_QUERY } from './client';
import type { ContactFormBody, TicketInput } from './types';

const ticket: TicketInput = {
  name: 'Casey Morgan',
  emailAddress: 'casey@example.com',
  phone: '(512)555-0142',
  subject: 'Screen flickers',
  description: 'It flickers after waking up.',
  caseType: 'Hardware',
  model: 'RL14',
  serial: 'RT10000001',
};

const contact: ContactFormBody = {
  firstName: 'Casey',
  lastName: 'Morgan',
  email: 'casey@example.com',
  phone: '5125550142',
  company: '',
  subject: 'Question',
  primaryFault: 'software',
  desc: 'Where are the drivers?',
};

describe('support client', () => {
  it('sends the ticket mutation with its input and reads the result', async () => {
    const { api, call } = setupClient([
      json(200, { data: { createServiceSupportTicket: { success: true, error: null, uid: 'TCK-1001', complete: true } } }),
    ]);

    await expect(api.support.createServiceSupportTicket(ticket)).resolves.toEqual({
      success: true,
      error: null,
      uid: 'TCK-1001',
      complete: true,
    });
    expect(call(0).url).toBe('https://api.example.test/graphql');
    expect(call(0).body).toEqual({ query: CREATE_SERVICE_SUPPORT_TICKET_MUTATION, variables: { ticketInput: ticket } });
  });

  it('passes a validation failure through as success false with its message', async () => {
    const { api } = setupClient([
      json(200, { data: { createServiceSupportTicket: { success: false, error: 'Input length too long', uid: null, complete: null } } }),
    ]);

    await expect(api.support.createServiceSupportTicket(ticket)).resolves.toMatchObject({ success: false, error: 'Input length too long' });
  });

  it('lists the signed-in customer tickets', async () => {
    const row = { uid: 'TCK-1', subject: 'S', caseType: 'Quote', status: 'open', createdAt: '2026-01-02T00:00:00Z' };
    const { api, call } = setupClient([json(200, { data: { myServiceSupportTickets: [row] } })]);

    await expect(api.support.myServiceSupportTickets()).resolves.toEqual([row]);
    expect(call(0).body).toEqual({ query: MY_SERVICE_SUPPORT_TICKETS_QUERY, variables: {} });
  });

  it('posts the contact form', async () => {
    const { api, call } = setupClient([json(200, { success: true })]);

    await expect(api.support.sendContactForm(contact)).resolves.toEqual({ success: true });
    expect(call(0).method).toBe('POST');
    expect(call(0).url).toBe('https://api.example.test/contact-form');
    expect(call(0).body).toEqual(contact);
  });

  it('rejects a refused contact form with the field messages', async () => {
    const { api } = setupClient([json(400, { error: 'validation', message: 'Some fields are invalid.', fields: { email: 'Must be a valid e-mail address' } })]);

    await expect(api.support.sendContactForm(contact)).rejects.toMatchObject({ status: 400, fields: { email: 'Must be a valid e-mail address' } });
  });
});
