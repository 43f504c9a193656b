import type { PriceResult } from '@portal/api-client';
import {
  MAX_LINES,
  addItem,
  parseCart,
  readItem,
  reconcile,
  removeItem,
  removeOrdered,
  serializeCart,
  setQuantity,
  toOrderLines,
  type CartItem,
} from './model';

const date = '2026-11-23T18:00:00.000Z';

const video = (pn: string, serials: string[], extra: Partial<CartItem> = {}): CartItem => ({
  pn,
  quantity: serials.length,
  partSpec: `${pn} spec`,
  imgUrl: '/assets/parts/video-battery.svg',
  model: 'VX12',
  serials,
  storeDate: date,
  isHighValue: false,
  ...extra,
});

const part = (pn: string, quantity: number, extra: Partial<CartItem> = {}): CartItem => ({
  pn,
  quantity,
  partSpec: `${pn} spec`,
  imgUrl: '/assets/parts/battery.svg',
  model: '',
  serials: [],
  storeDate: date,
  isHighValue: false,
  ...extra,
});

const added = (result: ReturnType<typeof addItem>) => {
  if (!result.ok) throw new Error(`not added: ${result.message}`);
  return result.items;
};

describe('addItem: the merge rule (spec §4 Cart)', () => {
  it('puts an item of a new part and model at the front', () => {
    const items = added(addItem('video', [video('VX12-BAT-STD', ['VT10000007'])], video('VX12-DOCK-1', ['VT10000008'])));
    expect(items.map((i) => i.pn)).toEqual(['VX12-DOCK-1', 'VX12-BAT-STD']);
  });

  it('merges the serials of an item whose part number and model exist and sets the quantity to their number', () => {
    const start = [video('VX12-DOCK-1', ['VT10000009']), video('VX12-BAT-STD', ['VT10000007'])];
    const items = added(addItem('video', start, video('VX12-BAT-STD', ['VT10000008', 'VT10000007'])));
    expect(items).toHaveLength(2);
    // Merged where it stands, not moved to the front.
    expect(items[1]).toMatchObject({ pn: 'VX12-BAT-STD', serials: ['VT10000007', 'VT10000008'], quantity: 2 });
    expect(items[0]?.pn).toBe('VX12-DOCK-1');
  });

  it('ignores the quantity an added video item claims: it is the number of its serials', () => {
    const items = added(addItem('video', [], { ...video('VX12-BAT-STD', ['vt10000007 ', 'VT10000007']), quantity: 50 }));
    expect(items[0]).toMatchObject({ serials: ['VT10000007'], quantity: 1 });
  });

  it('keeps a part of another model as its own item', () => {
    const items = added(addItem('video', [video('VX12-BAT-STD', ['VT10000007'])], video('VX12-BAT-STD', ['VT20000001'], { model: 'VX20' })));
    expect(items.map((i) => `${i.pn}/${i.model}`)).toEqual(['VX12-BAT-STD/VX20', 'VX12-BAT-STD/VX12']);
  });

  it('refuses a video item without serials or without a model', () => {
    expect(addItem('video', [], video('VX12-BAT-STD', []))).toEqual({ ok: false, message: 'Choose at least one unit for this part.' });
    expect(addItem('video', [], video('VX12-BAT-STD', ['VT10000007'], { model: '' })).ok).toBe(false);
  });

  it('adds up the quantities of the same part in the parts cart, up to 999', () => {
    let items = added(addItem('parts', [part('RL14-CHG-AC', 2)], part('RL14-CHG-AC', 3)));
    expect(items).toEqual([expect.objectContaining({ pn: 'RL14-CHG-AC', quantity: 5 })]);
    items = added(addItem('parts', items, part('RL14-CHG-AC', 994)));
    expect(items[0]?.quantity).toBe(999);
  });

  it('refuses, with the server’s message, an add that would take a parts item past 999 (never capped silently)', () => {
    const start = [part('RL14-CHG-AC', 500)];
    expect(addItem('parts', start, part('RL14-CHG-AC', 600))).toEqual({ ok: false, message: 'Quantity must be a whole number from 1 to 999.' });
    expect(addItem('parts', [part('RL14-CHG-AC', 999)], part('RL14-CHG-AC', 1)).ok).toBe(false);
  });

  it.each([0, -1, 1.5, 1000, Number.NaN])('refuses a parts quantity of %p', (quantity) => {
    expect(addItem('parts', [], part('RL14-CHG-AC', quantity))).toEqual({
      ok: false,
      message: 'Quantity must be a whole number from 1 to 999.',
    });
  });

  it('refuses a new line past the line limit but still merges into an existing one', () => {
    const full = Array.from({ length: MAX_LINES }, (_, i) => part(`P-${i}`, 1));
    expect(addItem('parts', full, part('NEW-1', 1)).ok).toBe(false);
    expect(addItem('parts', full, part('P-3', 1)).ok).toBe(true);
  });
});

