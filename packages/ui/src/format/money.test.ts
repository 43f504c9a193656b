import { currencyDigits, formatAmount, formatMoney, formatUsdString } from './money';

describe('formatMoney', () => {
  // US dollars: the rulebook's price-display vectors (money.rulebook.test.ts).
  it.each([
    ['another currency as en-US writes it', { cents: 189900, currency: 'EUR' }, '€1,899.00'],
    ['a currency without minor units', { cents: 1500, currency: 'JPY' }, '¥1,500'],
    ['no currency (an old answer) as dollars', { cents: 100, currency: '' }, '$1.00'],
  ])('writes %s', (_, money, want) => {
    expect(formatMoney(money)).toBe(want);
  });

  it('writes dollars as Intl does for en-US, without it', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 99999, 100000, 123456789, 100000000000, -1, -100, -123456, 900719925474099]) {
      expect(formatMoney({ cents, currency: 'USD' })).toBe(intl.format(cents / 100));
    }
  });
});

describe('formatAmount', () => {
  it.each([
    ['the amount of a price column', { cents: 28900, currency: 'USD' }, '289.00'],
    ['grouped as formatMoney groups', { cents: 189900, currency: 'USD' }, '1,899.00'],
    ['a few cents', { cents: 7, currency: 'USD' }, '0.07'],
    ['negative', { cents: -2500, currency: 'USD' }, '-25.00'],
    ['the currency’s own decimals', { cents: 1500, currency: 'JPY' }, '1,500'],
    ['three decimals where the currency has them', { cents: 1500, currency: 'BHD' }, '1.500'],
  ])('writes %s', (_, money, want) => {
    expect(formatAmount(money)).toBe(want);
  });
});

describe('currencyDigits', () => {
  it.each([
    ['USD', 2],
    ['', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['not a code', 2],
  ])('%s has %d', (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });
});

describe('formatUsdString', () => {
  it.each([
    ['240.00', '$240.00'],
    ['1234.05', '$1,234.05'],
    ['0.00', '$0.00'],
    ['-5.10', '-$5.10'],
  ])('writes %s as %s', (amount, text) => {
    expect(formatUsdString(amount)).toBe(text);
  });

  it('shows an amount of another shape as it came rather than a wrong one', () => {
    expect(formatUsdString('12.5')).toBe('12.5');
  });
});
