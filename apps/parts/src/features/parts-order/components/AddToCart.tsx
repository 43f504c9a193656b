import { useId, useState } from 'react';
import styled from 'styled-components';
import type { Part } from '@portal/api-client';
import { Button, Row, VisuallyHidden } from '@portal/ui';
import { CART_COPY } from '../../../shared/cart/copy';
import { isValidQuantity } from '../../../shared/cart/model';
import { COPY } from '../copy';

const Quantity = styled.input`
  width: calc(${({ theme }) => theme.space.xxl} + ${({ theme }) => theme.space.lg});
  font: inherit;
  padding: ${({ theme }) => theme.space.xs};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.borderStrong}`};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.error.fg};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** A part's quantity and Add to cart (the part number is in the button's accessible name). */
export function AddToCart({ part, onAdd }: { part: Part; onAdd: (quantity: number) => void }) {
  const id = `qty-${useId()}`;
  const [value, setValue] = useState('1');
  const [invalid, setInvalid] = useState(false);
  return (
    <Row $gap="sm">
      <label htmlFor={id}>
        {COPY.quantity}
        <VisuallyHidden> of {part.partNumber}</VisuallyHidden>
      </label>
      <Quantity
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={999}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setInvalid(false);
        }}
      />
      <Button
        onClick={() => {
          const quantity = Number(value);
          if (!/^\d+$/.test(value.trim()) || !isValidQuantity(quantity)) {
            setInvalid(true);
            return;
          }
          onAdd(quantity);
        }}
      >
        {COPY.addToCart}
        <VisuallyHidden> {part.partNumber}</VisuallyHidden>
      </Button>
      {invalid ? <ErrorText id={`${id}-error`}>{CART_COPY.badQuantity}</ErrorText> : null}
    </Row>
  );
}
