import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { isApiError, type DecisionChoice, type DecisionResult, type RmaDiagnosis } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { emptyPayment, paymentServerErrors, type FieldErrors, type PaymentValues } from '@portal/forms';
import { browser, failureMessage } from '@portal/forms/payable';
import { PaymentFields, usePaymentOptions } from '@portal/forms/units';
import { Banner, FieldError, LoadFailed, Loading, MutedText, Stack, formatDate, formatUsdString } from '@portal/ui';
import { SubmitButton } from '../../../shared/SubmitButton';
import { useInvalidSubmit } from '../../../shared/useInvalidSubmit';
import { decisionInput, priceOf, validateDecision, type DecisionField, type DecisionValues } from '../model/decision';

export const DECISION_COPY = {
  heading: 'Your decision',
  legend: 'What should we do with your unit?',
  decideBy: (date: string) => `Decide by ${date}.`,
  nothingCharged: 'Nothing is charged until you decide.',
  autoReturn: 'If you have not decided by then, we return the unit unrepaired at no charge.',
  approve: 'Approve the repair',
  approveHelp: 'We repair the unit and ship it back once the repair is paid.',
  returnUnrepaired: 'Return unrepaired',
  returnHelp: 'We ship the unit back as it is. The return fee is paid from Your account and does not hold the unit back.',
  recycle: 'Recycle the unit',
  recycleHelp: 'We recycle the unit responsibly; it does not come back to you.',
  free: 'Free',
  cardUnpaid: 'You approved the repair by card, but the payment is not complete. Submit again to go back to the card payment page.',
  submit: 'Submit decision',
  submitting: 'Submitting…',
  leaving: 'Taking you to the card payment page…',
  failed: 'Your decision could not be sent. Check your connection and try again.',
  paymentOptionsLoading: 'Loading the payment options…',
  paymentOptionsFailed: 'The payment options could not be loaded.',
  cardNext: 'Submit decision takes you to our card payment provider. Once the payment is approved, the repair starts.',
  poReleaseHint: 'The 4 or 5 digit release number of your PO; it is sent as PO-release.',
  poFileHelp: 'A PDF or image (PNG, JPEG, TIFF) of the purchase order, up to 10 MB. It is uploaded as soon as you choose it.',
  poFileAttached: (name: string) => `Attached: ${name}`,
} as const;

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.sm};

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

/** A radio button drawn as a card: the whole card is its label, the chosen one outlined. */
const ChoiceCard = styled.label<{ $checked: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme, $checked }) => `${theme.size.borderWidth} solid ${$checked ? theme.colors.brand : theme.colors.border}`};
  box-shadow: ${({ theme, $checked }) => ($checked ? `inset 0 0 0 ${theme.size.borderWidth} ${theme.colors.brand}` : 'none')};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;

  &:focus-within {
    outline: ${({ theme }) => `${theme.size.focusWidth} solid ${theme.colors.focus}`};
  }
  input {
    margin-top: ${({ theme }) => theme.space.xs};
    accent-color: ${({ theme }) => theme.colors.brand};
  }
`;

const CardText = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};

  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Price = styled.span`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

interface Offered {
  choice: DecisionChoice;
  title: string;
  help: string;
  price: string;
}

/** The three choices in the order the e-mail names them, each priced by the server. */
function offered(diagnosis: RmaDiagnosis): Offered[] {
  const all: Offered[] = [
    { choice: 'APPROVE', title: DECISION_COPY.approve, help: DECISION_COPY.approveHelp, price: priceOf(diagnosis, 'APPROVE') },
    { choice: 'RETURN_UNREPAIRED', title: DECISION_COPY.returnUnrepaired, help: DECISION_COPY.returnHelp, price: priceOf(diagnosis, 'RETURN_UNREPAIRED') },
    { choice: 'RECYCLE', title: DECISION_COPY.recycle, help: DECISION_COPY.recycleHelp, price: priceOf(diagnosis, 'RECYCLE') },
  ];
  return all.filter((option) => option.price !== '');
}

/** '$0.00' reads as 'Free'. */
function priceText(price: string): string {
  return /^0+(\.0+)?$/.test(price) ? DECISION_COPY.free : formatUsdString(price);
}

export interface DecisionFormProps {
  rmaNumber: string;
  diagnosis: RmaDiagnosis;
  /** The server recorded the decision and the RMA moved on (not for a card approval, which leaves for the card page). */
  onDecided: (result: DecisionResult, choice: DecisionChoice) => void;
}

/**
 * 'Your decision' on a revised quote: approve the repair (paid by card at the provider, or by PO
 * for holders of the PO permission, with the spec §5 PO rules), have the unit back unrepaired for
 * the return fee, or recycle it free. Nothing is charged until the customer decides; a card
 * approval leaves for the card page, the others answer the RMA's new status at once.
 */
