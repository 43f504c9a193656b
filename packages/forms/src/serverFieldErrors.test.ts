import { sortFieldErrors } from './serverFieldErrors';

describe('sortFieldErrors', () => {
  it('sorts a body’s paths onto the contact, address and payment forms, and keeps the rest by path', () => {
    expect(
      sortFieldErrors({
        'contact.phone': 'Invalid phone number',
        'address.line1': 'Cannot be a PO box',
        'paymentData.customerPO': 'Required',
        'rmaInput.problem': 'Required',
        'lines.2': 'Unknown part',
        'contact.nickname': 'Unknown field',
      }),
    ).toEqual({
      contact: { phone: 'Invalid phone number' },
      address: { line1: 'Cannot be a PO box' },
      payment: { poNumber: 'Required' },
      other: { 'rmaInput.problem': 'Required', 'lines.2': 'Unknown part', 'contact.nickname': 'Unknown field' },
    });
  });

  it("reads a body whose contact fields are at its top (the account's settings)", () => {
    expect(sortFieldErrors({ firstName: 'Required', 'address.city': 'Required', name: 'Required' }, '')).toEqual({
      contact: { firstName: 'Required' },
      address: { city: 'Required' },
      payment: {},
      other: { name: 'Required' },
    });
  });
});
