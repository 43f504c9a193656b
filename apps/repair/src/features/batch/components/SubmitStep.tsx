import { useEffect, useState, type Dispatch } from 'react';
import styled from 'styled-components';
import type { PaymentOptions } from '@portal/api-client';
import { defaultMethod, messages, validatePayment } from '@portal/forms';
import { AddressFacts, ContactFacts, PaymentFields, StepForm, SummaryCard, useCountries, usePaymentOptions } from '@portal/forms/units';
import { Banner, Button, CheckboxField, LoadFailed, Loading, MutedText, Row, Stack, formatMoney } from '@portal/ui';
import { COPY } from '../copy';
import { needsPayment, type BatchEvent, type BatchPageState, type RowsSummary } from '../model/machine';
import { boxesFor } from '../model/packaging';
import type { SubmitChoice } from '../model/payload';
import { rowsWithData } from '../model/rows';
import { SummaryFacts } from './PreflightStep';

const Total = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Agreement = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
  border-radius: ${({ theme }) => theme.radii.md};
`;

export interface SubmitStepProps {
  state: BatchPageState;
  summary: RowsSummary;
  dispatch: Dispatch<BatchEvent>;
  onEdit: (step: number) => void;
  onBack: () => void;
  onSubmit: (choice: SubmitChoice | null, options: PaymentOptions | null) => void;
}

/**
 * Step 4: the batch on cards, the acknowledgements given once for the batch (the hard-drive
 * backup; the data-handling agreement when a row is a camera with data), the one payment when
 * out-of-warranty rows pass (PO or card, with the single stepper's fields, rules and messages, or
 * saved as one quote), then Submit.
 */
export function SubmitStep({ state, summary, dispatch, onEdit, onBack, onSubmit }: SubmitStepProps) {
  const countries = useCountries();
  const paid = needsPayment(summary);
  const options = usePaymentOptions(paid);
  const ready = options.state.status === 'ready' ? options.state.options : null;
  const [showErrors, setShowErrors] = useState(false);
  const withData = rowsWithData(state.rows);
  const { payment, submit } = state;
  const submitting = submit.status === 'submitting';

  // The method starts at the customer's default (PO for holders of the PO permission).
  useEffect(() => {
    if (ready && payment.method === '') dispatch({ type: 'payment', values: { ...payment, method: defaultMethod(ready) } });
  }, [ready, payment, dispatch]);

  const hddError = state.acknowledgeHddBackup ? undefined : messages.required;
  const clickWrapError = withData > 0 && !state.acknowledgeClickWrapAgreement ? messages.required : undefined;
  const acknowledged = hddError === undefined && clickWrapError === undefined;
  const paymentValid = !paid || (ready !== null && Object.keys(validatePayment(payment, ready)).length === 0);
  const serverOther = submit.fields?.other ?? {};
  const shown = (own: string | undefined, path: string) => (showErrors ? own : undefined) ?? serverOther[path];
  const boxes = boxesFor(state.rows.length, state.packaging);
  const choice: SubmitChoice | null = paid ? (payment.method === 'PO' ? 'PO' : 'PayPal') : null;

  const saveQuote = () => {
    if (submitting) return;
    if (!acknowledged) {
      setShowErrors(true);
      return;
    }
    onSubmit('SAVE', ready);
  };

  return (
    <StepForm
      label={COPY.submitLabel}
      valid={acknowledged && paymentValid}
      invalidMessage={messages.missingRequiredFields}
      onInvalidAttempt={() => setShowErrors(true)}
      onBack={onBack}
      onContinue={() => onSubmit(choice, ready)}
      continueLabel={paid ? COPY.submitAndPay : COPY.submit}
      canContinue={!paid || ready !== null}
      busy={submitting}
      footer={
        <Stack $gap="sm">
          {submit.error ? <Banner variant="error">{submit.error}</Banner> : null}
          {submitting ? <Loading>{COPY.submitting}</Loading> : null}
          {paid ? (
            <Row>
              <Button $variant="secondary" onClick={saveQuote} aria-disabled={submitting || undefined} aria-describedby="batch-save-quote-help">
                {COPY.saveQuote}
              </Button>
              <MutedText id="batch-save-quote-help">{COPY.saveQuoteHelp}</MutedText>
            </Row>
          ) : null}
        </Stack>
      }
    >
      <Stack>
        <SummaryCard title="Units" onEdit={() => onEdit(2)}>
          <SummaryFacts summary={summary} />
        </SummaryCard>
        <SummaryCard title="Contact Information" onEdit={() => onEdit(3)}>
          <ContactFacts contact={state.contact} />
        </SummaryCard>
        <SummaryCard title="Shipping Information" onEdit={() => onEdit(3)}>
          <AddressFacts address={state.address} countries={countries} />
        </SummaryCard>
        <SummaryCard title="Packaging" onEdit={() => onEdit(3)}>
          <p>
            {state.packaging.kind === 'OWN_BOXES'
              ? `${COPY.ownBoxes}: ${state.packaging.unitsPerBox} per box${boxes !== null ? `, ${COPY.boxes(boxes)}` : ''}`
              : COPY.requestBoxes}
          </p>
        </SummaryCard>
        {paid ? (
          <SummaryCard title="Payment">
            <Stack>
              <Total>
                {COPY.total}: {formatMoney({ cents: summary.totalCents, currency: 'USD' })}
              </Total>
              {ready && ready.discountPercent > 0 ? <MutedText>{COPY.discountApplied(ready.discountPercent)}</MutedText> : null}
              {options.state.status === 'loading' ? <Loading>{COPY.paymentOptionsLoading}</Loading> : null}
              {options.state.status === 'failed' ? (
                <LoadFailed message={COPY.paymentOptionsFailed} onRetry={options.retry} retryLabel="Load payment options again" retryVariant="secondary" />
              ) : null}
              {ready ? (
                <PaymentFields
                  options={ready}
                  values={payment}
                  onChange={(values) => dispatch({ type: 'payment', values })}
                  showErrors={showErrors}
                  serverErrors={submit.fields?.payment ?? {}}
                  text={COPY}
                />
              ) : null}
            </Stack>
          </SummaryCard>
        ) : (
          <SummaryCard title="Payment">
            <MutedText>{COPY.noPayment}</MutedText>
          </SummaryCard>
        )}
        {withData > 0 ? (
          <Agreement role="group" aria-label="Data handling agreement">
            <p>{COPY.clickWrapIntro(withData)}</p>
            <ul>
              {COPY.clickWrapAgreement.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <CheckboxField
              label={COPY.clickWrapAccept}
              name="acknowledgeClickWrapAgreement"
              checked={state.acknowledgeClickWrapAgreement}
              onChange={(value) => dispatch({ type: 'acknowledgeClickWrapAgreement', value })}
              error={shown(clickWrapError, 'acknowledgeClickWrapAgreement')}
            />
          </Agreement>
        ) : null}
        <CheckboxField
          label={COPY.hddBackup}
          name="acknowledgeHddBackup"
          checked={state.acknowledgeHddBackup}
          onChange={(value) => dispatch({ type: 'acknowledgeHddBackup', value })}
          error={shown(hddError, 'acknowledgeHddBackup')}
        />
      </Stack>
    </StepForm>
  );
}
