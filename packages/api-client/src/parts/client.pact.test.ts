/**
 * @jest-environment node
 */
// Consumer contract of the parts service (/parts-manager, process `parts`): the catalogue, the
// price check, the orders and the video units, as the parts and video-parts pages call them.
// The pact file lands in <repo>/pacts; api/parts verifies it against the real router with state
// handlers keyed by these state strings, word for word (the constants of
// api/parts/partspact/provider_test.go), signing the bearer token as the user the state names.
import { MatchersV3 } from '@pact-foundation/pact';
import type { RmaAddress, RmaContact } from '../repair/types';
import { bearer, clientAt, pactWith, signedIn, signedOut, timestamp } from '../test/pact';
import type { OrderLineInput, PartsOrderPayload } from './types';

const { like, regex, integer, eachLike, boolean } = MatchersV3;

const pact = pactWith('parts');

const idempotencyKey = (example: string) => like(example);

// Provider states (api/parts verification).
const CATALOGUE = 'the parts catalogue is seeded and nobody is signed in';
const ADAM = 'adam is signed in and the parts catalogue is seeded';
const CASEY = 'casey is signed in and may not order parts';
const ADAM_VIDEO = 'adam is signed in and holds video units VT10000007 and VT10000008 of model VX12';
const ADAM_NOT_CASEYS = 'adam is signed in and holds video unit VT10000007 of model VX12, and VT10000099 is a VX12 held by casey';
const OLIVIA_PO = 'olivia of FleetCo is signed in, may order parts and pay by PO, and uploaded the purchase order po/pact-parts-po.pdf';
const ADAM_APPROVED = 'adam is signed in and his parts order PB-900001 awaits a PayPal payment the payer approved with token PACT-TOKEN-1';
const ADAM_AWAITING = 'adam is signed in and his parts order PB-900002 awaits a PayPal payment';
const ADAM_PLACED = 'adam is signed in and his parts order PB-900003 is placed: 2 x VX12-BAT-STD, paid by PayPal';
const CASEY_OTHERS = "casey is signed in and adam's parts order PB-900003 is placed";
const ADAM_SHIPPED = 'adam is signed in and his parts order PB-900005 was shipped with UPS, tracking number 1Z999AA10123456784';
const ADAM_CANCELLED = 'adam is signed in and his parts order PB-900004 was cancelled while it awaited a PayPal payment';
const CASEY_OTHERS_AWAITING = "casey is signed in and adam's parts order PB-900002 awaits a PayPal payment";

const money = (cents: number) => ({ cents: integer(cents), currency: 'USD' });
const batchId = (example: string) => regex('^PB-\\d{6}$', example);

const partBody = {
  partNumber: 'VX12-BAT-STD',
  description: like('VX12 body-worn camera battery, 12 h'),
  fits: eachLike({ model: 'VX12', family: 'Veretos' }),
  price: money(8900),
  availability: 'IN_STOCK',
  discontinued: false,
  imagePath: like('/assets/parts/video-battery.svg'),
  isHighValue: boolean(false),
};

const pricedLine = (partNumber: string, quantity: number, model = '', serials: string[] = []) => ({
  partNumber,
  description: like(`${partNumber} description`),
  quantity,
  unitPrice: money(8900),
  lineTotal: money(8900 * quantity),
  availability: regex('^(IN_STOCK|BACKORDER)$', 'IN_STOCK'),
  imagePath: like('/assets/parts/video-battery.svg'),
  isHighValue: boolean(false),
  model: like(model),
  serials,
});

