import { pathFor } from '@portal/routes';
import { ButtonLink } from '@portal/forms/units';
import { useCart } from './store';
import type { CartKind } from './model';

const CART_ROUTE = { parts: 'parts-order-cart', video: 'video-parts-order-cart' } as const;

/** The way to a cart, with how many lines it holds. */
export function CartLink({ kind }: { kind: CartKind }) {
  const { items } = useCart(kind);
  return (
    <ButtonLink to={pathFor(CART_ROUTE[kind])} $variant="secondary">
      {kind === 'video' ? 'Video cart' : 'Cart'} ({items.length})
    </ButtonLink>
  );
}
