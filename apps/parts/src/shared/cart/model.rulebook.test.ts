import { runRule } from '@portal/rulebook';
import { addItem, type CartItem, type CartKind } from './model';

// The rulebook's cart merge (packages/rulebook/vectors), which api/parts mergeLines applies to an
// order's lines with the same vectors.

interface CartLine {
  pn: string;
  model: string;
  quantity: number;
  serials: string[];
  searchSerial: string;
}

const details = { partSpec: 'A part', imgUrl: '', storeDate: '2026-01-05T10:00:00.000Z', isHighValue: false };

runRule<{ kind: CartKind; adds: CartLine[] }, CartLine[] | string>('cart-merge', ({ kind, adds }) => {
  let items: CartItem[] = [];
  for (const add of adds) {
    const change = addItem(kind, items, { ...details, ...add });
    if (!change.ok) return change.message;
    items = change.items;
  }
  // The cart lists its items newest first; the vectors list them in the order first added.
  return [...items].reverse().map(({ pn, model, quantity, serials, searchSerial }) => ({ pn, model, quantity, serials, searchSerial: searchSerial ?? '' }));
});
