import type { CartKind } from '../cart/model';

/** Each checkout's title and the routes of its cart and of itself. */
export const CHECKOUT_PAGES = {
  parts: { title: 'Checkout', cart: 'parts-order-cart', checkout: 'parts-order-checkout' },
  video: { title: 'Video parts checkout', cart: 'video-parts-order-cart', checkout: 'video-parts-order-checkout' },
} as const satisfies Record<CartKind, { title: string; cart: string; checkout: string }>;
