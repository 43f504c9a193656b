import type { Money } from './repair/types';

// Making a number format costs far more than using one (it was most of the parts page's own
// script time on a phone): one per currency, made when first asked for.
const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string): Intl.NumberFormat {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formats.set(currency, format);
  }
  return format;
}

/**
 * Whole cents as en-US writes US dollars ('-$1,234.05'), without ICU. A page's first Intl format
 * starts ICU, 45-65 ms of main thread in Chromium here (four times that on the phone Lighthouse
 * simulates), and a price is often the first thing on a page that needs it.
 */
function formatUsd(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100).toString();
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = (Math.abs(cents) % 100).toString().padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/**
 * Integer minor units as the currency's amount: { cents: 28900, currency: 'USD' } → '$289.00'.
 * Beside the Money type, so every app shows the API's amounts alike.
 */
export function formatMoney(money: Money): string {
  const currency = money.currency || 'USD';
  if (currency === 'USD' && Number.isSafeInteger(money.cents)) return formatUsd(money.cents);
  return currencyFormat(currency).format(money.cents / 100);
}
