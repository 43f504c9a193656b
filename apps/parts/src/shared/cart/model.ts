import type { OrderLineInput, PriceResult } from '@portal/api-client';
import { isSerial, normalizeSerial } from '@portal/forms';
import { CART_COPY } from './copy';

/**
 * The two browser carts: the parts cart (parts-order) and the video-parts cart (spec §3 "Video
 * cart item"), each a list of items in localStorage under one key. The functions here are pure:
 * the store (store.ts) reads and writes, these decide.
 */
export type CartKind = 'parts' | 'video';

/** One key per cart (the contract's names); the version suffix changes if the shape does. */
export const CART_KEYS: Record<CartKind, string> = {
  parts: 'portal.partsCart.v1',
  video: 'portal.videoCart.v1',
};

/**
 * A cart item as the pages use it: `model` is '' and `serials` [] where the item has none (a
 * parts-cart item without a model). What localStorage holds is the spec's shape (toStored).
 */
export interface CartItem {
  pn: string;
  quantity: number;
  /** The part's description. */
  partSpec: string;
  /** A path on the portal's host. */
  imgUrl: string;
  model: string;
  serials: string[];
  /** When the item was last added (ISO 8601). */
  storeDate: string;
  isHighValue: boolean;
  /**
   * Parts cart: the serial the customer searched the catalogue by when they chose the part, sent
   * with the order so the unit's inventory lists it. Absent otherwise.
   */
  searchSerial?: string;
}

/** A cart line's identity: part number and model (spec §4 merge rule). */
export interface CartKey {
  pn: string;
  model: string;
}

/** The price endpoint's and the order's limits (contract: quantity 1..999, at most 100 lines). */
export const MAX_QUANTITY = 999;
export const MAX_LINES = 100;

const PART_NUMBER = /^[A-Z0-9][A-Z0-9-]{0,39}$/;
const MODEL = /^[A-Z0-9][A-Z0-9-]{0,19}$/;
const MAX_SPEC = 200;
const MAX_IMG = 300;

export const sameKey = (a: CartKey, b: CartKey): boolean => a.pn === b.pn && a.model === b.model;

export function isValidQuantity(quantity: unknown): quantity is number {
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
}

/** Serials as the cart keeps them: trimmed, upper case, each once, in the order first given. */
export function normalizeSerials(serials: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of serials) {
    const serial = normalizeSerial(raw);
    if (serial && !out.includes(serial)) out.push(serial);
  }
  return out;
}

export type CartChange = { ok: true; items: CartItem[] } | { ok: false; message: string };

/**
 * Adds an item (spec §4 Cart). An item whose part number and model are already in the cart is
 * merged where it stands; any other item goes to the front.
 * - The video cart follows spec §4's rule: the serials join the existing ones (each once) and the
 *   quantity becomes the number of serials.
 * - The parts cart deliberately deviates from it: its items carry no serials (a part is for no unit
 *   in particular), so "quantity = number of serials" cannot apply, and the quantities add up
 *   instead. A sum past 999 is refused with the server's bad-quantity message, never capped.
 */
export function addItem(kind: CartKind, items: readonly CartItem[], incoming: CartItem): CartChange {
  const { searchSerial, ...rest } = incoming;
  const searched = kind === 'parts' ? normalizeSerial(searchSerial ?? '') : '';
  const item: CartItem = {
    ...rest,
    ...(searched ? { searchSerial: searched } : {}),
    pn: incoming.pn.trim().toUpperCase(),
    model: incoming.model.trim().toUpperCase(),
    serials: kind === 'video' ? normalizeSerials(incoming.serials) : [],
  };
  if (kind === 'video') {
    if (!item.model || item.serials.length === 0) return { ok: false, message: CART_COPY.chooseSerials };
    item.quantity = item.serials.length;
  }
  if (!isValidQuantity(item.quantity)) return { ok: false, message: CART_COPY.badQuantity };
  const at = items.findIndex((existing) => sameKey(existing, item));
  if (at < 0) {
    if (items.length >= MAX_LINES) return { ok: false, message: CART_COPY.cartFull };
    return { ok: true, items: [item, ...items] };
  }
  const existing = items[at]!;
  let merged: CartItem;
  if (kind === 'video') {
    const serials = normalizeSerials([...existing.serials, ...item.serials]);
    if (serials.length > MAX_QUANTITY) return { ok: false, message: CART_COPY.badQuantity };
    merged = { ...existing, ...item, serials, quantity: serials.length };
  } else {
    const quantity = existing.quantity + item.quantity;
    if (quantity > MAX_QUANTITY) return { ok: false, message: CART_COPY.badQuantity };
    merged = {
      ...existing,
      ...item,
      quantity,
      ...(item.searchSerial || existing.searchSerial ? { searchSerial: item.searchSerial || existing.searchSerial } : {}),
    };
  }
  return { ok: true, items: items.map((current, i) => (i === at ? merged : current)) };
}

