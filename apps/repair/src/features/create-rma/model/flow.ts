import type { CreateRmaResult, Me, UploadedFile } from '@portal/api-client';
import {
  addressFromProfile,
  contactFromProfile,
  normalizeSerial,
  withoutChanged,
  type AddressValues,
  type ContactValues,
} from '@portal/forms';
import type { PackagingChoice } from './packaging';
import { emptyProblem, type ProblemValues } from './problem';
import type { PaymentSnapshot } from './paymentReturn';
import { addressFromQuote, contactFromQuote, packagingFromQuote, problemFromQuote, type SavedQuote } from './quote';
import { noServerErrors, type StepFieldErrors } from './serverErrors';

export const FIRST_STEP = 1;
export const CONFIRM_STEP = 4;
export const LAST_STEP = 5;

export interface FlowState {
  step: number;
  serial: string;
  problem: ProblemValues;
  contact: ContactValues;
  address: AddressValues;
  packaging: PackagingChoice | '';
  confirmed: boolean;
  serverErrors: StepFieldErrors;
  result: CreateRmaResult | null;
}

export type FlowAction =
  | { type: 'serial'; serial: string }
  | { type: 'problem'; values: ProblemValues }
  | { type: 'attach'; file: UploadedFile }
  | { type: 'detach'; file: UploadedFile }
  | { type: 'contact'; values: ContactValues }
  | { type: 'address'; values: AddressValues }
  | { type: 'packaging'; choice: PackagingChoice }
  | { type: 'go'; step: number }
  | { type: 'confirm'; confirmed: boolean }
  | { type: 'rejected'; errors: StepFieldErrors }
  | { type: 'created'; result: CreateRmaResult };

export interface FlowInputs {
  serial: string;
  /** Starting step (route input toPage), 1 to 4. */
  toPage?: number;
  quote?: SavedQuote | null;
  profile?: Me | null;
  /** The flow as it was when the customer left for the payment provider (back on the confirm step). */
  snapshot?: PaymentSnapshot | null;
}

export function clampStep(step: number | undefined): number {
  if (!step || !Number.isInteger(step)) return FIRST_STEP;
  return Math.min(CONFIRM_STEP, Math.max(FIRST_STEP, step));
}

/** The stepper's first state: defaults from the profile, everything from a saved quote when given. */
export function initialFlowState({ serial, toPage, quote, profile, snapshot }: FlowInputs): FlowState {
  if (snapshot) {
    return {
      step: CONFIRM_STEP,
      serial: normalizeSerial(snapshot.serial || serial),
      problem: snapshot.problem,
      contact: snapshot.contact,
      address: snapshot.address,
      packaging: snapshot.packaging,
      confirmed: true,
      serverErrors: noServerErrors,
      result: null,
    };
  }
  const contact = contactFromProfile(profile ?? null);
  const address = addressFromProfile(profile?.address?.shipping ?? null);
  return {
    step: clampStep(toPage),
    serial: normalizeSerial(quote?.externalResource?.serial || serial),
    problem: quote ? problemFromQuote(quote.externalResource?.rmaInput) : emptyProblem,
    contact: quote ? contactFromQuote(quote, contact) : contact,
    address: quote ? addressFromQuote(quote, address) : address,
    packaging: quote ? packagingFromQuote(quote) : '',
    confirmed: false,
    serverErrors: noServerErrors,
    result: null,
  };
}

function sameAddress(a: AddressValues, b: AddressValues): boolean {
  return (Object.keys(a) as (keyof AddressValues)[]).every((key) => a[key] === b[key]);
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'serial': {
      if (action.serial === state.serial) return state;
      // Another unit has other faults and problems.
      const problem = { ...state.problem, primaryFault: '', problem: '' };
      return { ...state, serial: action.serial, problem, serverErrors: { ...state.serverErrors, serial: undefined } };
    }
    case 'problem':
      return {
        ...state,
        problem: action.values,
        serverErrors: { ...state.serverErrors, problem: withoutChanged(state.serverErrors.problem, state.problem, action.values) },
      };
    case 'attach':
      return flowReducer(state, { type: 'problem', values: { ...state.problem, attachments: [...state.problem.attachments, action.file] } });
    case 'detach':
      return flowReducer(state, {
        type: 'problem',
        values: { ...state.problem, attachments: state.problem.attachments.filter((f) => f.bucketFileName !== action.file.bucketFileName) },
      });
    case 'contact':
      return {
        ...state,
        contact: action.values,
        serverErrors: { ...state.serverErrors, contact: withoutChanged(state.serverErrors.contact, state.contact, action.values) },
      };
    case 'address':
      if (sameAddress(state.address, action.values)) return state;
      // Spec §4: changing the address resets the packaging choice.
      return {
        ...state,
        address: action.values,
        packaging: '',
        serverErrors: { ...state.serverErrors, address: withoutChanged(state.serverErrors.address, state.address, action.values) },
      };
    case 'packaging':
      return { ...state, packaging: action.choice, serverErrors: { ...state.serverErrors, packaging: undefined } };
    case 'go':
      return { ...state, step: Math.min(CONFIRM_STEP, Math.max(FIRST_STEP, action.step)) };
    case 'confirm':
      return { ...state, confirmed: action.confirmed };
    case 'rejected':
      return { ...state, serverErrors: action.errors };
    case 'created':
      return { ...state, result: action.result, step: LAST_STEP };
  }
}