export function DecisionForm({ rmaNumber, diagnosis, onDecided }: DecisionFormProps) {
  const api = useApi();
  const unpaidCard = diagnosis.decision?.choice === 'APPROVE' && diagnosis.decision.paymentMethod === 'CREDIT_CARD';
  const [values, setValues] = useState<DecisionValues>(() => ({
    choice: unpaidCard ? 'APPROVE' : '',
    payment: unpaidCard ? { ...emptyPayment, method: 'PayPal' } : emptyPayment,
  }));
  const [serverErrors, setServerErrors] = useState<FieldErrors<DecisionField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState<'idle' | 'sending' | 'leaving'>('idle');
  const { showAll, setShowAll, invalid, accept } = useInvalidSubmit();
  const payment = usePaymentOptions(values.choice === 'APPROVE');
  const options = payment.state.status === 'ready' ? payment.state.options : null;

  const errors = validateDecision(values, options);
  // An approval waits for the payment options: without them its payment cannot be checked.
  const ready = values.choice !== 'APPROVE' || options !== null;
  const valid = ready && Object.keys(errors).length === 0;

  const change = (next: DecisionValues) => {
    setValues(next);
    setFailure(null);
    setServerErrors((previous) => (next.choice !== values.choice ? {} : previous));
  };
  const changePayment = (next: PaymentValues) => {
    setServerErrors((previous) => {
      const kept = { ...previous };
      if (next.method !== values.payment.method) delete kept.method;
      if (next.poNumber !== values.payment.poNumber) delete kept.poNumber;
      if (next.poRelease !== values.payment.poRelease) delete kept.poRelease;
      if (next.poFile !== values.payment.poFile) delete kept.poFile;
      return kept;
    });
    setValues({ ...values, payment: next });
    setFailure(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!accept(event, { valid, busy: sending !== 'idle' })) return;
    const choice = values.choice as DecisionChoice;
    setSending('sending');
    setFailure(null);
    try {
      const result = await api.repair.decide(rmaNumber, decisionInput(values, options));
      setServerErrors({});
      if (result.status === 'QUOTE_PENDING' && result.paymentUrl) {
        setSending('leaving');
        browser.assign(result.paymentUrl);
        return;
      }
      setSending('idle');
      onDecided(result, choice);
    } catch (error) {
      setSending('idle');
      if (isApiError(error) && error.status === 400) {
        const fields: FieldErrors<DecisionField> = paymentServerErrors(error.fields);
        if (error.fields.choice) fields.choice = error.fields.choice;
        setServerErrors(fields);
        setShowAll(true);
      }
      setFailure(failureMessage(error, DECISION_COPY.failed));
    }
  }

  const choiceError = (showAll ? errors.choice : undefined) ?? serverErrors.choice;
  const paymentServer = { method: serverErrors.method, poNumber: serverErrors.poNumber, poRelease: serverErrors.poRelease, poFile: serverErrors.poFile };

  return (
    <section aria-label={DECISION_COPY.heading}>
      <h3>{DECISION_COPY.heading}</h3>
      <form aria-label={DECISION_COPY.heading} noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          <p>
            {diagnosis.decideBy ? (
              <>
                <strong>{DECISION_COPY.decideBy(formatDate(diagnosis.decideBy))}</strong> {DECISION_COPY.autoReturn}{' '}
              </>
            ) : null}
            {DECISION_COPY.nothingCharged}
          </p>
          {unpaidCard ? <Banner variant="warning">{DECISION_COPY.cardUnpaid}</Banner> : null}
          <Fieldset
            role="radiogroup"
            aria-labelledby={`${rmaNumber}-decision-legend`}
            aria-describedby={choiceError ? `${rmaNumber}-decision-error` : undefined}
            aria-invalid={choiceError ? true : undefined}
          >
            <legend id={`${rmaNumber}-decision-legend`}>{DECISION_COPY.legend}</legend>
            {offered(diagnosis).map((option) => (
              <ChoiceCard key={option.choice} $checked={values.choice === option.choice}>
                <input
                  type="radio"
                  name="decision"
                  value={option.choice}
                  checked={values.choice === option.choice}
                  onChange={() => change({ ...values, choice: option.choice })}
                  aria-describedby={`${rmaNumber}-${option.choice}-help`}
                />
                <CardText>
                  <span>
                    {option.title}: <Price>{priceText(option.price)}</Price>
                  </span>
                  <small id={`${rmaNumber}-${option.choice}-help`}>{option.help}</small>
                </CardText>
              </ChoiceCard>
            ))}
          </Fieldset>
          {choiceError ? <FieldError id={`${rmaNumber}-decision-error`}>{choiceError}</FieldError> : null}
          {values.choice === 'APPROVE' ? (
            <>
              {payment.state.status === 'loading' ? <Loading>{DECISION_COPY.paymentOptionsLoading}</Loading> : null}
              {payment.state.status === 'failed' ? (
                <LoadFailed
                  message={DECISION_COPY.paymentOptionsFailed}
                  onRetry={payment.retry}
                  retryLabel="Load payment options again"
                  retryVariant="secondary"
                />
              ) : null}
              {options ? (
                <PaymentFields
                  options={options}
                  values={values.payment}
                  onChange={changePayment}
                  showErrors={showAll}
                  serverErrors={paymentServer}
                  text={DECISION_COPY}
                />
              ) : null}
            </>
          ) : null}
          {invalid ? <Banner variant="error">{invalid}</Banner> : null}
          {failure ? <Banner variant="error">{failure}</Banner> : null}
          {sending === 'leaving' ? <MutedText role="status">{DECISION_COPY.leaving}</MutedText> : null}
          <SubmitButton label={DECISION_COPY.submit} busyLabel={DECISION_COPY.submitting} busy={sending !== 'idle'} invalid={!valid} />
        </Stack>
      </form>
    </section>
  );
}