export type CartRemoval = { items: CartItem[]; removed: boolean; message: string };

/** Removes the item of `key`; the message says whether it was there to remove (spec §8). */
export function removeItem(items: readonly CartItem[], key: CartKey): CartRemoval {
  const kept = items.filter((item) => !sameKey(item, key));
  if (kept.length === items.length) return { items: [...items], removed: false, message: CART_COPY.unavailableToRemove(key.pn) };
  return { items: kept, removed: true, message: CART_COPY.removed(key.pn) };
}

/** Changes a parts-cart item's quantity (a whole number from 1 to 999). */
export function setQuantity(items: readonly CartItem[], key: CartKey, quantity: number): CartChange {
  if (!isValidQuantity(quantity)) return { ok: false, message: CART_COPY.badQuantity };
  if (!items.some((item) => sameKey(item, key))) return { ok: false, message: CART_COPY.actionFailed };
  return { ok: true, items: items.map((item) => (sameKey(item, key) ? { ...item, quantity } : item)) };
}

/** What an order took: a line as sent or as the order answers it (model and serials optional). */
export type OrderedLine = Pick<OrderLineInput, 'partNumber' | 'quantity' | 'model' | 'serials'>;

/**
 * The cart once an order is placed: only what the order took leaves it, so whatever was added
 * since (in this tab after Back, or in another tab while the payer was at the provider) stays.
 * A parts item loses the ordered quantity (and goes at none left); a video item loses the
 * ordered units, its quantity following (and goes with its last unit).
 */
export function removeOrdered(kind: CartKind, items: readonly CartItem[], ordered: readonly OrderedLine[]): CartItem[] {
  let kept = [...items];
  for (const line of ordered) {
    const key = { pn: line.partNumber, model: line.model ?? '' };
    kept = kept.flatMap((item) => {
      if (!sameKey(item, key)) return [item];
      if (kind === 'video') {
        const gone = new Set(line.serials ?? []);
        const serials = item.serials.filter((serial) => !gone.has(serial));
        return serials.length > 0 ? [{ ...item, serials, quantity: serials.length }] : [];
      }
      const quantity = item.quantity - line.quantity;
      return quantity > 0 ? [{ ...item, quantity }] : [];
    });
  }
  return kept;
}

/** The stored shape (spec §3): a parts item leaves out what it does not have. */
type StoredItem = Omit<CartItem, 'model' | 'serials'> & { model?: string; serials?: string[] };

export function serializeCart(kind: CartKind, items: readonly CartItem[]): string {
  const stored: StoredItem[] = items.map(({ model, serials, ...rest }) => {
    if (kind === 'video') return { ...rest, model, serials };
    return model ? { ...rest, model } : rest;
  });
  return JSON.stringify(stored);
}

