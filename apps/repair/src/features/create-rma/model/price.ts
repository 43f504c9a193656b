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
