/** Spec §9: costs in two decimals; truncate float noise first, then round half up. */
export function roundCost(value: number): number {
  const truncated = Math.trunc(value * 1e6) / 1e6;
  return Math.round((truncated + Number.EPSILON) * 100) / 100;
}

/** The out-of-warranty price after the user's flat discount; the discount is capped at the price. */
export function discountedPrice(price: number, flatDiscountPercentage: number): number {
  const percent = Number.isFinite(flatDiscountPercentage) ? Math.max(0, flatDiscountPercentage) : 0;
  const discount = Math.min(roundCost((price * percent) / 100), price);
  return roundCost(price - discount);
}

export function formatUsd(value: number): string {
  return roundCost(value).toFixed(2);
}
