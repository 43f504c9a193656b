/**
 * @jest-environment node
 */
// Consumer contract of the payments process (/payments): the service-quote pages' calls and what
// they read back. The pact file lands in <repo>/pacts; api/payments/paymentspact verifies it
// against the real router with state handlers keyed by these state strings, word for word.
import { MatchersV3 } from '@pact-foundation/pact';
import { bearer, clientAt, pactWith, signedIn, signedOut, timestamp } from '../test/pact';

const { like, regex, integer } = MatchersV3;

const pact = pactWith('portal-payments-api');

const OPEN = 'casey has an open service quote QT-PACTSERVICE1 with reference pactreference';
const PAID = 'casey paid service quote QT-PACTSERVICE2 by card';

// QT-PACTSERVICE2 as the PAID state leaves it, answered by whichever return confirms it.
const paidQuote = {
  uid: 'QT-PACTSERVICE2',
  rmaNumber: regex('^RMA-\\d+$', 'RMA-100501'),
  amount: { cents: integer(12500), currency: 'USD' },
  status: 'paid',
  paidAt: timestamp('2026-11-23T13:00:00Z'),
  refunds: [],
};

describe('payments API contract', () => {
  it("reads an open service quote's details", () =>
    pact
      .addInteraction()
      .given(OPEN)
      .uponReceiving('a request for the details of an open service quote')
      .withRequest('GET', '/payments/quote/details', (req) => req.query({ uid: 'QT-PACTSERVICE1' }).headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          uid: 'QT-PACTSERVICE1',
          kind: 'service',
          rmaNumber: regex('^RMA-\\d+$', 'RMA-100501'),
          serial: like('RT10000001'),
          amount: { cents: integer(12500), currency: 'USD' },
          status: 'open',
          expiresAt: timestamp('2026-12-23T12:00:00Z'),
          reference: 'pactreference',
          paidAt: null,
          refunds: [],
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const quote = await api.payments.quoteDetails('QT-PACTSERVICE1');
        expect(quote).toMatchObject({ uid: 'QT-PACTSERVICE1', status: 'open', reference: 'pactreference', paidAt: null, refunds: [] });
        expect(quote.amount.currency).toBe('USD');
      }));

  it('answers an unknown quote with 404 payments.quoteNotFound', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the details of an unknown quote')
      .withRequest('GET', '/payments/quote/details', (req) => req.query({ uid: 'QT-PACTUNKNOWN' }).headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'payments.quoteNotFound', message: 'Quote not found' }))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.payments.quoteDetails('QT-PACTUNKNOWN')).rejects.toMatchObject({ status: 404, error: 'payments.quoteNotFound' });
      }));

  it('starts a PayPal order for an open quote and answers the approve link', () =>
    pact
      .addInteraction()
      .given(OPEN)
      .uponReceiving('a PayPal order request for an open service quote')
      .withRequest('POST', '/payments/quote/paypal/order', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ uid: 'QT-PACTSERVICE1', reference: 'pactreference' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({ paymentUrl: regex('^https?://.+$', 'http://127.0.0.1:8080/sandbox/paypal/checkoutnow?token=5O190127TN364715T') }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const order = await api.payments.startPayPalOrder({ uid: 'QT-PACTSERVICE1', reference: 'pactreference' });
        expect(order.paymentUrl).toMatch(/^https?:\/\//);
      }));

  it('answers a PayPal order request with the wrong reference as an unknown quote', () =>
    pact
      .addInteraction()
      .given(OPEN)
      .uponReceiving('a PayPal order request with a reference that is not the quote\'s')
      .withRequest('POST', '/payments/quote/paypal/order', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ uid: 'QT-PACTSERVICE1', reference: 'notthereference' }),
      )
      .willRespondWith(404, (res) => res.jsonBody({ error: 'payments.quoteNotFound', message: 'Quote not found' }))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.payments.startPayPalOrder({ uid: 'QT-PACTSERVICE1', reference: 'notthereference' })).rejects.toMatchObject({
          status: 404,
          error: 'payments.quoteNotFound',
        });
      }));

  it('answers the Authorize.net hosted form of an open quote and its token', () =>
    pact
      .addInteraction()
      .given(OPEN)
      .uponReceiving('a hosted payment form request for an open service quote')
      .withRequest('POST', '/payments/quote/authnet/form', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ uid: 'QT-PACTSERVICE1', reference: 'pactreference' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          formUrl: regex('^https?://.+$', 'http://127.0.0.1:8080/sandbox/authnet/payment/payment'),
          token: like('FCfc6VbKGFztf8g4LrGVMxlPLAxvqZTbyVRzb6wy+Ts='),
        }),
      )
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const form = await api.payments.authnetForm({ uid: 'QT-PACTSERVICE1', reference: 'pactreference' });
        expect(form.formUrl).toMatch(/^https?:\/\//);
        expect(form.token).not.toBe('');
      }));

  it('confirms a quote paid by card and answers it paid', () =>
    pact
      .addInteraction()
      .given(PAID)
      .uponReceiving('a confirm request for a service quote paid by card')
      .withRequest('POST', '/payments/quote/authnet/confirm', (req) => req.headers({ Authorization: bearer }).jsonBody({ uid: 'QT-PACTSERVICE2' }))
      .willRespondWith(200, (res) => res.jsonBody(paidQuote))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        await expect(api.payments.confirmAuthnet('QT-PACTSERVICE2')).resolves.toMatchObject({ uid: 'QT-PACTSERVICE2', status: 'paid' });
      }));

  it('answers a PayPal return for a quote already paid with the paid quote, capturing nothing again', () =>
    pact
      .addInteraction()
      .given(PAID)
      .uponReceiving('a PayPal capture request for a service quote already paid')
      .withRequest('POST', '/payments/quote/paypal/capture', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ uid: 'QT-PACTSERVICE2', reference: 'pactreference', token: '5O190127TN364715T' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(paidQuote))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const capture = { uid: 'QT-PACTSERVICE2', reference: 'pactreference', token: '5O190127TN364715T' };
        await expect(api.payments.capturePayPal(capture)).resolves.toMatchObject({ uid: 'QT-PACTSERVICE2', status: 'paid' });
      }));

  it("answers a PayPal capture with a token that is not the quote's order with 404", () =>
    pact
      .addInteraction()
      .given(OPEN)
      .uponReceiving("a PayPal capture request with a token that is not the open quote's order")
      .withRequest('POST', '/payments/quote/paypal/capture', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ uid: 'QT-PACTSERVICE1', reference: 'pactreference', token: 'NOTTHEORDER' }),
      )
      .willRespondWith(404, (res) => res.jsonBody({ error: 'payments.notFound', message: 'Payment not found' }))
      .executeTest(async (server) => {
        const api = clientAt(server.url, signedIn);
        const capture = { uid: 'QT-PACTSERVICE1', reference: 'pactreference', token: 'NOTTHEORDER' };
        await expect(api.payments.capturePayPal(capture)).rejects.toMatchObject({ status: 404, error: 'payments.notFound' });
      }));

  it('refuses a confirm without a token with 401, and the client sends the user to sign-in', () =>
    pact
      .addInteraction()
      .uponReceiving('a confirm request without a bearer token')
      .withRequest('POST', '/payments/quote/authnet/confirm', (req) => req.jsonBody({ uid: 'QT-PACTSERVICE2' }))
      .willRespondWith(401, (res) => res.jsonBody({ error: 'invalid_token', message: like('Please sign in again.') }))
      .executeTest(async (server) => {
        const { tokens, signIn } = signedOut();
        const api = clientAt(server.url, tokens);
        await expect(api.payments.confirmAuthnet('QT-PACTSERVICE2')).rejects.toMatchObject({ status: 401 });
        expect(signIn).toHaveBeenCalledTimes(1);
      }));
});
