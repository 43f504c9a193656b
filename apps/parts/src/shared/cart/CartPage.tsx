import { useState } from 'react';
import { Link } from '@portal/router';
import { pathFor } from '@portal/routes';
import { Banner, Button, Card, PageTitle, Row, Stack, LoadFailed, Loading } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';
import { OrderPermissionNote } from '../OrderPermissionNote';
import { PRICE_FAILED, usePrice } from '../usePrice';
import { CartTable } from './CartTable';
import { toOrderLines, type CartKind } from './model';
import { useCart, type CartResult } from './store';

const PAGES = {
  parts: { title: 'Your parts cart', browse: 'parts-order', browseText: 'Continue shopping', checkout: 'parts-order-checkout' },
  video: { title: 'Your video parts cart', browse: 'video-parts-order', browseText: 'Add more video parts', checkout: 'video-parts-order-checkout' },
} as const;

/**
 * A cart page (parts-order/cart, video-parts-order/cart): its lines priced by the server, each
 * with Remove (and, in the parts cart, its quantity), Clear cart, and on to the checkout. Every
 * change is saved at once; what happened is announced.
 */
export function CartPage({ kind }: { kind: CartKind }) {
  const page = PAGES[kind];
  const cart = useCart(kind);
  const { state, retry } = usePrice(kind, toOrderLines(kind, cart.items));
  const [outcome, setOutcome] = useState<CartResult | null>(null);
  const report = (result: CartResult) => {
    setOutcome(result.message ? result : null);
    return result.ok;
  };

  return (
    <Stack $gap="lg">
      <PageTitle>{page.title}</PageTitle>
      <OrderPermissionNote />
      {cart.notice ? <Banner variant="warning">{cart.notice}</Banner> : null}
      {outcome ? <Banner variant={outcome.ok ? 'info' : 'error'}>{outcome.message}</Banner> : null}
      {cart.items.length === 0 ? (
        <Card aria-label="Empty cart">
          <Stack>
            <p>Your cart is empty.</p>
            <div>
              <ButtonLink to={pathFor(page.browse)}>{kind === 'video' ? 'Order video parts' : 'Browse parts'}</ButtonLink>
            </div>
          </Stack>
        </Card>
      ) : (
        <Stack>
          {state.status === 'loading' ? <Loading>Checking prices…</Loading> : null}
          {state.status === 'failed' ? <LoadFailed message={PRICE_FAILED} onRetry={retry} /> : null}
          <CartTable
            kind={kind}
            caption="Items in your cart"
            items={cart.items}
            prices={state.status === 'ready' ? state.result : null}
            editable
            onRemove={(key) => report(cart.remove(key))}
            onQuantity={(key, quantity) => report(cart.setQuantity(key, quantity))}
          />
          <Row>
            <ButtonLink to={pathFor(page.checkout)}>Checkout</ButtonLink>
            <Button $variant="secondary" onClick={() => report(cart.clear())}>
              Clear cart
            </Button>
            <Link to={pathFor(page.browse)}>{page.browseText}</Link>
          </Row>
        </Stack>
      )}
    </Stack>
  );
}
