import { contactErrors, contactFromProfile, emptyContact, validateContact, type ContactValues } from './contact';
import { changePhoneCountry, toE164, toNationalDigits, validatePhone } from './phone';
import { email, noPoBox } from './rules';

const valid: ContactValues = {
  firstName: 'Casey',
  lastName: 'Morgan',
  email: 'casey@example.com',
  phone: '+15125550142',
  phoneCountryCode: 'US',
  company: 'Morgan Field Services',
  position: 'Technician',
};

describe('contact rules', () => {
  it('passes a complete contact', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('requires names, e-mail and phone', () => {
    expect(validateContact(emptyContact)).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      email: 'Required',
      phone: 'Required',
    });
  });

  it('checks only the shown, editable fields and the phone', () => {
    expect(contactErrors(emptyContact)).toEqual(validateContact(emptyContact));
    expect(contactErrors(emptyContact, ['firstName', 'email'], ['email'])).toEqual({ firstName: 'Required', phone: 'Required' });
    expect(contactErrors({ ...valid, company: 'a'.repeat(36) }, ['firstName', 'lastName', 'email'])).toEqual({});
  });

  it('limits names, company and position to 35 characters', () => {
    const long = 'a'.repeat(36);
    expect(validateContact({ ...valid, firstName: long, lastName: long, company: long, position: long })).toEqual({
      firstName: 'Must be less than 36 characters',
      lastName: 'Must be less than 36 characters',
      company: 'Must be less than 36 characters',
      position: 'Must be less than 36 characters',
    });
    expect(validateContact({ ...valid, firstName: 'a'.repeat(35) })).toEqual({});
  });

  it.each(['casey', 'casey@', 'casey@example', 'ca sey@example.com', '@example.com'])('rejects the e-mail %s', (value) => {
    expect(email(value)).toBe('Must be a valid e-mail address');
  });

  it('accepts ordinary e-mail addresses', () => {
    expect(email('olivia.b+rma@fleetco.example')).toBeUndefined();
  });

  it("says 'Invalid Format or Number' for a number that cannot exist", () => {
    expect(validatePhone('+1512555')).toBe('Invalid Format or Number');
    expect(validatePhone('+15125550142')).toBeUndefined();
    expect(validatePhone(' ')).toBe('Required');
    expect(validatePhone('5125550142', 'US')).toBeUndefined();
    expect(validatePhone('5125550142', 'GB')).toBe('Invalid Format or Number');
    expect(validatePhone(`+1${'5'.repeat(25)}`)).toBe('Must be less than 26 characters');
  });

  it('prefills from the profile, keeping the stored national phone', () => {
    expect(
      contactFromProfile({ firstName: 'Casey', lastName: 'Morgan', email: 'c@x.example', phone: '5125550142', phoneCountryCode: 'US' }),
    ).toEqual({ ...emptyContact, firstName: 'Casey', lastName: 'Morgan', email: 'c@x.example', phone: '5125550142', phoneCountryCode: 'US' });
    expect(contactFromProfile(null).phoneCountryCode).toBe('US');
  });

  it('converts between the stored phone and the widget value', () => {
    expect(toE164('(512) 555-0142', 'US')).toBe('+15125550142');
    expect(toE164('', 'US')).toBe('');
    expect(toNationalDigits('+15125550142')).toBe('5125550142');
    expect(toNationalDigits('(512) 555-0142')).toBe('5125550142');
    expect(changePhoneCountry('+15125550142', 'CA')).toBe('+15125550142');
    expect(changePhoneCountry('+15125550142', 'GB')).toBe('+445125550142');
  });
});

describe('PO box rule', () => {
  it.each(['PO Box 12', 'P.O. Box 5', 'p o box 7', 'Post Office Box 9', 'POB 12', 'P.O.B. 3', 'Unit 4, PO BOX 88', 'Box 12', 'box #4', 'P-O Box 2', 'POBox 6', 'P\u00a0O\u00a0Box 5', 'POB #12'])('rejects %s', (line) => {
    expect(noPoBox(line)).toBe('Cannot be a PO box');
  });

  it.each(['1 Main St', 'Apollo Rd', 'Box Elder St', 'Poplar Ave', '12 Box Elder St', 'Boxwood Lane', 'Pob Lane', 'Hippo Box', 'Postbox Lane'])('accepts %s', (line) => {
    expect(noPoBox(line)).toBeUndefined();
  });
});