const adamContact: RmaContact = {
  firstName: 'Adam',
  lastName: 'Price',
  email: 'adam@example.com',
  phone: '5125550199',
  phoneCountryCode: 'US',
  company: '',
  position: '',
};
const adamAddress: RmaAddress = { line1: '800 Congress Ave', line2: 'Floor 4', city: 'Austin', state: 'TX', country: 'US', postalCode: '78701' };
const oliviaContact: RmaContact = {
  firstName: 'Olivia',
  lastName: 'Chen',
  email: 'olivia@fleetco.example',
  phone: '6145550187',
  phoneCountryCode: 'US',
  company: 'FleetCo Utilities',
  position: 'Fleet Manager',
};
const oliviaAddress: RmaAddress = { line1: '455 Industrial Pkwy', line2: '', city: 'Columbus', state: 'OH', country: 'US', postalCode: '43219' };

const byCard = { paymentMethod: 'PayPal' as const, customerPO: '', customerPOFileId: '' };
const order = (kind: 'parts' | 'video', lines: OrderLineInput[], extra: Partial<PartsOrderPayload> = {}): PartsOrderPayload => ({
  kind,
  lines,
  contact: adamContact,
  address: adamAddress,
  paymentData: byCard,
  ...extra,
});

const orderBody = (rmaBatchId: string, status: string) => ({
  rmaBatchId,
  kind: 'parts',
  status,
  createdAt: timestamp('2026-11-23T18:00:00Z'),
  total: money(17800),
  paymentMethod: 'PayPal',
  customerPO: '',
  contact: like(adamContact),
  address: like(adamAddress),
  lines: eachLike({
    partNumber: like('VX12-BAT-STD'),
    description: like('VX12 body-worn camera battery, 12 h'),
    quantity: integer(2),
    unitPrice: money(8900),
    lineTotal: money(17800),
    model: like(''),
    serials: [],
  }),
  mine: true,
  orderedByName: like('Adam Price'),
});

const paymentUrl = regex('^https?://.+$', 'http://127.0.0.1:8080/sandbox/paypal/checkoutnow?token=5O190127TN364715T');

const created = (example: string) => ({
  rmaBatchId: batchId(example),
  status: 'AWAITING_PAYMENT',
  total: money(20700),
  paymentUrl,
});

describe('parts service contract: the catalogue', () => {
  it('finds parts by model and text, without sign-in', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a catalogue search by model and text')
      .withRequest('GET', '/parts-manager/parts', (req) => req.query({ model: 'VX12', q: 'battery' }))
      .willRespondWith(200, (res) => res.jsonBody({ items: eachLike(partBody), total: integer(2), page: 1, itemsPerPage: 20 }))
      .executeTest(async (server) => {
        const page = await clientAt(server.url).parts.searchParts({ model: 'VX12', q: 'battery' });
        expect(page.items[0]?.partNumber).toBe('VX12-BAT-STD');
        expect(page.items[0]?.price).toEqual({ cents: 8900, currency: 'USD' });
      }));

  it('answers an unknown serial with 404 Serial Not Found', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a catalogue search by an unknown serial')
      .withRequest('GET', '/parts-manager/parts', (req) => req.query({ serial: 'ZZ99999999' }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'rma.unitNotFound', message: 'Serial Not Found' }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url).parts.searchParts({ serial: 'ZZ99999999' })).rejects.toMatchObject({
          status: 404,
          message: 'Serial Not Found',
        });
      }));

  it('reads one part', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for part VX12-BAT-STD')
      .withRequest('GET', '/parts-manager/parts/VX12-BAT-STD')
      .willRespondWith(200, (res) => res.jsonBody(partBody))
      .executeTest(async (server) => {
        const part = await clientAt(server.url).parts.part('VX12-BAT-STD');
        expect(part).toMatchObject({ partNumber: 'VX12-BAT-STD', availability: 'IN_STOCK', discontinued: false });
      }));

  it('answers an unknown part number with 404', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for an unknown part number')
      .withRequest('GET', '/parts-manager/parts/ZZ-NOPE-1')
      .willRespondWith(404, (res) => res.jsonBody({ error: like('parts.notFound'), message: like('Part Not Found') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url).parts.part('ZZ-NOPE-1')).rejects.toMatchObject({ status: 404 });
      }));
});

