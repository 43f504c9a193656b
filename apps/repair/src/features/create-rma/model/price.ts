import type { Money } from '@portal/api-client';

/**
 * A flat discount percentage counts in millionths of a percent, as api/pkg/money does: a float
 * such as 33.33 is 33.329999… in binary, and rounding it to this grid first gives the decimal the
 * profile meant, so what follows is exact integer arithmetic on both sides.
 */
const PERCENT_SCALE = 1_000_000;
const WHOLE = BigInt(100 * PERCENT_SCALE);

/** Whether a profile's flat discount percentage is one (spec §6): bad data is no discount. */
export function hasFlatDiscount(percent: number): boolean {
  return Number.isFinite(percent) && percent > 0;
}

/**
 * The price after the user's flat discount, to the cent what the server computes
 * (api/pkg/money Money.Discounted): the discount is percent of the price, rounded half up to the
 * cent, and capped at the price, so the result is never negative. Spec §9's "two decimals
 * (truncate and round)" is this rule on exact amounts: truncating the discount at a third decimal
 * and then rounding half up at the second decides exactly as rounding half up does. 100 % or more
 * is a free repair; a negative, NaN or infinite percentage is no discount.
 */
export function discounted(price: Money, percent: number): Money {
  if (!hasFlatDiscount(percent)) return price;
  if (percent >= 100) return { ...price, cents: 0 };
  const micro = BigInt(Math.round(percent * PERCENT_SCALE));
  const cents = BigInt(price.cents);
  const magnitude = cents < 0n ? -cents : cents;
  const exact = magnitude * micro;
  const off = exact / WHOLE + ((exact % WHOLE) * 2n >= WHOLE ? 1n : 0n);
  return { ...price, cents: Number(cents < 0n ? cents + off : cents - off) };
}

// Read once per currency: making a number format costs far more than the arithmetic here, and
// the first one starts ICU (tens of milliseconds), so the portal's own dollars need none.
const minorDigitsOf = new Map<string, number>([['USD', 2]]);

/** Decimals of a currency's minor unit (2 for USD, 0 for JPY), from the same CLDR data Go reads. */
function minorDigits(currency: string): number {
  let digits = minorDigitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    minorDigitsOf.set(currency, digits);
  }
  return digits;
}

/**
 * The amount in major units with the currency's decimals ("289.00"), built from the integer so no
 * float ever rounds it; the currency is in the column heading. Go's Money.Decimal is the same.
 */
export function formatAmount({ cents, currency }: Money): string {
  const digits = minorDigits(currency);
  const magnitude = Math.abs(cents).toString().padStart(digits + 1, '0');
  const whole = magnitude.slice(0, magnitude.length - digits);
  const sign = cents < 0 ? '-' : '';
  return digits === 0 ? sign + whole : `${sign}${whole}.${magnitude.slice(magnitude.length - digits)}`;
}
