import { Checkout } from '../../shared/checkout/Checkout';

/** parts-order/checkout: public route, sign-in needed at this step (the page explains and offers it). */
export function PartsCheckoutPage() {
  return <Checkout kind="parts" />;
}
