import type { Money } from './repair/types';

/**
 * Integer minor units as the currency's amount: { cents: 28900, currency: 'USD' } → '$289.00'.
 * Beside the Money type, so every app shows the API's amounts alike.
 */
export function formatMoney(money: Money): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: money.currency || 'USD' }).format(money.cents / 100);
}
