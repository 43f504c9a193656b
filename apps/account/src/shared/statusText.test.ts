import { eventText, rmaTypeText, statusText } from './statusText';

describe('statusText', () => {
  it('words the known statuses and keeps an unknown one readable', () => {
    expect(statusText('SHIPPED_BACK')).toBe('Shipped back');
    expect(statusText('ON_HOLD')).toBe('On hold');
  });

  it('tells the customer a unit comes back without the repair', () => {
    expect(statusText('RETURN_UNREPAIRED')).toBe('Returning unrepaired');
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

describe('eventText', () => {
  it('tells the customer a failed label is being retried, and when support takes over', () => {
    expect(eventText({ status: '', kind: 'label_failed' })).toBe('Shipping label delayed; we keep trying and e-mail it to you');
    expect(eventText({ status: '', kind: 'label_retries_exhausted' })).toBe('Shipping label delayed; support will send it to you');
    expect(eventText({ status: '', kind: 'label_issued' })).toBe('Shipping label issued');
  });

  it('words the diagnosis, the decision on its revised quote and the reminders', () => {
    expect(eventText({ status: '', kind: 'diagnosed' })).toBe('Diagnosed');
    expect(eventText({ status: '', kind: 'decision' })).toBe('Decision on the revised quote');
    expect(eventText({ status: '', kind: 'decision_reminder' })).toBe('Reminder: the revised quote awaits your decision');
  });
});
