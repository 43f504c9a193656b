import type { Money } from '@portal/api-client';

/** Integer minor units as the currency's amount, e.g. { cents: 28900, currency: 'USD' } → '$289.00'. */
export function formatMoney(money: Money): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: money.currency || 'USD' }).format(money.cents / 100);
}
