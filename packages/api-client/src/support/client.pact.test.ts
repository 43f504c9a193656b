/**
 * @jest-environment node
 */
// Consumer contract of the public contact form (no token needed).
import { MatchersV3 } from '@pact-foundation/pact';
import { clientAt, pactWith } from '../test/pact';
import type { ContactFormBody } from './types';

const { like } = MatchersV3;

const pact = pactWith('portal-support-api');

const body: ContactFormBody = {
  firstName: 'Casey',
  lastName: 'Morgan',
  email: 'casey@example.com',
  phone: '5125550142',
  company: 'Morgan Field Services',
  subject: 'Drivers for the RL14',
  primaryFault: 'software',
  desc: 'Where can I find the latest drivers?',
};

describe('contact form contract', () => {
  it('accepts a complete contact form', () =>
    pact
      .addInteraction()
      .uponReceiving('a complete contact form')
      .withRequest('POST', '/contact-form', (req) => req.headers({ 'Content-Type': 'application/json' }).jsonBody(body))
      .willRespondWith(200, (res) => res.jsonBody({ success: true }))
      .executeTest(async (server) => {
        const api = clientAt(server.url);
        await expect(api.support.sendContactForm(body)).resolves.toEqual({ success: true });
      }));

  it('refuses a contact form with an invalid e-mail, naming the field', () =>
    pact
      .addInteraction()
      .uponReceiving('a contact form with an invalid e-mail')
      .withRequest('POST', '/contact-form', (req) =>
        req.headers({ 'Content-Type': 'application/json' }).jsonBody({ ...body, email: 'not-an-email' }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { email: 'Must be a valid e-mail address' } }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url);
        await expect(api.support.sendContactForm({ ...body, email: 'not-an-email' })).rejects.toMatchObject({
          status: 400,
          fields: { email: 'Must be a valid e-mail address' },
        });
      }));
});
