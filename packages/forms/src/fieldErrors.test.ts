import { compact, withoutChanged, type FieldErrors } from './fieldErrors';

describe('compact', () => {
  it('drops the fields without a message', () => {
    expect(compact<'city' | 'line1'>({ city: 'Required', line1: '' })).toEqual({ city: 'Required' });
  });
});

describe('withoutChanged', () => {
  const errors: FieldErrors<'city' | 'line1'> = { city: 'Required', line1: 'Cannot be a PO box' };
  const before = { city: '', line1: 'PO Box 12', state: 'TX' };

  it("drops the server's message of a field the user changed and keeps the others", () => {
    expect(withoutChanged(errors, before, { ...before, line1: '100 Congress Ave' })).toEqual({ city: 'Required' });
  });

  it('keeps the same object when no field with a message changed', () => {
    expect(withoutChanged(errors, before, { ...before, state: 'CA' })).toBe(errors);
  });
});
