import { Checkout } from '../../shared/checkout/Checkout';

/**
 * video-parts-order/checkout: public route, sign-in needed at this step; the cart is reconciled
 * with the server (another tab's changes, parts no longer sold, tampered items) with a message.
 */
export function VideoPartsCheckoutPage() {
  return <Checkout kind="video" />;
}