describe('parts service contract: prices', () => {
  it('prices good lines and totals them', () => {
    const lines = [
      { partNumber: 'VX12-BAT-STD', quantity: 2 },
      { partNumber: 'RL14-CHG-AC', quantity: 1 },
    ];
    return pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a price request of two good lines')
      .withRequest('POST', '/parts-manager/orders/price', (req) => req.jsonBody({ lines }))
      .willRespondWith(200, (res) =>
        res.jsonBody({ lines: [pricedLine('VX12-BAT-STD', 2), pricedLine('RL14-CHG-AC', 1)], total: money(26700), problems: [] }),
      )
      .executeTest(async (server) => {
        const result = await clientAt(server.url).parts.price(lines);
        expect(result.lines.map((l) => [l.partNumber, l.quantity])).toEqual([
          ['VX12-BAT-STD', 2],
          ['RL14-CHG-AC', 1],
        ]);
        expect(result.total.currency).toBe('USD');
        expect(result.problems).toEqual([]);
      });
  });

  it('answers each line that cannot be ordered as a problem with the spec message, never a 4xx', () => {
    const lines = [
      { partNumber: 'VX12-BAT-STD', quantity: 1, model: 'VX12', serials: ['VT10000007'] },
      { partNumber: 'ZZ-NOPE-1', quantity: 1 },
      { partNumber: 'VX12-MNT-HELM', quantity: 1 },
      { partNumber: 'VX12-DOCK-1', quantity: 0 },
      { partNumber: 'RL14-BAT-STD', quantity: 1, model: 'VX12' },
    ];
    const problems = [
      { index: 1, partNumber: 'ZZ-NOPE-1', code: 'parts.unknownPart', message: 'Part ZZ-NOPE-1 was not found.' },
      { index: 2, partNumber: 'VX12-MNT-HELM', code: 'parts.discontinued', message: 'Part VX12-MNT-HELM is no longer sold.' },
      { index: 3, partNumber: 'VX12-DOCK-1', code: 'parts.badQuantity', message: 'Quantity must be a whole number from 1 to 999.' },
      { index: 4, partNumber: 'RL14-BAT-STD', code: 'parts.wrongModel', message: 'Part RL14-BAT-STD does not fit the VX12.' },
    ];
    return pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a price request with an unknown, a discontinued, a zero-quantity and a wrong-model line')
      .withRequest('POST', '/parts-manager/orders/price', (req) => req.jsonBody({ lines }))
      .willRespondWith(200, (res) =>
        res.jsonBody({ lines: eachLike(pricedLine('VX12-BAT-STD', 1, 'VX12', ['VT10000007'])), total: money(8900), problems }),
      )
      .executeTest(async (server) => {
        const result = await clientAt(server.url).parts.price(lines);
        expect(result.problems).toEqual(problems);
        expect(result.lines[0]).toMatchObject({ partNumber: 'VX12-BAT-STD', model: 'VX12', serials: ['VT10000007'] });
      });
  });
});

