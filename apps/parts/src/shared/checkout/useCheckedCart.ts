import { useEffect, useState } from 'react';
import type { PriceResult } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { reconcile, toOrderLines, type CartKind } from '../cart/model';
import { readCart, useCart } from '../cart/store';

interface PriceCheck {
  key: string;
  attempt: number;
  result: PriceResult | null;
}

/**
 * The cart as the server prices it, reconciled on every change of the lines and after another
 * tab changed the cart: a line the server cannot order leaves the cart with its message, stored
 * details the catalogue disagrees with are replaced, and the page says so (never silently).
 */
export function useCheckedCart(kind: CartKind) {
  const api = useApi();
  const cart = useCart(kind);
  const [notices, setNotices] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [check, setCheck] = useState<PriceCheck | null>(null);
  const key = JSON.stringify(toOrderLines(kind, cart.items));
  const { replace } = cart;

  useEffect(() => {
    // Read from storage here: the effect runs for the stored cart, whoever changed it.
    const items = readCart(kind).items;
    if (items.length === 0) return undefined;
    const controller = new AbortController();
    api.parts.price(toOrderLines(kind, items), { signal: controller.signal, kind }).then(
      (result) => {
        if (controller.signal.aborted) return;
        const reconciled = reconcile(items, result);
        if (reconciled.notices.length > 0) {
          setNotices((before) => [...before, ...reconciled.notices]);
          replace(reconciled.items);
          // Changed lines are priced again (their key changes); details from the catalogue alone
          // leave the lines, and so these prices, as they are.
          if (JSON.stringify(toOrderLines(kind, reconciled.items)) !== JSON.stringify(toOrderLines(kind, items))) return;
        }
        setCheck({ key, attempt, result });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Checking the cart failed', error);
        setCheck({ key, attempt, result: null });
      },
    );
    return () => controller.abort();
    // replace is a new function each render; the stored cart (key) and the tab changes decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, kind, key, attempt, cart.changedElsewhere]);

  const current = check && check.key === key && check.attempt === attempt ? check : null;
  return {
    cart,
    notices,
    addNotices: (more: string[]) => setNotices((before) => [...before, ...more]),
    status: cart.items.length === 0 ? ('empty' as const) : !current ? ('loading' as const) : current.result ? ('ready' as const) : ('failed' as const),
    prices: current?.result ?? null,
    retry: () => setAttempt((n) => n + 1),
  };
}
