import type { DecisionChoice, DecisionInput, PaymentOptions, RmaDetails, RmaDiagnosis } from '@portal/api-client';
import { customerPO, defaultMethod, messages, validatePayment, type FieldErrors, type PaymentField, type PaymentValues } from '@portal/forms';

/** The decision form's own field beside the payment's: which of the three choices. */
export type DecisionField = 'choice' | PaymentField;

export interface DecisionValues {
  choice: DecisionChoice | '';
  payment: PaymentValues;
}

/**
 * Whether the customer decides here now: the RMA is theirs, its revised quote awaits them
 * (QUOTE_PENDING with choices), and they have not decided, or approved by card without paying
 * yet (the server answers the same card page again).
 */
export function awaitsDecision(details: Pick<RmaDetails, 'mine' | 'status' | 'diagnosis'>): details is Pick<RmaDetails, 'mine' | 'status'> & {
  diagnosis: RmaDiagnosis;
} {
  const diagnosis = details.diagnosis;
  if (!details.mine || details.status !== 'QUOTE_PENDING' || !diagnosis || diagnosis.choices.length === 0) return false;
  const decision = diagnosis.decision;
  return decision === null || (decision.choice === 'APPROVE' && decision.paymentMethod === 'CREDIT_CARD' && !decision.paid);
}

/** The price of a choice as the server offers it; '' when it does not offer that choice. */
export function priceOf(diagnosis: RmaDiagnosis, choice: DecisionChoice): string {
  return diagnosis.choices.find((offered) => offered.choice === choice)?.price ?? '';
}

/** The payment as the customer sees it: until they pick, the method is the options' default (PO for PO holders). */
function shownPayment(payment: PaymentValues, options: PaymentOptions): PaymentValues {
  return payment.method === '' ? { ...payment, method: defaultMethod(options) } : payment;
}

/**
 * The form's rules: a choice, and for an approval the payment of spec §5 (a PO number, its file
 * and the release number when the customer's domain needs one). The server applies the same.
 * Without the payment options an approval cannot be checked: the form waits for them.
 */
export function validateDecision(values: DecisionValues, options: PaymentOptions | null): FieldErrors<DecisionField> {
  if (values.choice === '') return { choice: messages.required };
  if (values.choice !== 'APPROVE' || !options) return {};
  return validatePayment(shownPayment(values.payment, options), options);
}

/** The body of POST decision: paymentData only with an approval; a card sends no PO. */
export function decisionInput(values: DecisionValues, options: PaymentOptions | null): DecisionInput {
  if (values.choice === '') throw new Error('a decision needs a choice');
  if (values.choice !== 'APPROVE') return { choice: values.choice };
  const payment = options ? shownPayment(values.payment, options) : values.payment;
  if (payment.method === 'PO' && options) {
    return {
      choice: 'APPROVE',
      paymentData: { paymentMethod: 'PO', customerPO: customerPO(payment, options), customerPOFileId: payment.poFile?.fileId ?? '' },
    };
  }
  return { choice: 'APPROVE', paymentData: { paymentMethod: 'CREDIT_CARD' } };
}