describe('parts service contract: orders', () => {
  it('places a parts order to be paid by card and answers the provider link', () => {
    // Parts of a laptop: a body-worn camera's part (VX12-…) is ordered only through the video order.
    const body = order('parts', [
      { partNumber: 'RL14-BAT-STD', quantity: 1 },
      { partNumber: 'RL14-CHG-AC', quantity: 1 },
    ]);
    return pact
      .addInteraction()
      .given(ADAM)
      .uponReceiving('a parts order paid by card')
      .withRequest('POST', '/parts-manager/orders', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('5d2a3c4b-1e0f-4a9b-8c7d-6e5f4a3b2c1d') }).jsonBody(body),
      )
      .willRespondWith(201, (res) => res.jsonBody(created('PB-100001')))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).parts.createOrder(body, '5d2a3c4b-1e0f-4a9b-8c7d-6e5f4a3b2c1d');
        expect(result.rmaBatchId).toMatch(/^PB-\d{6}$/);
        expect(result.status).toBe('AWAITING_PAYMENT');
        expect(result.paymentUrl).toMatch(/^https?:\/\//);
      });
  });

  it('refuses an order with an unknown part, naming the line, and orders nothing', () => {
    const body = order('parts', [{ partNumber: 'ZZ-NOPE-1', quantity: 1 }]);
    return pact
      .addInteraction()
      .given(ADAM)
      .uponReceiving('a parts order with an unknown part number')
      .withRequest('POST', '/parts-manager/orders', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('6e3b4d5c-2f1a-4b0c-9d8e-7f6a5b4c3d2e') }).jsonBody(body),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({ error: 'validation', message: like('Some fields are invalid.'), fields: { 'lines.0': 'Part ZZ-NOPE-1 was not found.' } }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).parts.createOrder(body, '6e3b4d5c-2f1a-4b0c-9d8e-7f6a5b4c3d2e')).rejects.toMatchObject({
          status: 400,
          fields: { 'lines.0': 'Part ZZ-NOPE-1 was not found.' },
        });
      });
  });

  it('refuses an order from a customer without the parts-order permission with 403 and the message', () => {
    const body = order('parts', [{ partNumber: 'VX12-BAT-STD', quantity: 1 }]);
    return pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a parts order from a customer who may not order parts')
      .withRequest('POST', '/parts-manager/orders', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('7f4c5e6d-3a2b-4c1d-8e9f-0a1b2c3d4e5f') }).jsonBody(body),
      )
      .willRespondWith(403, (res) =>
        res.jsonBody({ error: like('parts.orderNotAllowed'), message: 'Your account cannot order parts. Please contact support to enable parts ordering.' }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).parts.createOrder(body, '7f4c5e6d-3a2b-4c1d-8e9f-0a1b2c3d4e5f')).rejects.toMatchObject({
          status: 403,
          message: 'Your account cannot order parts. Please contact support to enable parts ordering.',
        });
      });
  });

  it('places a video-parts order for units the customer holds', () => {
    const body = order('video', [{ partNumber: 'VX12-BAT-STD', quantity: 2, model: 'VX12', serials: ['VT10000007', 'VT10000008'] }]);
    return pact
      .addInteraction()
      .given(ADAM_VIDEO)
      .uponReceiving('a video-parts order for two held units paid by card')
      .withRequest('POST', '/parts-manager/orders', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('8a5d6f7e-4b3c-4d2e-9f0a-1b2c3d4e5f60') }).jsonBody(body),
      )
      .willRespondWith(201, (res) => res.jsonBody(created('PB-100002')))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).parts.createOrder(body, '8a5d6f7e-4b3c-4d2e-9f0a-1b2c3d4e5f60');
        expect(result.rmaBatchId).toMatch(/^PB-/);
      });
  });

  it("refuses a video-parts order for another customer's unit, naming the serial", () => {
    const body = order('video', [{ partNumber: 'VX12-BAT-STD', quantity: 1, model: 'VX12', serials: ['VT10000099'] }]);
    return pact
      .addInteraction()
      .given(ADAM_NOT_CASEYS)
      .uponReceiving("a video-parts order for another customer's unit")
      .withRequest('POST', '/parts-manager/orders', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('9b6e7a8f-5c4d-4e3f-a0b1-2c3d4e5f6a70') }).jsonBody(body),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody({
          error: 'validation',
          message: like('Some fields are invalid.'),
          fields: { 'lines.0.serials': 'Serial VT10000099 is not one of your video units.' },
        }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).parts.createOrder(body, '9b6e7a8f-5c4d-4e3f-a0b1-2c3d4e5f6a70')).rejects.toMatchObject({
          status: 400,
          fields: { 'lines.0.serials': 'Serial VT10000099 is not one of your video units.' },
        });
      });
  });

  it('places a PO order as PLACED, with no payment link', () => {
    const body = order('parts', [{ partNumber: 'RL14-CHG-AC', quantity: 1 }], {
      contact: oliviaContact,
      address: oliviaAddress,
      paymentData: { paymentMethod: 'PO', customerPO: 'PO-7781', customerPOFileId: 'po/pact-parts-po.pdf' },
    });
    return pact
      .addInteraction()
      .given(OLIVIA_PO)
      .uponReceiving('a parts order paid by PO')
      .withRequest('POST', '/parts-manager/orders', (req) =>
        req.headers({ Authorization: bearer, 'Idempotency-Key': idempotencyKey('0c7f8b9a-6d5e-4f40-b1c2-3d4e5f6a7b80') }).jsonBody(body),
      )
      .willRespondWith(201, (res) => res.jsonBody({ rmaBatchId: batchId('PB-100003'), status: 'PLACED', total: money(8900) }))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).parts.createOrder(body, '0c7f8b9a-6d5e-4f40-b1c2-3d4e5f6a7b80');
        expect(result).toMatchObject({ status: 'PLACED', paymentUrl: '' });
      });
  });

  it('captures an approved card payment and answers the order PLACED', () =>
    pact
      .addInteraction()
      .given(ADAM_APPROVED)
      .uponReceiving('a process request for an approved parts-order payment')
      .withRequest('POST', '/parts-manager/orders/process', (req) =>
        req.headers({ Authorization: bearer }).jsonBody({ rmaBatchId: 'PB-900001', token: 'PACT-TOKEN-1' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(orderBody('PB-900001', 'PLACED')))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).parts.processOrder({ rmaBatchId: 'PB-900001', token: 'PACT-TOKEN-1' });
        expect(result).toMatchObject({ rmaBatchId: 'PB-900001', status: 'PLACED' });
      }));

  it('cancels an order that awaits payment', () =>
    pact
      .addInteraction()
      .given(ADAM_AWAITING)
      .uponReceiving('a cancel request for a parts order awaiting payment')
      .withRequest('POST', '/parts-manager/orders/cancel', (req) => req.headers({ Authorization: bearer }).jsonBody({ rmaBatchId: 'PB-900002' }))
      .willRespondWith(200, (res) => res.jsonBody(orderBody('PB-900002', 'CANCELLED')))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).parts.cancelOrder('PB-900002');
        expect(result.status).toBe('CANCELLED');
      }));

  it("reads the customer's own order", () =>
    pact
      .addInteraction()
      .given(ADAM_PLACED)
      .uponReceiving('a request for an own placed parts order')
      .withRequest('GET', '/parts-manager/orders/PB-900003', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) => res.jsonBody(orderBody('PB-900003', 'PLACED')))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).parts.order('PB-900003');
        expect(result).toMatchObject({ rmaBatchId: 'PB-900003', status: 'PLACED', mine: true });
        expect(result.lines[0]?.serials).toEqual([]);
      }));

  it("reads a shipped order's carrier and tracking", () =>
    pact
      .addInteraction()
      .given(ADAM_SHIPPED)
      .uponReceiving('a request for an own shipped parts order')
      .withRequest('GET', '/parts-manager/orders/PB-900005', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          ...orderBody('PB-900005', 'SHIPPED'),
          shipment: { carrier: like('UPS'), trackingNumber: like('1Z999AA10123456784'), shippedAt: timestamp('2026-03-04T15:30:00Z') },
        }),
      )
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).parts.order('PB-900005');
        expect(result.status).toBe('SHIPPED');
        expect(result.shipment).toEqual({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedAt: '2026-03-04T15:30:00Z' });
      }));

  it("answers another customer's order like an unknown one (404)", () =>
    pact
      .addInteraction()
      .given(CASEY_OTHERS)
      .uponReceiving("a request for another customer's parts order")
      .withRequest('GET', '/parts-manager/orders/PB-900003', (req) => req.headers({ Authorization: bearer }))
      .willRespondWith(404, (res) => res.jsonBody({ error: like('parts.orderNotFound'), message: like('Order Not Found') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).parts.order('PB-900003')).rejects.toMatchObject({ status: 404 });
      }));
});