describe('removeItem and setQuantity', () => {
  it('removes an item and says so (spec §8)', () => {
    const result = removeItem([video('VX12-BAT-STD', ['VT10000007']), video('VX12-DOCK-1', ['VT10000008'])], { pn: 'VX12-BAT-STD', model: 'VX12' });
    expect(result.removed).toBe(true);
    expect(result.items.map((i) => i.pn)).toEqual(['VX12-DOCK-1']);
    expect(result.message).toBe('VX12-BAT-STD has been removed from the cart.');
  });

  it('says an item that is not there is unavailable to remove (spec §8)', () => {
    const start = [video('VX12-BAT-STD', ['VT10000007'])];
    const result = removeItem(start, { pn: 'VX12-DOCK-1', model: 'VX12' });
    expect(result).toEqual({ items: start, removed: false, message: 'VX12-DOCK-1 is unavailable to remove from the cart.' });
  });

  it('changes a quantity within 1..999 and refuses anything else', () => {
    const start = [part('RL14-CHG-AC', 1)];
    expect(setQuantity(start, { pn: 'RL14-CHG-AC', model: '' }, 4)).toEqual({ ok: true, items: [part('RL14-CHG-AC', 4)] });
    expect(setQuantity(start, { pn: 'RL14-CHG-AC', model: '' }, 0).ok).toBe(false);
    expect(setQuantity(start, { pn: 'OTHER', model: '' }, 2)).toEqual({ ok: false, message: 'There was an error performing this action.' });
  });
});

describe('removeOrdered: what a placed order takes out of the cart', () => {
  it('takes the ordered quantity of a parts item and leaves what was added since', () => {
    const cart = [part('RL14-CHG-AC', 1), part('RL14-BAT-STD', 5), part('RL14-BAT-STD', 2, { model: 'RL14' })];
    const left = removeOrdered('parts', cart, [
      { partNumber: 'RL14-BAT-STD', quantity: 3, model: '', serials: [] },
      { partNumber: 'RL14-BAT-STD', quantity: 2, model: 'RL14', serials: [] },
    ]);
    expect(left).toEqual([part('RL14-CHG-AC', 1), part('RL14-BAT-STD', 2)]);
  });

  it('takes the ordered units of a video item, the quantity following, and the item with its last unit', () => {
    const cart = [video('VX12-BAT-STD', ['VT10000007', 'VT10000008']), video('VX12-DOCK-8', ['VT10000007'])];
    const left = removeOrdered('video', cart, [
      { partNumber: 'VX12-BAT-STD', quantity: 1, model: 'VX12', serials: ['VT10000007'] },
      { partNumber: 'VX12-DOCK-8', quantity: 1, model: 'VX12', serials: ['VT10000007'] },
    ]);
    expect(left).toEqual([video('VX12-BAT-STD', ['VT10000008'])]);
  });

  it('leaves a cart that holds none of the ordered lines as it is', () => {
    const cart = [part('RL14-CHG-AC', 1)];
    expect(removeOrdered('parts', cart, [{ partNumber: 'RL14-BAT-STD', quantity: 1 }])).toEqual(cart);
  });
});

