import { useState } from 'react';
import styled from 'styled-components';
import type { PriceResult } from '@portal/api-client';
import { Button, MutedText, Table, formatMoney } from '@portal/ui';
import { CART_COPY } from './copy';
import { isValidQuantity, matchPrices, type CartItem, type CartKey, type CartKind } from './model';

const Thumb = styled.img`
  width: ${({ theme }) => theme.space.xxl};
  height: ${({ theme }) => theme.space.xxl};
  object-fit: contain;
  vertical-align: middle;
  margin-right: ${({ theme }) => theme.space.sm};
`;

const QuantityInput = styled.input`
  width: calc(${({ theme }) => theme.space.xxl} + ${({ theme }) => theme.space.lg});
  font: inherit;
  padding: ${({ theme }) => theme.space.xs};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.borderStrong}`};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Problem = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.error.fg};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Strong = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

export interface CartTableProps {
  kind: CartKind;
  items: readonly CartItem[];
  /** The server's prices of these items; null while they are being asked for. */
  prices: PriceResult | null;
  /** Quantity and Remove controls (the cart page); the checkout's summary has none. */
  editable?: boolean;
  onRemove?: (key: CartKey) => void;
  onQuantity?: (key: CartKey, quantity: number) => boolean;
  caption: string;
}

function QuantityCell({ item, onQuantity }: { item: CartItem; onQuantity: (key: CartKey, quantity: number) => boolean }) {
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? String(item.quantity);
  const parsed = Number(value);
  const invalid = draft !== null && !(/^\d+$/.test(value.trim()) && isValidQuantity(parsed));
  const id = `qty-${item.pn}-${item.model}`;
  return (
    <>
      <QuantityInput
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={999}
        aria-label={`Quantity of ${item.pn}`}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          const n = Number(next);
          // A valid number is saved at once; the draft stays until it matches what is stored.
          if (/^\d+$/.test(next.trim()) && isValidQuantity(n) && onQuantity({ pn: item.pn, model: item.model }, n)) setDraft(null);
        }}
      />
      {invalid ? <Problem id={`${id}-error`}>{CART_COPY.badQuantity}</Problem> : null}
    </>
  );
}

/**
 * A cart's lines with the server's prices: the part (picture, number, description), the units of
 * a video item, unit price, quantity, line total and, on the cart page, quantity and Remove.
 * A line the server cannot order shows its message; the total is the server's.
 */
export function CartTable({ kind, items, prices, editable = false, onRemove, onQuantity, caption }: CartTableProps) {
  const matched = prices ? matchPrices(items, prices) : [];
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Part</th>
          {kind === 'video' ? <th scope="col">Units</th> : null}
          <th scope="col">Unit price</th>
          <th scope="col">Quantity</th>
          <th scope="col">Line total</th>
          {editable ? <th scope="col">Actions</th> : null}
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => {
          const { line, problem } = matched[index] ?? {};
          return (
            <tr key={`${item.pn}/${item.model}`}>
              <td>
                {item.imgUrl ? <Thumb src={item.imgUrl} alt="" /> : null}
                <Strong>{item.pn}</Strong>
                <MutedText>{line?.description ?? item.partSpec}</MutedText>
                {problem ? <Problem role="note">{problem.message}</Problem> : null}
              </td>
              {kind === 'video' ? (
                <td>
                  {item.model}: {item.serials.join(', ')}
                </td>
              ) : null}
              <td>{line ? formatMoney(line.unitPrice) : '—'}</td>
              <td>{editable && kind === 'parts' && onQuantity ? <QuantityCell item={item} onQuantity={onQuantity} /> : item.quantity}</td>
              <td>{line ? formatMoney(line.lineTotal) : '—'}</td>
              {editable ? (
                <td>
                  <Button $variant="secondary" aria-label={`Remove ${item.pn}`} onClick={() => onRemove?.({ pn: item.pn, model: item.model })}>
                    Remove
                  </Button>
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
      {prices ? (
        <tfoot>
          <tr>
            <th scope="row" colSpan={kind === 'video' ? 4 : 3}>
              Total
            </th>
            <td>
              <Strong>{formatMoney(prices.total)}</Strong>
            </td>
            {editable ? <td /> : null}
          </tr>
        </tfoot>
      ) : null}
    </Table>
  );
}
