import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows integer cents as the currency amount', () => {
    expect(formatMoney({ cents: 28900, currency: 'USD' })).toBe('$289.00');
    expect(formatMoney({ cents: 5, currency: 'USD' })).toBe('$0.05');
    expect(formatMoney({ cents: 189900, currency: 'EUR' })).toBe('€1,899.00');
    // No currency from an old answer: dollars, as the portal's prices are.
    expect(formatMoney({ cents: 100, currency: '' })).toBe('$1.00');
  });
});
