import { addressFromProfile, changeCountry, changeState, emptyAddress, validateAddress, type AddressValues } from './address';

const austin: AddressValues = { line1: '1 Main St', line2: '', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' };

describe('address rules', () => {
  it('passes a complete US address', () => {
    expect(validateAddress(austin)).toEqual({});
  });

  it('requires line 1, country, city and postal code, and the state for the US', () => {
    expect(validateAddress(emptyAddress)).toEqual({ line1: 'Required', state: 'Required', city: 'Required', postalCode: 'Required' });
    expect(validateAddress({ ...emptyAddress, country: '' })).toMatchObject({ country: 'Required' });
  });

  it('does not require a state outside the US', () => {
    expect(validateAddress({ ...austin, country: 'DE', state: '', city: 'Berlin', postalCode: '10115' })).toEqual({});
  });

  it('refuses PO boxes on both lines unless allowed', () => {
    const poBox = { ...austin, line1: 'PO Box 12', line2: 'P.O. Box 3' };
    expect(validateAddress(poBox)).toEqual({ line1: 'Cannot be a PO box', line2: 'Cannot be a PO box' });
    expect(validateAddress(poBox, { allowPoBox: true })).toEqual({});
  });

  it('limits lines, city and state to 35 and the postal code to 12', () => {
    const long = 'a'.repeat(36);
    expect(validateAddress({ ...austin, line1: long, line2: long, city: long, state: long, postalCode: '1'.repeat(13) })).toEqual({
      line1: 'Must be less than 36 characters',
      line2: 'Must be less than 36 characters',
      city: 'Must be less than 36 characters',
      state: 'Must be less than 36 characters',
      postalCode: 'Must be less than 13 characters',
    });
  });

  it('clears the state when the country changes', () => {
    expect(changeCountry(austin, 'CA')).toEqual({ ...austin, country: 'CA', state: '' });
    expect(changeCountry(austin, 'US')).toBe(austin);
  });

  it('clears the city when a military state meets a non-military city, and the reverse', () => {
    expect(changeState(austin, 'AE').city).toBe('');
    expect(changeState({ ...austin, state: 'AE', city: 'APO' }, 'TX').city).toBe('');
    expect(changeState({ ...austin, state: 'AE', city: 'APO' }, 'AP').city).toBe('APO');
    expect(changeState(austin, 'CA').city).toBe('Austin');
    expect(changeState({ ...austin, country: 'CL', state: '', city: 'Arica' }, 'AP').city).toBe('Arica');
  });

  it('clears a military city when the country changes', () => {
    expect(changeCountry({ ...austin, state: 'AE', city: 'FPO' }, 'DE')).toMatchObject({ state: '', city: '' });
  });

  it('defaults to the US and prefills from the stored address', () => {
    expect(emptyAddress.country).toBe('US');
    expect(addressFromProfile({ ...austin, country: '' })).toEqual(austin);
    expect(addressFromProfile(null)).toEqual(emptyAddress);
  });
});
