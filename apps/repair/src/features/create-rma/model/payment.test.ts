import type { PaymentOptions } from '@portal/api-client';
import {
  customerPO,
  defaultMethod,
  emptyPayment,
  formatTotal,
  paymentServerErrors,
  paymentTotal,
  toPaymentData,
  validatePayment,
  type PaymentValues,
} from './payment';
import { loadPaymentSnapshot, readPaymentReturn, savePaymentSnapshot } from './paymentReturn';
import { packagingFromQuote } from './quote';
import { emptyProblem } from './problem';

const card: PaymentOptions = { methods: ['PayPal'], defaultMethod: 'PayPal', poReleaseRequired: false, discountPercent: 0 };
const po: PaymentOptions = { methods: ['PayPal', 'PO'], defaultMethod: 'PO', poReleaseRequired: false, discountPercent: 0 };
const poRelease: PaymentOptions = { ...po, poReleaseRequired: true, discountPercent: 10 };
const file = { fileId: 'po/2026/11/a.pdf', originalname: 'a.pdf' };
const filled: PaymentValues = { method: 'PO', poNumber: '4471', poRelease: '1234', poFile: file };

describe('payment rules', () => {
  it('defaults holders of the PO permission to PO and everyone else to the card', () => {
    expect(defaultMethod(po)).toBe('PO');
    expect(defaultMethod(card)).toBe('PayPal');
    // A default the customer may not use falls back to what they may.
    expect(defaultMethod({ ...card, defaultMethod: 'PO' })).toBe('PayPal');
  });

  it('needs a method the customer may use', () => {
    expect(validatePayment(emptyPayment, card)).toEqual({ method: 'Required' });
    expect(validatePayment({ ...emptyPayment, method: 'PO' }, card)).toEqual({ method: 'Required' });
    expect(validatePayment({ ...emptyPayment, method: 'PayPal' }, card)).toEqual({});
  });

  it("asks a PO payment for the PO number and the file ('Required', 'Must Attach Files')", () => {
    expect(validatePayment({ ...emptyPayment, method: 'PO' }, po)).toEqual({ poNumber: 'Required', poFile: 'Must Attach Files' });
    expect(validatePayment({ ...filled, poNumber: '   ' }, po)).toEqual({ poNumber: 'Required' });
    expect(validatePayment({ ...filled, poNumber: 'x'.repeat(36) }, po)).toEqual({ poNumber: 'Must be less than 36 characters' });
  });

  it.each([
    ['', 'Required'],
    ['123', 'Must be 4 or 5 digits'],
    ['123456', 'Must be 4 or 5 digits'],
    ['12a4', 'Must be 4 or 5 digits'],
    ['1234', undefined],
    ['12345', undefined],
  ])("checks release %p only when the domain needs one -> %p", (release, message) => {
    expect(validatePayment({ ...filled, poRelease: release }, poRelease).poRelease).toBe(message);
    expect(validatePayment({ ...filled, poRelease: release }, po).poRelease).toBeUndefined();
  });

  it('keeps <PO>-<release> within 35 characters', () => {
    expect(validatePayment({ ...filled, poNumber: 'x'.repeat(30) }, poRelease).poNumber).toBe('Must be less than 30 characters');
    expect(customerPO({ ...filled, poNumber: 'x'.repeat(29), poRelease: '12345' }, poRelease)).toHaveLength(35);
  });

  it('sends PO-release as customerPO and the file id; a card payment sends neither', () => {
    expect(toPaymentData(filled, poRelease)).toEqual({ paymentMethod: 'PO', customerPO: '4471-1234', customerPOFileId: 'po/2026/11/a.pdf', save: false, quoteId: '' });
    expect(toPaymentData(filled, po, 'QT-1')).toEqual({ paymentMethod: 'PO', customerPO: '4471', customerPOFileId: 'po/2026/11/a.pdf', save: false, quoteId: 'QT-1' });
    expect(toPaymentData({ ...filled, method: 'PayPal' }, po)).toEqual({ paymentMethod: 'PayPal', customerPO: '', customerPOFileId: '', save: false, quoteId: '' });
  });

  it("puts the server's paymentData messages on the card's fields", () => {
    expect(
      paymentServerErrors({
        'paymentData.customerPO': 'Required',
        'paymentData.poRelease': 'Must be 4 or 5 digits',
        'paymentData.customerPOFileId': 'Must Attach Files',
        'paymentData.paymentMethod': 'Required',
        'contact.firstName': 'Required',
      }),
    ).toEqual({ poNumber: 'Required', poRelease: 'Must be 4 or 5 digits', poFile: 'Must Attach Files', method: 'Required' });
  });

  it("totals the option's price less the discount, or a saved quote's own total", () => {
    const price = { cents: 28900, currency: 'USD' };
    expect(paymentTotal(price, 10)).toEqual({ cents: 26010, currency: 'USD' });
    expect(paymentTotal(price, 0)).toEqual(price);
    expect(paymentTotal(price, 10, { cents: 1000, currency: 'USD' })).toEqual({ cents: 1000, currency: 'USD' });
    expect(paymentTotal(null, 10)).toBeNull();
    expect(formatTotal({ cents: 26010, currency: 'USD' })).toBe('$260.10');
    expect(formatTotal({ cents: 500, currency: 'EUR' })).toBe('5.00 EUR');
  });
});

describe('payment return', () => {
  it('reads the return URL of the provider', () => {
    expect(readPaymentReturn('?rmaNumber=RMA-1&token=O1&PayerID=P')).toEqual({ rmaNumber: 'RMA-1', token: 'O1', cancelled: false });
    expect(readPaymentReturn('?rmaNumber=RMA-1&cancelled=1')).toEqual({ rmaNumber: 'RMA-1', token: '', cancelled: true });
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
