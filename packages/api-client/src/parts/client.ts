import type { HttpClient } from '../client';
import { IDEMPOTENCY_KEY_HEADER } from '../repair/client';
import type {
  CreatedPartsOrder,
  OrderLineInput,
  Part,
  PartsOrder,
  PartsOrderKind,
  PartsOrderPayload,
  PartsPage,
  PartsSearch,
  PriceResult,
  VideoUnit,
} from './types';

export const PARTS_PATH = '/parts-manager/parts';
export const PARTS_PRICE_PATH = '/parts-manager/orders/price';
export const PARTS_ORDERS_PATH = '/parts-manager/orders';
export const PARTS_PROCESS_PATH = '/parts-manager/orders/process';
export const PARTS_CANCEL_PATH = '/parts-manager/orders/cancel';
export const PARTS_AWAITING_PAYMENT_PATH = '/parts-manager/orders/awaiting-payment';
export const PARTS_PAY_PATH = '/parts-manager/orders/pay';
export const VIDEO_SERIALS_PATH = '/parts-manager/video/serials';

type Signal = { signal?: AbortSignal };

/** A pricing's options: the order the lines are for, so the parts cart learns which lines only the video order takes. */
type PriceOptions = Signal & { kind?: PartsOrderKind };

export interface PartsClient {
  /** The catalogue (public); an unknown serial answers 404 rma.unitNotFound 'Serial Not Found'. */
  searchParts(search: PartsSearch, options?: Signal): Promise<PartsPage>;
  /** One part (public); an unknown number answers 404. */
  part(partNumber: string, options?: Signal): Promise<Part>;
  /** Prices lines (public): a line that cannot be ordered (for `kind`'s order) is a problem, never a 4xx. */
  price(lines: OrderLineInput[], options?: PriceOptions): Promise<PriceResult>;
  /**
   * Places an order (sign-in and service:partorder:create). The same idempotency key answers
   * the same order, so a retried submit never orders or charges twice.
   */
  createOrder(payload: PartsOrderPayload, idempotencyKey: string, options?: Signal): Promise<CreatedPartsOrder>;
  /** Captures an approved card payment of the caller's order and answers it PLACED. */
  processOrder(input: { rmaBatchId: string; token: string }, options?: Signal): Promise<PartsOrder>;
  /** Cancels the caller's order that still awaits payment. */
  cancelOrder(rmaBatchId: string, options?: Signal): Promise<PartsOrder>;
  /** The caller's own orders of kind that await their payment, newest first. */
  awaitingPayment(kind: PartsOrderKind, options?: Signal): Promise<PartsOrder[]>;
  /** Starts paying the caller's order again: follow `paymentUrl` (the same PayPal order); '' when it is paid. */
  payOrder(rmaBatchId: string, options?: Signal): Promise<CreatedPartsOrder>;
  /** One order of the caller or their organization; anyone else's answers 404. */
  order(rmaBatchId: string, options?: Signal): Promise<PartsOrder>;
  /** The video units the caller (or their organization) holds (service:video:serial:read). */
  videoSerials(model?: string, options?: Signal): Promise<VideoUnit[]>;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : []);

/** A priced or ordered line with the optional members made definite. */
function line<T extends { model?: unknown; serials?: unknown }>(value: T): T & { model: string; serials: string[] } {
  return { ...value, model: typeof value.model === 'string' ? value.model : '', serials: strings(value.serials) };
}

function toOrder(order: PartsOrder): PartsOrder {
  return { ...order, customerPO: order.customerPO ?? '', lines: (order.lines ?? []).map(line) };
}

export function createPartsClient(http: HttpClient): PartsClient {
  return {
    async searchParts(search, options) {
      const page = await http.request<PartsPage>('GET', PARTS_PATH, {
        query: { serial: search.serial || undefined, model: search.model || undefined, q: search.q || undefined, page: search.page, itemsPerPage: search.itemsPerPage },
        signal: options?.signal,
      });
      return { ...page, items: page.items ?? [] };
    },

    part: (partNumber, options) => http.request<Part>('GET', `${PARTS_PATH}/${encodeURIComponent(partNumber)}`, { signal: options?.signal }),

    async price(lines, options) {
      const body = options?.kind ? { kind: options.kind, lines } : { lines };
      const result = await http.request<PriceResult>('POST', PARTS_PRICE_PATH, { body, signal: options?.signal });
      return { ...result, lines: (result.lines ?? []).map(line), problems: result.problems ?? [] };
    },

    async createOrder(payload, idempotencyKey, options) {
      const result = await http.request<Partial<CreatedPartsOrder>>('POST', PARTS_ORDERS_PATH, {
        body: payload,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        signal: options?.signal,
      });
      return {
        rmaBatchId: result.rmaBatchId ?? '',
        status: result.status ?? 'AWAITING_PAYMENT',
        total: result.total ?? { cents: 0, currency: 'USD' },
        paymentUrl: result.paymentUrl ?? '',
      };
    },

    async processOrder(input, options) {
      return toOrder(await http.request<PartsOrder>('POST', PARTS_PROCESS_PATH, { body: input, signal: options?.signal }));
    },

    async cancelOrder(rmaBatchId, options) {
      return toOrder(await http.request<PartsOrder>('POST', PARTS_CANCEL_PATH, { body: { rmaBatchId }, signal: options?.signal }));
    },

    async awaitingPayment(kind, options) {
      const result = await http.request<{ items?: PartsOrder[] }>('GET', PARTS_AWAITING_PAYMENT_PATH, { query: { kind }, signal: options?.signal });
      return (result.items ?? []).map(toOrder);
    },

    async payOrder(rmaBatchId, options) {
      const result = await http.request<Partial<CreatedPartsOrder>>('POST', PARTS_PAY_PATH, { body: { rmaBatchId }, signal: options?.signal });
      return {
        rmaBatchId: result.rmaBatchId ?? rmaBatchId,
        status: result.status ?? 'AWAITING_PAYMENT',
        total: result.total ?? { cents: 0, currency: 'USD' },
        paymentUrl: result.paymentUrl ?? '',
      };
    },

    async order(rmaBatchId, options) {
      return toOrder(await http.request<PartsOrder>('GET', `${PARTS_ORDERS_PATH}/${encodeURIComponent(rmaBatchId)}`, { signal: options?.signal }));
    },

    async videoSerials(model, options) {
      const result = await http.request<{ items?: VideoUnit[] }>('GET', VIDEO_SERIALS_PATH, {
        query: { model: model || undefined },
        signal: options?.signal,
      });
      return result.items ?? [];
    },
  };
}
