import { CartPage } from '../../shared/cart/CartPage';

/** video-parts-order/cart (public): the video-parts cart from local storage, priced by the server. */
export function VideoPartsCartPage() {
  return <CartPage kind="video" />;
}
