import { abortError, isApiError } from '../errors';
import type { HttpClient } from '../client';
import type { GraphQLClient } from '../graphql';
import type {
  CancelRmaResult,
  CreateOowPayload,
  CreateOowResult,
  CreateRmaPayload,
  CreateRmaResult,
  DecisionInput,
  DecisionResult,
  PaymentOptions,
  PayRmaResult,
  PendingRmaPayment,
  ProcessOowInput,
  SavedQuoteData,
  RepairFormSelectionsInput,
  RepairSelection,
  StoredRma,
  Unit,
  VerifySerialResult,
} from './types';

type Options = { signal?: AbortSignal };

export interface RepairClient {
  /** Looks a serial up in the units registry; unknown serials answer `{ kind: '404' }`. */
  verifySerial(serial: string, options?: Options): Promise<VerifySerialResult>;
  /**
   * Starts verifySerial for a serial a page about to open will check (a serial in its URL): the
   * next verifySerial of that serial within PREFETCH_TTL_MS takes this answer instead of asking
   * again. Resolves as verifySerial.
   */
  prefetchSerial(serial: string): Promise<VerifySerialResult>;
  /**
   * The answer of a prefetch of serial that has already arrived and would still be taken, without
   * taking it: the page's first render shows the unit at once, rather than 'checking' and then the
   * unit card, which would push the rest of the page down. Undefined while it is on its way, when
   * it failed, or for another serial.
   */
  prefetchedSerial(serial: string): VerifySerialResult | undefined;
  /** The primary faults of a unit and the problems (with price and tip) of each. */
  repairFormSelections(input: RepairFormSelectionsInput, options?: Options): Promise<RepairSelection[]>;
  /**
   * Creates the RMA. `idempotencyKey` identifies one submission: send the same key when retrying
   * the same submission. A failure whose body still carries an rmaNumber means the RMA exists:
   * it resolves, with the failure's message as the shipping error.
   */
  createRma(payload: CreateRmaPayload, idempotencyKey: string, options?: Options): Promise<CreateRmaResult>;
  /** How the signed-in customer may pay an out-of-warranty repair, and their discount. */
  paymentOptions(options?: Options): Promise<PaymentOptions>;
  /**
   * Out-of-warranty create (create/oow): saves a quote (`paymentData.save`), opens an RMA to be
   * paid at the provider (PayPal: follow `paymentUrl`), or opens one paid by PO (then call
   * processOow at once). `idempotencyKey` as for createRma.
   */
  createOowRma(payload: CreateOowPayload, idempotencyKey: string, options?: Options): Promise<CreateOowResult>;
  /**
   * Settles the payment of an out-of-warranty RMA and releases it: the label and the rest of the
   * create answer. Repeats answer the same. A failure carrying an rmaNumber resolves as createRma's.
   */
  processOow(input: ProcessOowInput, options?: Options): Promise<CreateRmaResult>;
  /** Cancels an RMA that awaits its payment. */
  cancelRma(rmaNumber: string, options?: Options): Promise<CancelRmaResult>;
  /** The caller's RMA that awaits its payment and holds the unit serial; null when there is none. */
  awaitingPayment(serial: string, options?: Options): Promise<PendingRmaPayment | null>;
  /**
   * Starts paying the caller's RMA that awaits its payment again: follow `paymentUrl` (the same
   * PayPal order); '' means it is paid already, and processOow finishes it.
   */
  payRma(rmaNumber: string, options?: Options): Promise<PayRmaResult>;
  /**
   * The customer's decision on the revised quote of their RMA awaiting it. Refusals reject with
   * ApiError: 404 rma.notFound (not theirs), 409 rma.noDecisionPending, 400 with fields.
   */
  decide(rmaNumber: string, input: DecisionInput, options?: Options): Promise<DecisionResult>;
}

export const REPAIR_FORM_SELECTIONS_QUERY =
  'query RepairFormSelections($pn:String!,$model:String!,$rmaType:String!,$serial:String!){repairFormSelections(pn:$pn,model:$model,rmaType:$rmaType,serial:$serial){name options{name price{cents currency} tip}}}';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The create answer with empty strings read as absent. */
function toCreateResult(result: CreateRmaResult): CreateRmaResult {
  return {
    rmaNumber: result.rmaNumber,
    label: text(result.label),
    commercialInvoice: text(result.commercialInvoice),
    shippingError: text(result.shippingError),
  };
}

/** Spec §8: a failure whose body carries an rmaNumber means the RMA exists; its message is the shipping error. */
function createdDespite(error: unknown): CreateRmaResult {
  const rmaNumber = isApiError(error) ? text(error.body.rmaNumber) : null;
  if (!isApiError(error) || !rmaNumber) throw error;
  return {
    rmaNumber,
    label: text(error.body.label),
    commercialInvoice: text(error.body.commercialInvoice),
    shippingError: text(error.body.shippingError) ?? error.message,
  };
}

