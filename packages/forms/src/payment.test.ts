import type { PaymentOptions } from '@portal/api-client';
import { customerPO, defaultMethod, emptyPayment, paymentServerErrors, validatePayment, type PaymentValues } from './payment';

const card: PaymentOptions = { methods: ['PayPal'], defaultMethod: 'PayPal', poReleaseRequired: false, discountPercent: 0 };
const po: PaymentOptions = { methods: ['PayPal', 'PO'], defaultMethod: 'PO', poReleaseRequired: false, discountPercent: 0 };
const poRelease: PaymentOptions = { ...po, poReleaseRequired: true, discountPercent: 10 };
const file = { fileId: 'po/2026/11/a.pdf', originalname: 'a.pdf' };
const filled: PaymentValues = { method: 'PO', poNumber: '4471', poRelease: '1234', poFile: file };

describe('payment rules (spec §5)', () => {
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
  ])('checks release %p only when the domain needs one -> %p', (release, message) => {
    expect(validatePayment({ ...filled, poRelease: release }, poRelease).poRelease).toBe(message);
    expect(validatePayment({ ...filled, poRelease: release }, po).poRelease).toBeUndefined();
  });

  it('keeps <PO>-<release> within 35 characters', () => {
    expect(validatePayment({ ...filled, poNumber: 'x'.repeat(30) }, poRelease).poNumber).toBe('Must be less than 30 characters');
    expect(customerPO({ ...filled, poNumber: 'x'.repeat(29), poRelease: '12345' }, poRelease)).toHaveLength(35);
    expect(customerPO(filled, po)).toBe('4471');
  });

  it("puts the server's paymentData messages on the payment's fields", () => {
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
});
