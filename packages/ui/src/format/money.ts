/**
 * An amount as every API sends it: whole minor units (cents for USD) of an ISO 4217 currency.
 * api-client's Money has this shape; ui names its own because it imports no other portal package.
 */
export interface MoneyAmount {
  cents: number;
  currency: string;
}

/** The portal's prices are US dollars: an amount without a currency (an old answer) is one. */
const DEFAULT_CURRENCY = 'USD';

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
 * Decimals of a currency's minor unit (2 for USD, 0 for JPY), from the same CLDR data Go reads;
 * 2 for a code Intl does not know. US dollars need no ICU.
 */
export function currencyDigits(currency: string): number {
  if ((currency || DEFAULT_CURRENCY) === DEFAULT_CURRENCY) return 2;
  try {
    return currencyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * The magnitude of whole minor units as en-US writes it ('1,234.05' for 123405 with 2 digits),
 * built from the integer so no float ever rounds it, and without ICU: a page's first Intl format
 * starts ICU, 45-65 ms of main thread in Chromium here (four times that on the phone Lighthouse
 * simulates), and a price is often the first thing on a page that needs it.
 */
function magnitude(cents: number, digits: number): string {
  const padded = Math.abs(cents).toString().padStart(digits + 1, '0');
  const whole = padded.slice(0, padded.length - digits).replace(/\B(?=(\d{3})+$)/g, ',');
  return digits === 0 ? whole : `${whole}.${padded.slice(padded.length - digits)}`;
}

/**
 * The amount with its currency, the one way the portal shows money: { cents: 28900, currency:
 * 'USD' } → '$289.00', '-$1,234.05', '€1,899.00'.
 */
export function formatMoney(money: MoneyAmount): string {
  const currency = money.currency || DEFAULT_CURRENCY;
  if (currency === DEFAULT_CURRENCY && Number.isSafeInteger(money.cents)) {
    return `${money.cents < 0 ? '-' : ''}$${magnitude(money.cents, 2)}`;
  }
  return currencyFormat(currency).format(money.cents / 10 ** currencyDigits(currency));
}

/**
 * The same amount without the currency ('289.00', '1,899.00'), for a column whose heading names
 * the currency (spec §2: 'Cost (USD)').
 */
export function formatAmount(money: MoneyAmount): string {
  const sign = money.cents < 0 ? '-' : '';
  return sign + magnitude(money.cents, currencyDigits(money.currency));
}

/**
 * A USD amount as the API writes it in JSON ('240.00', two decimals) as the portal writes money
 * ('$240.00'). Read digit by digit into cents, so no float ever rounds it; a string of another
 * shape is shown as it came rather than as a wrong amount.
 */
export function formatUsdString(amount: string): string {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole, fraction] = match;
  const cents = Number(whole) * 100 + Number(fraction);
  return formatMoney({ cents: sign ? -cents : cents, currency: DEFAULT_CURRENCY });
}
