import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { CART_COPY } from './copy';
import {
  CART_KEYS,
  addItem,
  parseCart,
  removeItem,
  removeOrdered as withoutOrdered,
  serializeCart,
  setQuantity,
  type CartChange,
  type CartItem,
  type CartKey,
  type CartKind,
  type OrderedLine,
  type ParsedCart,
} from './model';

/** Where the carts live; replaceable for tests of a failing storage. */
export const cartStorage = {
  get(): Storage | null {
    try {
      return typeof window !== 'undefined' ? window.localStorage : null;
    } catch {
      return null; // storage disabled by the browser's privacy settings
    }
  },
};

/** In-tab listeners per key: localStorage's own `storage` event only reaches the other tabs. */
const listeners = new Map<string, Set<() => void>>();

function notify(key: string): void {
  listeners.get(key)?.forEach((listener) => listener());
}

function readRaw(key: string): string | null {
  try {
    return cartStorage.get()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a cart; false when the browser refused (quota, privacy mode). */
export function writeCart(kind: CartKind, items: readonly CartItem[]): boolean {
  const key = CART_KEYS[kind];
  const storage = cartStorage.get();
  if (!storage) return false;
  try {
    if (items.length === 0) storage.removeItem(key);
    else storage.setItem(key, serializeCart(kind, items));
  } catch {
    return false;
  }
  notify(key);
  return true;
}

/** The orders whose lines already left the carts in this tab (sessionStorage: the tab's history). */
const ORDERED_KEY = 'portal.cartOrdered.v1';
const ORDERED_KEEP = 20;

function orderedBatches(): string[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(ORDERED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Takes what a placed order took out of its cart, once per order (rmaBatchId): a second call for
 * the same order (the payment return opened again, Back to it) changes nothing. False when the
 * browser refused to store the cart.
 */
export function removeOrdered(kind: CartKind, rmaBatchId: string, lines: readonly OrderedLine[]): boolean {
  const done = orderedBatches();
  if (done.includes(rmaBatchId)) return true;
  if (!writeCart(kind, withoutOrdered(kind, readCart(kind).items, lines))) return false;
  try {
    window.sessionStorage.setItem(ORDERED_KEY, JSON.stringify([...done, rmaBatchId].slice(-ORDERED_KEEP)));
  } catch {
    // Not remembered: the cart is right now; only a second return for this order would subtract again.
  }
  return true;
}

const parsedCache = new Map<string, { raw: string | null; parsed: ParsedCart }>();

/** The cart as stored now (parsed once per stored value, so the snapshot is stable). */
export function readCart(kind: CartKind): ParsedCart {
  const key = CART_KEYS[kind];
  const raw = readRaw(key);
  const cached = parsedCache.get(key);
  if (cached && cached.raw === raw) return cached.parsed;
  const parsed = parseCart(kind, raw);
  parsedCache.set(key, { raw, parsed });
  return parsed;
}

export type CartResult = { ok: boolean; message: string };

export interface CartState {
  items: CartItem[];
  /** A message about the stored cart itself: tampered items dropped. */
  notice: string | null;
  /** Counts the changes another tab or window made while this page was open. */
  changedElsewhere: number;
  add(item: CartItem): CartResult;
  remove(key: CartKey): CartResult;
  setQuantity(key: CartKey, quantity: number): CartResult;
  clear(): CartResult;
  /** Replaces the cart (after a reconciliation with the server). */
  replace(items: CartItem[]): CartResult;
}

const failed: CartResult = { ok: false, message: CART_COPY.actionFailed };

/**
 * One browser cart, kept in localStorage under its key: every change is written at once (remove
 * and clear persist, spec §4), and a change made in another tab arrives through the `storage`
 * event, counted in `changedElsewhere` so the checkout can check the cart again and say so.
 */
export function useCart(kind: CartKind): CartState {
  const key = CART_KEYS[kind];
  const [changedElsewhere, setChangedElsewhere] = useState(0);
  // Items dropped as unreadable: those stored when the page opened, or written by another tab.
  const [dropped, setDropped] = useState(() => readCart(kind).dropped);

  const subscribe = useCallback(
    (listener: () => void) => {
      const own = listeners.get(key) ?? new Set();
      own.add(listener);
      listeners.set(key, own);
      const onStorage = (event: StorageEvent) => {
        // key null: another tab cleared the whole storage.
        if (event.key !== key && event.key !== null) return;
        setChangedElsewhere((n) => n + 1);
        const unreadable = parseCart(kind, event.newValue).dropped;
        if (unreadable > 0) setDropped(unreadable);
        listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        own.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    [key, kind],
  );
  const parsed = useSyncExternalStore(subscribe, () => readCart(kind), () => readCart(kind));

  // Unreadable items leave storage too (the page says so through `notice`).
  useEffect(() => {
    if (parsed.dropped > 0) writeCart(kind, parsed.items);
  }, [kind, parsed]);

  const apply = useCallback(
    (change: CartChange, message = ''): CartResult => {
      if (!change.ok) return { ok: false, message: change.message };
      return writeCart(kind, change.items) ? { ok: true, message } : failed;
    },
    [kind],
  );

  const items = parsed.items;
  return {
    items,
    notice: dropped > 0 ? CART_COPY.tampered(dropped) : null,
    changedElsewhere,
    add: (item) => apply(addItem(kind, readCart(kind).items, item), CART_COPY.added(item.pn)),
    remove: (cartKey) => {
      const removal = removeItem(readCart(kind).items, cartKey);
      if (!removal.removed) return { ok: false, message: removal.message };
      return writeCart(kind, removal.items) ? { ok: true, message: removal.message } : failed;
    },
    setQuantity: (cartKey, quantity) => apply(setQuantity(readCart(kind).items, cartKey, quantity)),
    clear: () => (writeCart(kind, []) ? { ok: true, message: CART_COPY.cleared } : failed),
    replace: (next) => (writeCart(kind, next) ? { ok: true, message: '' } : failed),
  };
}
