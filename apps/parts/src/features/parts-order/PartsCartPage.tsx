import { CartPage } from '../../shared/cart/CartPage';

/** parts-order/cart (public): the parts cart, priced by the server. */
export function PartsCartPage() {
  return <CartPage kind="parts" />;
}
