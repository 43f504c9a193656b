import type { Money } from '@portal/api-client';
import { Table, formatAmount } from '@portal/ui';
import { discounted, hasFlatDiscount } from '../model/price';

/**
 * Spec §2: the out-of-warranty price of the chosen problem and, when the profile has a flat
 * discount, the price after it. Amounts come from the server in cents; nothing here is sent back.
 */
export function PriceTable({
  problem,
  price,
  discountPercent,
  label = 'Repair price',
}: {
  problem: string;
  price: Money;
  discountPercent: number;
  /** The table's accessible name (an upgrade's price on upgrade-device). */
  label?: string;
}) {
  const discount = hasFlatDiscount(discountPercent);
  return (
    <Table aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Selection</th>
          <th scope="col">Cost ({price.currency})</th>
          {discount ? <th scope="col">After Discount ({price.currency})</th> : null}
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{problem}</td>
          <td>{formatAmount(price)}</td>
          {discount ? <td>{formatAmount(discounted(price, discountPercent))}</td> : null}
        </tr>
      </tbody>
    </Table>
  );
}