describe('parseCart: what localStorage holds is checked', () => {
  it('reads back what serializeCart wrote, for both carts', () => {
    const videoItems = [video('VX12-BAT-STD', ['VT10000007', 'VT10000008'])];
    expect(parseCart('video', serializeCart('video', videoItems))).toEqual({ items: videoItems, dropped: 0 });
    const partsItems = [part('RL14-CHG-AC', 2), part('VX12-DOCK-1', 1, { model: 'VX12' })];
    expect(parseCart('parts', serializeCart('parts', partsItems))).toEqual({ items: partsItems, dropped: 0 });
  });

  it('stores the spec §3 fields of a video item and nothing else', () => {
    const stored = JSON.parse(serializeCart('video', [video('VX12-BAT-STD', ['VT10000007'], { isHighValue: true })])) as unknown[];
    expect(stored).toEqual([
      {
        pn: 'VX12-BAT-STD',
        quantity: 1,
        partSpec: 'VX12-BAT-STD spec',
        imgUrl: '/assets/parts/video-battery.svg',
        model: 'VX12',
        serials: ['VT10000007'],
        storeDate: date,
        isHighValue: true,
      },
    ]);
  });

  it('treats nothing stored as an empty cart', () => {
    expect(parseCart('video', null)).toEqual({ items: [], dropped: 0 });
  });

  it.each(['not json', '{"pn":"X"}', '42', 'null'])('drops a stored value that is no list: %s', (raw) => {
    expect(parseCart('video', raw)).toEqual({ items: [], dropped: 1 });
  });

  const good = video('VX12-BAT-STD', ['VT10000007']);
  it.each<[string, Record<string, unknown>]>([
    ['a quantity other than the number of serials', { quantity: 5 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['no serials', { serials: [], quantity: 0 }],
    ['a serial twice', { serials: ['VT10000007', 'VT10000007'], quantity: 2 }],
    ['a serial that is no serial', { serials: ['<script>'] }],
    ['no model', { model: '' }],
    ['an image on another site', { imgUrl: 'https://evil.example/x.png' }],
    ['a protocol-relative image', { imgUrl: '//evil.example/x.png' }],
    ['a javascript: image', { imgUrl: 'javascript:alert(1)' }],
    ['a part number with spaces', { pn: 'VX12 BAT' }],
    ['a high-value flag that is a string', { isHighValue: 'false' }],
    ['a date that is no date', { storeDate: 'yesterday' }],
    ['a price smuggled in as the quantity', { quantity: '1' }],
  ])('drops a video item with %s and keeps the others', (_, change) => {
    const raw = JSON.stringify([{ ...good, ...change }, video('VX12-DOCK-1', ['VT10000008'])]);
    const parsed = parseCart('video', raw);
    expect(parsed.dropped).toBe(1);
    expect(parsed.items.map((i) => i.pn)).toEqual(['VX12-DOCK-1']);
  });

  it('drops a parts item that carries serials and a second item of the same part and model', () => {
    const raw = JSON.stringify([
      { ...part('RL14-CHG-AC', 1), serials: ['X'] },
      part('RL14-BAT-STD', 1),
      part('RL14-BAT-STD', 3),
    ]);
    expect(parseCart('parts', raw)).toEqual({ items: [expect.objectContaining({ pn: 'RL14-BAT-STD', quantity: 1 })], dropped: 2 });
  });

  it('reads a stored parts item without a model as model ""', () => {
    const { model: _model, serials: _serials, ...stored } = part('RL14-CHG-AC', 1);
    expect(readItem('parts', stored)).toEqual(part('RL14-CHG-AC', 1));
  });
});

describe('searchSerial: the serial a part was found by', () => {
  it('is kept (upper case) on a parts item, stored, read back and sent with the line', () => {
    const items = added(addItem('parts', [], part('VX12-DOCK-1', 1, { searchSerial: ' vt10000007 ' })));
    expect(items[0]?.searchSerial).toBe('VT10000007');
    expect(parseCart('parts', serializeCart('parts', items)).items).toEqual(items);
    expect(toOrderLines('parts', items)).toEqual([{ partNumber: 'VX12-DOCK-1', quantity: 1, searchSerial: 'VT10000007' }]);
  });

  it('survives a later add of the same part without one', () => {
    const first = added(addItem('parts', [], part('VX12-DOCK-1', 1, { searchSerial: 'VT10000007' })));
    expect(added(addItem('parts', first, part('VX12-DOCK-1', 2)))[0]).toMatchObject({ quantity: 3, searchSerial: 'VT10000007' });
  });

  it('is never part of a video item, and a stored one that is no serial drops the item', () => {
    expect(added(addItem('video', [], video('VX12-BAT-STD', ['VT10000007'], { searchSerial: 'VT10000007' })))[0]).not.toHaveProperty('searchSerial');
    expect(parseCart('parts', JSON.stringify([{ ...part('VX12-DOCK-1', 1), searchSerial: '<x>' }])).dropped).toBe(1);
  });
});

describe('toOrderLines', () => {
  it('sends part numbers and quantities, and for video the model and units, never a price', () => {
    expect(toOrderLines('video', [video('VX12-BAT-STD', ['VT10000007', 'VT10000008'])])).toEqual([
      { partNumber: 'VX12-BAT-STD', quantity: 2, model: 'VX12', serials: ['VT10000007', 'VT10000008'] },
    ]);
    expect(toOrderLines('parts', [part('RL14-CHG-AC', 3)])).toEqual([{ partNumber: 'RL14-CHG-AC', quantity: 3 }]);
  });
});

describe('reconcile: the cart against the server (never silently)', () => {
  const money = (cents: number) => ({ cents, currency: 'USD' });
  const line = (item: CartItem, extra: Partial<PriceResult['lines'][number]> = {}) => ({
    partNumber: item.pn,
    description: item.partSpec,
    quantity: item.quantity,
    unitPrice: money(8900),
    lineTotal: money(8900 * item.quantity),
    availability: 'IN_STOCK' as const,
    imagePath: item.imgUrl,
    isHighValue: item.isHighValue,
    model: item.model,
    serials: item.serials,
    ...extra,
  });

  it('leaves a cart the server prices as it is, with no notice', () => {
    const items = [video('VX12-BAT-STD', ['VT10000007']), video('VX12-DOCK-1', ['VT10000008'])];
    const result: PriceResult = { lines: items.map((i) => line(i)), total: money(17800), problems: [] };
    expect(reconcile(items, result)).toEqual({ items, notices: [] });
  });

  it('removes a part no longer sold with the server message and keeps the next item matched right', () => {
    const items = [video('VX12-MNT-HELM', ['VT10000007']), video('VX12-DOCK-1', ['VT10000008'])];
    const result: PriceResult = {
      lines: [line(items[1]!, { description: 'VX12 single-bay charging dock' })],
      total: money(14900),
      problems: [{ index: 0, partNumber: 'VX12-MNT-HELM', code: 'parts.discontinued', message: 'Part VX12-MNT-HELM is no longer sold.' }],
    };
    const reconciled = reconcile(items, result);
    expect(reconciled.items).toEqual([{ ...items[1], partSpec: 'VX12 single-bay charging dock' }]);
    expect(reconciled.notices).toEqual([
      'Part VX12-MNT-HELM is no longer sold. It was removed from your cart.',
      'The details of VX12-DOCK-1 were updated from the catalogue.',
    ]);
  });

  it('takes the catalogue high-value flag and picture over tampered ones, and says so', () => {
    const tampered = video('VX12-DOCK-8', ['VT10000007'], { isHighValue: false, imgUrl: '/x.svg' });
    const result: PriceResult = {
      lines: [line(tampered, { isHighValue: true, imagePath: '/assets/parts/video-dock.svg' })],
      total: money(189900),
      problems: [],
    };
    const reconciled = reconcile([tampered], result);
    expect(reconciled.items[0]).toMatchObject({ isHighValue: true, imgUrl: '/assets/parts/video-dock.svg' });
    expect(reconciled.notices).toEqual(['The details of VX12-DOCK-8 were updated from the catalogue.']);
  });

  it('removes an item the answer has no line for, rather than ordering it unpriced', () => {
    const items = [part('RL14-CHG-AC', 1)];
    const reconciled = reconcile(items, { lines: [], total: money(0), problems: [] });
    expect(reconciled).toEqual({ items: [], notices: ['Part RL14-CHG-AC could not be priced. It was removed from your cart.'] });
  });
});
