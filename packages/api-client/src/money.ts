import type { Money } from './repair/types';

// One number format per currency, made when first asked for: making one costs far more than
// using one, and a page's first starts ICU (see formatUsd).
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

/**
 * Decimals of a currency's minor unit (2 for USD, 0 for JPY), from the same CLDR data Go reads;
 * 2 for a code Intl does not know. US dollars need no ICU.
 */
export function currencyDigits(currency: string): number {
  if (currency === 'USD') return 2;
  try {
    return currencyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
