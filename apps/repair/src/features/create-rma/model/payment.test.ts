import type { PaymentOptions } from '@portal/api-client';
import type { PaymentValues } from '@portal/forms';
import { paymentTotal, saveQuotePaymentData, toPaymentData } from './payment';
import { loadPaymentSnapshot, readPaymentReturn, savePaymentSnapshot } from './paymentReturn';
import { packagingFromQuote } from './quote';
import { emptyProblem } from './problem';

const po: PaymentOptions = { methods: ['PayPal', 'PO'], defaultMethod: 'PO', poReleaseRequired: false, discountPercent: 0 };
const poRelease: PaymentOptions = { ...po, poReleaseRequired: true, discountPercent: 10 };
const file = { fileId: 'po/2026/11/a.pdf', originalname: 'a.pdf' };
const filled: PaymentValues = { method: 'PO', poNumber: '4471', poRelease: '1234', poFile: file };

// The shared rules (method, PO number, release, file) are tested in @portal/forms (payment.test.ts).
describe('payment of the repair flows', () => {
  it('sends PO-release as customerPO and the file id; a card payment sends neither', () => {
    expect(toPaymentData(filled, poRelease)).toEqual({ paymentMethod: 'PO', customerPO: '4471-1234', customerPOFileId: 'po/2026/11/a.pdf', save: false, quoteId: '' });
    expect(toPaymentData(filled, po, 'QT-1')).toEqual({ paymentMethod: 'PO', customerPO: '4471', customerPOFileId: 'po/2026/11/a.pdf', save: false, quoteId: 'QT-1' });
    expect(toPaymentData({ ...filled, method: 'PayPal' }, po)).toEqual({ paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '', save: false, quoteId: '' });
    expect(saveQuotePaymentData()).toEqual({ paymentMethod: '', customerPO: '', customerPOFileId: '', save: true, quoteId: '' });
  });

  it("totals the option's price less the discount, or a saved quote's own total", () => {
    const price = { cents: 28900, currency: 'USD' };
    expect(paymentTotal(price, 10)).toEqual({ cents: 26010, currency: 'USD' });
    expect(paymentTotal(price, 0)).toEqual(price);
    expect(paymentTotal(price, 10, { cents: 1000, currency: 'USD' })).toEqual({ cents: 1000, currency: 'USD' });
    expect(paymentTotal(null, 10)).toBeNull();
  });
});

describe('payment return', () => {
  it('reads the return URL of the provider', () => {
    expect(readPaymentReturn('?rmaNumber=RMA-1&token=O1&PayerID=P')).toEqual({ id: 'RMA-1', token: 'O1', cancelled: false });
    expect(readPaymentReturn('?rmaNumber=RMA-1&cancelled=1')).toEqual({ id: 'RMA-1', token: '', cancelled: true });
    expect(readPaymentReturn('?toPage=2')).toBeNull();
  });

  it('keeps the flow by RMA number, without passwords', () => {
    sessionStorage.clear();
    const problem = { ...emptyProblem, userPassword: 'secret', biosPassword: 'bios', userId: 'casey' };
    savePaymentSnapshot({
      rmaNumber: 'RMA-7',
      quoteId: 'QT-1',
      paymentUrl: 'https://paypal.test/x',
      serial: 'RT10000002',
      problem,
      contact: { firstName: '', lastName: '', email: '', phone: '', phoneCountryCode: 'US', company: '', position: '' },
      address: { line1: '', line2: '', city: '', state: '', country: 'US', postalCode: '' },
      packaging: 'qr',
      quote: null,
    });

    expect(sessionStorage.getItem('portal.create-rma.payment.RMA-7')).not.toContain('secret');
    expect(loadPaymentSnapshot('RMA-7')).toMatchObject({ serial: 'RT10000002', packaging: 'qr', problem: { userId: 'casey', userPassword: '' } });
    expect(loadPaymentSnapshot('RMA-8')).toBeNull();
  });

  it('reads the packaging a quote was saved with', () => {
    expect(packagingFromQuote({ externalResource: { packaging: { havePackaging: true, requestBox: false } } })).toBe('label');
    expect(packagingFromQuote({ externalResource: { packaging: { havePackaging: false, requestBox: true } } })).toBe('box');
    expect(packagingFromQuote({ externalResource: { packaging: { havePackaging: false, requestBox: false } } })).toBe('qr');
    expect(packagingFromQuote({ externalResource: { serial: 'RT1' } })).toBe('');
  });
});
