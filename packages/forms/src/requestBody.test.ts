import { emptyAddress } from './address';
import { emptyContact } from './contactValues';
import { toAddressBody, toContactBody } from './requestBody';

describe('request bodies', () => {
  it('trim every contact string, the phone country included, and send the phone as national digits', () => {
    expect(
      toContactBody({ ...emptyContact, firstName: ' Casey ', lastName: 'Morgan ', email: ' casey@example.com', phone: '+15125550142', phoneCountryCode: ' US ', company: ' ', position: ' Lead' }),
    ).toEqual({ firstName: 'Casey', lastName: 'Morgan', email: 'casey@example.com', phone: '5125550142', phoneCountryCode: 'US', company: '', position: 'Lead' });
  });

  it('trim every address string', () => {
    expect(toAddressBody({ ...emptyAddress, line1: ' 100 Congress Ave ', line2: ' ', city: 'Austin ', state: ' TX', country: 'US ', postalCode: ' 78701' })).toEqual({
      line1: '100 Congress Ave',
      line2: '',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      postalCode: '78701',
    });
  });
});