// The way back to an order left awaiting its payment (the payer left PayPal with Back): the
// checkout lists the caller's own such orders (awaiting-payment) and Pay Now asks for the order's
// PayPal order again (pay). Another customer's order is never listed and pays as an unknown one.
describe('parts service contract: orders awaiting their payment', () => {
  const invalidToken = { error: 'invalid_token', message: like('Please sign in again.') };

  it("lists the caller's own parts orders awaiting their payment", () =>
    pact
      .addInteraction()
      .given(ADAM_AWAITING)
      .uponReceiving('a request for the own parts orders awaiting payment')
      .withRequest('GET', '/parts-manager/orders/awaiting-payment', (req) => req.query({ kind: 'parts' }).headers({ Authorization: bearer }))
      .willRespondWith(200, (res) => res.jsonBody({ items: [orderBody('PB-900002', 'AWAITING_PAYMENT')] }))
      .executeTest(async (server) => {
        const orders = await clientAt(server.url, signedIn).parts.awaitingPayment('parts');
        expect(orders.map((o) => [o.rmaBatchId, o.status])).toEqual([['PB-900002', 'AWAITING_PAYMENT']]);
        expect(orders[0]?.total).toEqual({ cents: 17800, currency: 'USD' });
      }));

  it("lists none of another customer's orders awaiting their payment", () =>
    pact
      .addInteraction()
      .given(CASEY_OTHERS_AWAITING)
      .uponReceiving("a request for the parts orders awaiting payment while only another customer's awaits")
      .withRequest('GET', '/parts-manager/orders/awaiting-payment', (req) => req.query({ kind: 'parts' }).headers({ Authorization: bearer }))
      .willRespondWith(200, (res) => res.jsonBody({ items: [] }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).parts.awaitingPayment('parts')).resolves.toEqual([]);
      }));

  it('refuses a request for the orders awaiting payment without a token with 401, and the client sends the user to sign-in', () =>
    pact
      .addInteraction()
      .uponReceiving('a request for the parts orders awaiting payment without a bearer token')
      .withRequest('GET', '/parts-manager/orders/awaiting-payment', (req) => req.query({ kind: 'parts' }))
      .willRespondWith(401, (res) => res.jsonBody(invalidToken))
      .executeTest(async (server) => {
        const { tokens, signIn } = signedOut();
        await expect(clientAt(server.url, tokens).parts.awaitingPayment('parts')).rejects.toMatchObject({ status: 401, error: 'invalid_token' });
        expect(signIn).toHaveBeenCalledTimes(1);
      }));

  it('pays an own order awaiting its payment again and answers the provider link', () =>
    pact
      .addInteraction()
      .given(ADAM_AWAITING)
      .uponReceiving('a pay request for an own parts order awaiting payment')
      .withRequest('POST', '/parts-manager/orders/pay', (req) => req.headers({ Authorization: bearer }).jsonBody({ rmaBatchId: 'PB-900002' }))
      .willRespondWith(200, (res) => res.jsonBody({ rmaBatchId: 'PB-900002', status: 'AWAITING_PAYMENT', total: money(17800), paymentUrl }))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).parts.payOrder('PB-900002');
        expect(result).toMatchObject({ rmaBatchId: 'PB-900002', status: 'AWAITING_PAYMENT' });
        expect(result.paymentUrl).toMatch(/^https?:\/\//);
      }));

  it('answers a pay request for an order placed already without a link', () =>
    pact
      .addInteraction()
      .given(ADAM_PLACED)
      .uponReceiving('a pay request for an own placed parts order')
      .withRequest('POST', '/parts-manager/orders/pay', (req) => req.headers({ Authorization: bearer }).jsonBody({ rmaBatchId: 'PB-900003' }))
      .willRespondWith(200, (res) => res.jsonBody({ rmaBatchId: 'PB-900003', status: 'PLACED', total: money(17800) }))
      .executeTest(async (server) => {
        const result = await clientAt(server.url, signedIn).parts.payOrder('PB-900003');
        expect(result).toMatchObject({ rmaBatchId: 'PB-900003', status: 'PLACED', paymentUrl: '' });
      }));

  it("answers a pay request for another customer's order like an unknown one (404)", () =>
    pact
      .addInteraction()
      .given(CASEY_OTHERS_AWAITING)
      .uponReceiving("a pay request for another customer's parts order")
      .withRequest('POST', '/parts-manager/orders/pay', (req) => req.headers({ Authorization: bearer }).jsonBody({ rmaBatchId: 'PB-900002' }))
      .willRespondWith(404, (res) => res.jsonBody({ error: 'parts.orderNotFound', message: like('Order not found') }))
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).parts.payOrder('PB-900002')).rejects.toMatchObject({ status: 404, error: 'parts.orderNotFound' });
      }));

  it('refuses to pay a cancelled order with 409 and the message the checkout shows', () =>
    pact
      .addInteraction()
      .given(ADAM_CANCELLED)
      .uponReceiving('a pay request for an own cancelled parts order')
      .withRequest('POST', '/parts-manager/orders/pay', (req) => req.headers({ Authorization: bearer }).jsonBody({ rmaBatchId: 'PB-900004' }))
      .willRespondWith(409, (res) =>
        res.jsonBody({ error: 'parts.orderCancelled', message: 'This order was cancelled. Please order the parts again.' }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).parts.payOrder('PB-900004')).rejects.toMatchObject({
          status: 409,
          error: 'parts.orderCancelled',
          message: 'This order was cancelled. Please order the parts again.',
        });
      }));

  it('refuses a pay request without a token with 401, and the client sends the user to sign-in', () =>
    pact
      .addInteraction()
      .uponReceiving('a pay request for a parts order without a bearer token')
      .withRequest('POST', '/parts-manager/orders/pay', (req) => req.jsonBody({ rmaBatchId: 'PB-900002' }))
      .willRespondWith(401, (res) => res.jsonBody(invalidToken))
      .executeTest(async (server) => {
        const { tokens, signIn } = signedOut();
        await expect(clientAt(server.url, tokens).parts.payOrder('PB-900002')).rejects.toMatchObject({ status: 401, error: 'invalid_token' });
        expect(signIn).toHaveBeenCalledTimes(1);
      }));
});

