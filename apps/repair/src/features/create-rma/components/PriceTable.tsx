import { Table } from '@portal/ui';
import { discountedPrice, formatUsd } from '../model/price';

/** Spec §2: the out-of-warranty price of the chosen problem, and after the user's flat discount. */
export function PriceTable({ problem, price, discountPercent }: { problem: string; price: number; discountPercent: number }) {
  const discounted = discountPercent > 0;
  return (
    <Table aria-label="Repair price">
      <thead>
        <tr>
          <th scope="col">Selection</th>
          <th scope="col">Cost (USD)</th>
          {discounted ? <th scope="col">After Discount (USD)</th> : null}
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{problem}</td>
          <td>{formatUsd(price)}</td>
          {discounted ? <td>{formatUsd(discountedPrice(price, discountPercent))}</td> : null}
        </tr>
      </tbody>
    </Table>
  );
}
