import type { CreateRmaResult, RepairSelection } from '@portal/api-client';
import { emptyPayment, messages, type FieldErrors, type PaymentField, type PaymentValues } from '@portal/forms';
import { idlePayable, payableId, payableTransition, type PayableEvent, type PayableState, type ProviderReturn } from '@portal/forms/payable';
import { flowReducer, initialFlowState, type FlowAction, type FlowInputs, type FlowState } from './flow';
import { autoSelectFault } from './problem';
import type { StepFieldErrors } from './serverErrors';

/**
 * The create-RMA stepper as one machine: the steps and what they hold (flow), the payment of an
 * RMA that must be paid first (payment: the shared payable flow), and the last request to the
 * server (request). The page renders its state and sends it events; the calls to the server are
 * made by the page's hooks, which report their outcome here as events.
 */
export interface RmaMachineState {
  flow: FlowState;
  payment: PayableState;
  request: {
    submitting: boolean;
    /** The last create attempt's error, in the words of spec §8. */
    error: string | null;
    paymentErrors: FieldErrors<PaymentField>;
  };
  paymentValues: PaymentValues;
  /** The repair options of the unit, once the first step loaded them (the price comes from them). */
  selections: RepairSelection[];
}

export type RmaEvent =
  /** The steps: a field changed, a step opened. */
  | Exclude<FlowAction, { type: 'rejected' } | { type: 'created' }>
  | { type: 'optionsLoaded'; selections: RepairSelection[]; autoSelect: boolean }
  | { type: 'paymentValues'; values: PaymentValues }
  /** Submit RMA, Continue to Payment or Save Quote was sent. */
  | { type: 'submitted' }
  /** The server refused it: the message, and on a 400 its field errors sorted onto the steps and the payment. */
  | { type: 'refused'; message: string; fields?: { steps: StepFieldErrors; payment: FieldErrors<PaymentField> } }
  /** The RMA is created and its label issued: in warranty and override at once, a paid one once released. */
  | { type: 'created'; result: CreateRmaResult }
  /** The payment of the RMA moved (opened, returned from the provider, failed, cancelled). */
  | { type: 'payment'; event: PayableEvent };

export interface MachineInputs extends FlowInputs {
  /** Back from the payment provider: the return URL's parts. */
  paymentReturn?: ProviderReturn | null;
}

const idleRequest: RmaMachineState['request'] = { submitting: false, error: null, paymentErrors: {} };

/** The machine's first state: the flow's (route inputs, saved quote, kept flow), and the provider's return read once. */
export function initialMachineState(inputs: MachineInputs): RmaMachineState {
  const back = inputs.paymentReturn ?? null;
  return {
    flow: initialFlowState(inputs),
    payment: back
      ? payableTransition(idlePayable, { type: 'returned', back, paymentUrl: inputs.snapshot?.paymentUrl ?? '', noToken: messages.noPayPalToken })
      : idlePayable,
    request: idleRequest,
    paymentValues: emptyPayment,
    selections: [],
  };
}

export function rmaMachine(state: RmaMachineState, event: RmaEvent): RmaMachineState {
  switch (event.type) {
    case 'optionsLoaded': {
      const problem = event.autoSelect ? autoSelectFault(state.flow.problem, event.selections) : state.flow.problem;
      return { ...state, selections: event.selections, flow: flowReducer(state.flow, { type: 'problem', values: problem }) };
    }
    case 'paymentValues':
      return { ...state, paymentValues: event.values };
    case 'submitted':
      return { ...state, request: { submitting: true, error: null, paymentErrors: {} } };
    case 'refused': {
      const { fields } = event;
      return {
        ...state,
        flow: fields ? flowReducer(state.flow, { type: 'rejected', errors: fields.steps }) : state.flow,
        request: { submitting: false, error: event.message, paymentErrors: fields ? fields.payment : state.request.paymentErrors },
      };
    }
    case 'created':
      return { ...state, flow: flowReducer(state.flow, event), request: idleRequest };
    case 'payment':
      // The request that opened the payable is over once it is open.
      return {
        ...state,
        payment: payableTransition(state.payment, event.event),
        request: event.event.type === 'opened' ? { ...state.request, submitting: false } : state.request,
      };
    default:
      return { ...state, flow: flowReducer(state.flow, event) };
  }
}

/** Whether leaving the page warns: until the RMA exists (awaiting its payment or created), a left flow is lost. */
export function warnsOnLeave(state: RmaMachineState): boolean {
  return state.flow.result === null && payableId(state.payment) === null;
}
