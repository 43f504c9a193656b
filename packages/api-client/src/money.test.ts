import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows integer cents as the currency amount', () => {
    expect(formatMoney({ cents: 28900, currency: 'USD' })).toBe('$289.00');
    expect(formatMoney({ cents: 5, currency: 'USD' })).toBe('$0.05');
    expect(formatMoney({ cents: 189900, currency: 'EUR' })).toBe('€1,899.00');
    // No currency from an old answer: dollars, as the portal's prices are.
    expect(formatMoney({ cents: 100, currency: '' })).toBe('$1.00');
  });

  it('writes dollars as Intl does for en-US, without it', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 99999, 100000, 123456789, 100000000000, -1, -100, -123456, 900719925474099]) {
      expect(formatMoney({ cents, currency: 'USD' })).toBe(intl.format(cents / 100));
    }
  });
});
