import { rmaTypeText, statusText } from './statusText';

describe('statusText', () => {
  it('words the known statuses and keeps an unknown one readable', () => {
    expect(statusText('SHIPPED_BACK')).toBe('Shipped back');
    expect(statusText('ON_HOLD')).toBe('On hold');
  });

  it('words the parts orders statuses too', () => {
    expect(['AWAITING_PAYMENT', 'PLACED', 'SHIPPED', 'CANCELLED'].map(statusText)).toEqual(['Awaiting payment', 'Placed', 'Shipped', 'Cancelled']);
  });
});

describe('rmaTypeText', () => {
  it.each([
    ['REPAIR', 'Repair'],
    ['UPGRADE', 'Upgrade'],
    ['RECYCLE', 'Recycle'],
    ['RECYCLE_CREDIT', 'Recycle'],
  ])('words %s as %s', (type, words) => {
    expect(rmaTypeText(type)).toBe(words);
  });
});