describe('parts service contract: video units', () => {
  it('lists the video units the customer holds', () =>
    pact
      .addInteraction()
      .given(ADAM_VIDEO)
      .uponReceiving("a request for the customer's VX12 video units")
      .withRequest('GET', '/parts-manager/video/serials', (req) => req.query({ model: 'VX12' }).headers({ Authorization: bearer }))
      .willRespondWith(200, (res) => res.jsonBody({ items: eachLike({ serial: regex('^VT\\d+$', 'VT10000007'), model: 'VX12', modelFamily: 'Veretos' }, 2) }))
      .executeTest(async (server) => {
        const units = await clientAt(server.url, signedIn).parts.videoSerials('VX12');
        expect(units.map((u) => u.model)).toEqual(['VX12', 'VX12']);
      }));

  it('refuses a customer without the video-serial permission with 403 and the message', () =>
    pact
      .addInteraction()
      .given(CASEY)
      .uponReceiving('a request for video units from a customer without the permission')
      .withRequest('GET', '/parts-manager/video/serials', (req) => req.query({ model: 'VX12' }).headers({ Authorization: bearer }))
      .willRespondWith(403, (res) =>
        res.jsonBody({ error: like('parts.videoSerialNotAllowed'), message: 'Your account cannot look up video unit serials.' }),
      )
      .executeTest(async (server) => {
        await expect(clientAt(server.url, signedIn).parts.videoSerials('VX12')).rejects.toMatchObject({
          status: 403,
          message: 'Your account cannot look up video unit serials.',
        });
      }));
});