export interface ParsedCart {
  items: CartItem[];
  /** Items that were not a valid cart item (tampered or from an older shape) and were left out. */
  dropped: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored path on the portal's own host; anything else (another site, javascript:) is not an image of ours. */
function isOwnPath(value: string): boolean {
  return value === '' || (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && value.length <= MAX_IMG);
}

/** One stored item checked field by field; null when any field is not what the cart writes. */
export function readItem(kind: CartKind, value: unknown): CartItem | null {
  if (!isObject(value)) return null;
  const { pn, quantity, partSpec, imgUrl, model, serials, storeDate, isHighValue, searchSerial } = value;
  if (typeof pn !== 'string' || !PART_NUMBER.test(pn)) return null;
  if (!isValidQuantity(quantity)) return null;
  if (typeof partSpec !== 'string' || partSpec.length > MAX_SPEC) return null;
  if (typeof imgUrl !== 'string' || !isOwnPath(imgUrl)) return null;
  if (typeof storeDate !== 'string' || Number.isNaN(Date.parse(storeDate))) return null;
  if (typeof isHighValue !== 'boolean') return null;
  if (model !== undefined && (typeof model !== 'string' || (model !== '' && !MODEL.test(model)))) return null;
  const item: CartItem = { pn, quantity, partSpec, imgUrl, model: model ?? '', serials: [], storeDate, isHighValue };
  if (kind === 'parts') {
    // A parts item is for no unit in particular; it may remember the serial it was found by.
    if (!(serials === undefined || (Array.isArray(serials) && serials.length === 0))) return null;
    if (searchSerial === undefined) return item;
    return typeof searchSerial === 'string' && isSerial(searchSerial) ? { ...item, searchSerial } : null;
  }
  if (searchSerial !== undefined) return null;
  // Video: a model and its units, each once, as many as the quantity says.
  if (!item.model || !Array.isArray(serials) || serials.length === 0) return null;
  if (!serials.every((s): s is string => typeof s === 'string' && isSerial(s))) return null;
  if (new Set(serials).size !== serials.length || serials.length !== quantity) return null;
  return { ...item, serials: [...serials] };
}

/**
 * What localStorage holds, read defensively: it is the user's to change. Anything that is not a
 * list of valid items is dropped item by item (counted, so the page can say so), as is a second
 * item of the same part and model and anything past the line limit.
 */
export function parseCart(kind: CartKind, raw: string | null): ParsedCart {
  if (raw === null || raw === '') return { items: [], dropped: 0 };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { items: [], dropped: 1 };
  }
  if (!Array.isArray(value)) return { items: [], dropped: 1 };
  const items: CartItem[] = [];
  let dropped = 0;
  for (const entry of value) {
    const item = readItem(kind, entry);
    if (!item || items.some((kept) => sameKey(kept, item)) || items.length >= MAX_LINES) dropped += 1;
    else items.push(item);
  }
  return { items, dropped };
}

/** The order's lines: no price, no description; video lines carry the model and the units. */
export function toOrderLines(kind: CartKind, items: readonly CartItem[]): OrderLineInput[] {
  return items.map((item) => {
    if (kind === 'video') return { partNumber: item.pn, quantity: item.quantity, model: item.model, serials: [...item.serials] };
    return {
      partNumber: item.pn,
      quantity: item.quantity,
      ...(item.model ? { model: item.model } : {}),
      ...(item.searchSerial ? { searchSerial: item.searchSerial } : {}),
    };
  });
}

export interface Reconciled {
  /** The cart as the server can order it: lines with problems removed, details from the catalogue. */
  items: CartItem[];
  /** What changed and why, in words for the user; empty when the cart was already right. */
  notices: string[];
}

/** What the server said of one cart item: its priced line, or why it cannot be ordered. */
export interface ItemPrice {
  line?: PriceResult['lines'][number];
  problem?: PriceResult['problems'][number];
}

/**
 * The price answer matched to the items it was asked for: `lines` holds the lines without
 * problems in request order (contract), so the n-th good item is the n-th line; part number and
 * model are checked, so a reply of another shape is never applied to the wrong item.
 */
export function matchPrices(items: readonly CartItem[], result: PriceResult): ItemPrice[] {
  let position = 0;
  return items.map((item, index) => {
    const problem = result.problems.find((p) => p.index === index);
    if (problem) return { problem };
    const fits = (line: { partNumber: string; model: string }) => line.partNumber === item.pn && (!item.model || line.model === item.model);
    const byPosition = result.lines[position];
    position += 1;
    return { line: byPosition && fits(byPosition) ? byPosition : result.lines.find(fits) };
  });
}

/**
 * Reconciles a cart with the server's price check (spec §4, issue 10): an item the server cannot
 * order (unknown, no longer sold, bad quantity, wrong model) leaves the cart with the server's
 * message; an item whose stored description, picture or high-value flag differs from the
 * catalogue's takes the catalogue's, and says so. Never silently.
 */
export function reconcile(items: readonly CartItem[], result: PriceResult): Reconciled {
  const notices: string[] = [];
  const kept: CartItem[] = [];
  const prices = matchPrices(items, result);
  items.forEach((item, index) => {
    const { line, problem } = prices[index]!;
    if (problem) {
      notices.push(CART_COPY.removedByServer(problem.message));
      return;
    }
    if (!line) {
      notices.push(CART_COPY.removedByServer(CART_COPY.notPriced(item.pn)));
      return;
    }
    const fromCatalogue = { partSpec: line.description, imgUrl: line.imagePath, isHighValue: line.isHighValue };
    if (item.partSpec !== fromCatalogue.partSpec || item.imgUrl !== fromCatalogue.imgUrl || item.isHighValue !== fromCatalogue.isHighValue) {
      notices.push(CART_COPY.detailsUpdated(item.pn));
    }
    kept.push({ ...item, ...fromCatalogue });
  });
  return { items: kept, notices };
}