export const PAYMENT_OPTIONS_PATH = '/rma-manager/rma/payment-options';
export const CREATE_OOW_PATH = '/rma-manager/rma/create/oow';
export const PROCESS_OOW_PATH = '/rma-manager/rma/process/oow';
export const CANCEL_RMA_PATH = '/rma-manager/rma/cancel';
export const AWAITING_PAYMENT_PATH = '/rma-manager/rma/awaiting-payment';
export const PAY_RMA_PATH = '/rma-manager/rma/pay';
export const decisionPath = (rmaNumber: string) => `/rma-manager/rma/${encodeURIComponent(rmaNumber)}/decision`;

/** process/oow's answer: the create answer and, when the server sent it, the RMA as stored. */
function toProcessResult(result: CreateRmaResult & Partial<StoredRma>): CreateRmaResult {
  const created = toCreateResult(result);
  if (!result.unit || !result.summary) return created;
  return { ...created, stored: { unit: result.unit, summary: result.summary, receipt: result.receipt ?? null } };
}

/** How long a prefetched serial check waits to be taken: its page opens moments after the preload. */
export const PREFETCH_TTL_MS = 10_000;

/** The promise, or an AbortError as soon as `signal` aborts, as a request given the signal would. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? abortError());
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A serial check started ahead of its page, and its answer once it has arrived. */
interface Prefetch {
  serial: string;
  at: number;
  result: Promise<VerifySerialResult>;
  arrived?: VerifySerialResult;
}

export function createRepairClient(http: HttpClient, graphql: GraphQLClient): RepairClient {
  let prefetched: Prefetch | null = null;
  const fresh = (serial: string) =>
    prefetched?.serial === serial && Date.now() - prefetched.at < PREFETCH_TTL_MS ? prefetched : null;

  async function lookUp(serial: string, signal?: AbortSignal): Promise<VerifySerialResult> {
    try {
      const unit = await http.request<Unit>('GET', '/rma-manager/rma/verify-serial', { query: { serial }, signal });
      return { kind: 'found', unit };
    } catch (error) {
      if (isApiError(error) && error.status === 404) return { kind: '404' };
      throw error;
    }
  }

  return {
    verifySerial(serial, options) {
      const ahead = fresh(serial);
      if (ahead) {
        prefetched = null;
        return untilAborted(ahead.result, options?.signal);
      }
      return lookUp(serial, options?.signal);
    },

    prefetchSerial(serial) {
      const result = lookUp(serial);
      const entry: Prefetch = { serial, at: Date.now(), result };
      result.then(
        (answer) => {
          entry.arrived = answer;
        },
        () => undefined, // the failure is its taker's to report
      );
      prefetched = entry;
      return result;
    },

    prefetchedSerial: (serial) => fresh(serial)?.arrived,

    async repairFormSelections(input, options) {
      const data = await graphql.query<{ repairFormSelections: RepairSelection[] | null }>(
        REPAIR_FORM_SELECTIONS_QUERY,
        { ...input },
        options,
      );
      return data.repairFormSelections ?? [];
    },

    async createRma(payload, idempotencyKey, options) {
      try {
        const result = await http.request<CreateRmaResult>('POST', '/rma-manager/rma/create', {
          body: payload,
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          signal: options?.signal,
        });
        return toCreateResult(result);
      } catch (error) {
        return createdDespite(error);
      }
    },

    paymentOptions: (options) => http.request<PaymentOptions>('GET', PAYMENT_OPTIONS_PATH, { signal: options?.signal }),

    async createOowRma(payload, idempotencyKey, options) {
      const result = await http.request<Partial<CreateOowResult>>('POST', CREATE_OOW_PATH, {
        body: payload,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        signal: options?.signal,
      });
      return {
        rmaNumber: result.rmaNumber ?? '',
        quoteId: result.quoteId ?? '',
        paymentUrl: result.paymentUrl ?? '',
        quoteData: (result.quoteData as SavedQuoteData | undefined) ?? null,
      };
    },

    async processOow({ rmaNumber, serial, token }, options) {
      try {
        const body: ProcessOowInput = token ? { rmaNumber, serial, token } : { rmaNumber, serial };
        return toProcessResult(await http.request<CreateRmaResult & Partial<StoredRma>>('POST', PROCESS_OOW_PATH, { body, signal: options?.signal }));
      } catch (error) {
        // A refused payment or an unknown/cancelled RMA is a failure even when its body names the RMA.
        if (isApiError(error) && /^(payments|rma)\./.test(error.error)) throw error;
        return createdDespite(error);
      }
    },

    cancelRma: (rmaNumber, options) =>
      http.request<CancelRmaResult>('POST', CANCEL_RMA_PATH, { body: { rmaNumber }, signal: options?.signal }),

    async awaitingPayment(serial, options) {
      try {
        return await http.request<PendingRmaPayment>('GET', AWAITING_PAYMENT_PATH, { query: { serial }, signal: options?.signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },

    payRma: (rmaNumber, options) => http.request<PayRmaResult>('POST', PAY_RMA_PATH, { body: { rmaNumber }, signal: options?.signal }),

    async decide(rmaNumber, input, options) {
      const result = await http.request<DecisionResult>('POST', decisionPath(rmaNumber), { body: input, signal: options?.signal });
      return { status: result.status, paymentUrl: result.paymentUrl || null };
    },
  };
}
