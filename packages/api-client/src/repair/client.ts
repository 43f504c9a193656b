import { isApiError } from '../errors';
import type { HttpClient } from '../client';
import type { GraphQLClient } from '../graphql';
import type {
  CreateRmaPayload,
  CreateRmaResult,
  RepairFormSelectionsInput,
  RepairSelection,
  Unit,
  VerifySerialResult,
} from './types';

type Options = { signal?: AbortSignal };

export interface RepairClient {
  /** Looks a serial up in the units registry; unknown serials answer `{ kind: '404' }`. */
  verifySerial(serial: string, options?: Options): Promise<VerifySerialResult>;
  /** The primary faults of a unit and the problems (with price and tip) of each. */
  repairFormSelections(input: RepairFormSelectionsInput, options?: Options): Promise<RepairSelection[]>;
  /**
   * Creates the RMA. `idempotencyKey` identifies one submission: send the same key when retrying
   * the same submission. A failure whose body still carries an rmaNumber means the RMA exists:
   * it resolves, with the failure's message as the shipping error.
   */
  createRma(payload: CreateRmaPayload, idempotencyKey: string, options?: Options): Promise<CreateRmaResult>;
}

export const REPAIR_FORM_SELECTIONS_QUERY =
  'query RepairFormSelections($pn:String!,$model:String!,$rmaType:String!,$serial:String!){repairFormSelections(pn:$pn,model:$model,rmaType:$rmaType,serial:$serial){name options{name price{cents currency} tip}}}';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function createRepairClient(http: HttpClient, graphql: GraphQLClient): RepairClient {
  return {
    async verifySerial(serial, options) {
      try {
        const unit = await http.request<Unit>('GET', '/rma-manager/rma/verify-serial', {
          query: { serial },
          signal: options?.signal,
        });
        return { kind: 'found', unit };
      } catch (error) {
        if (isApiError(error) && error.status === 404) return { kind: '404' };
        throw error;
      }
    },

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
        return {
          rmaNumber: result.rmaNumber,
          label: text(result.label),
          commercialInvoice: text(result.commercialInvoice),
          shippingError: text(result.shippingError),
        };
      } catch (error) {
        const rmaNumber = isApiError(error) ? text(error.body.rmaNumber) : null;
        if (!isApiError(error) || !rmaNumber) throw error;
        return {
          rmaNumber,
          label: text(error.body.label),
          commercialInvoice: text(error.body.commercialInvoice),
          shippingError: text(error.body.shippingError) ?? error.message,
        };
      }
    },
  };
}
