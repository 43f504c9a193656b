/**
 * @jest-environment node
 */
import { json, setupClient } from '../test/fakes';
import type { QuoteDetails } from './types';

const quote: QuoteDetails = {
  uid: 'QT-PACTSERVICE1',
  kind: 'service',
  rmaNumber: 'RMA-100418',
  serial: 'RT10000001',
  amount: { cents: 12500, currency: 'USD' },
  status: 'open',
  note: 'The keyboard needs replacing as well.',
  expiresAt: '2026-12-23T12:00:00Z',
  createdAt: '2026-11-23T12:00:00Z',
  reference: 'pactreference',
  method: '',
  paidAt: null,
  customerPO: '',
  quoteData: {
    shipping: {
      address: { line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' },
      contact: { firstName: 'Casey', lastName: 'Morgan', emailAddress: 'casey@example.com', phoneNumber: '5125550142', phoneCountryCode: 'US', companyName: '' },
    },
    externalResource: { serial: 'RT10000001' },
    total: { cents: 12500, currency: 'USD' },
  },
};

describe('payments client', () => {
  it('reads a quote by uid with the token', async () => {
    const { api, call } = setupClient([json(200, quote)]);

    await expect(api.payments.quoteDetails('QT-PACTSERVICE1')).resolves.toEqual(quote);
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/payments/quote/details?uid=QT-PACTSERVICE1', method: 'GET' });
    expect(call(0).headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('rejects an unknown or foreign quote with 404 payments.quoteNotFound', async () => {
    const { api } = setupClient([json(404, { error: 'payments.quoteNotFound', message: 'Quote not found' })]);

    await expect(api.payments.quoteDetails('QT-NOPE')).rejects.toMatchObject({ status: 404, error: 'payments.quoteNotFound', message: 'Quote not found' });
  });

  it('starts a PayPal order with the uid and reference, never an amount', async () => {
    const { api, call } = setupClient([json(200, { paymentUrl: 'https://paypal.test/approve?token=O1' })]);

    await expect(api.payments.startPayPalOrder({ uid: 'QT-1', reference: 'ref' })).resolves.toEqual({ paymentUrl: 'https://paypal.test/approve?token=O1' });
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/payments/quote/paypal/order', method: 'POST', body: { uid: 'QT-1', reference: 'ref' } });
  });

  it('captures an approved order and answers the paid quote', async () => {
    const { api, call } = setupClient([json(200, { ...quote, status: 'paid', method: 'PayPal', paidAt: '2026-11-23T13:00:00Z' })]);

    await expect(api.payments.capturePayPal({ uid: 'QT-1', reference: 'ref', token: 'O1' })).resolves.toMatchObject({ status: 'paid', method: 'PayPal' });
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/payments/quote/paypal/capture', body: { uid: 'QT-1', reference: 'ref', token: 'O1' } });
  });

  it('rejects a declined capture with the provider message', async () => {
    const message = 'The payment was declined. Please use another card or payment method.';
    const { api } = setupClient([json(409, { error: 'payments.declined', message })]);

    await expect(api.payments.capturePayPal({ uid: 'QT-1', reference: 'ref', token: 'O1' })).rejects.toMatchObject({ status: 409, message });
  });

  it('asks for the Authorize.net hosted form and confirms the payment by uid', async () => {
    const { api, call } = setupClient([
      json(200, { formUrl: 'https://authnet.test/payment/payment', token: 'tok' }),
      json(200, { ...quote, status: 'paid', method: 'AuthorizeNet' }),
    ]);

    await expect(api.payments.authnetForm({ uid: 'QT-1', reference: 'ref' })).resolves.toEqual({ formUrl: 'https://authnet.test/payment/payment', token: 'tok' });
    await expect(api.payments.confirmAuthnet('QT-1')).resolves.toMatchObject({ status: 'paid' });
    expect(call(0)).toMatchObject({ url: 'https://api.example.test/payments/quote/authnet/form', body: { uid: 'QT-1', reference: 'ref' } });
    expect(call(1)).toMatchObject({ url: 'https://api.example.test/payments/quote/authnet/confirm', body: { uid: 'QT-1' } });
  });

  it('rejects a confirm before any transaction with 409 payments.notApproved', async () => {
    const { api } = setupClient([json(409, { error: 'payments.notApproved', message: 'The payment has not been approved yet.' })]);

    await expect(api.payments.confirmAuthnet('QT-1')).rejects.toMatchObject({ status: 409, error: 'payments.notApproved' });
  });
});
