import { Suspense, useCallback, type Dispatch } from 'react';
import type { CreateOowPayload, CreateRmaPayload, Money, RepairSelection } from '@portal/api-client';
import { normalizeSerial, type PaymentValues } from '@portal/forms';
import type { SerialCheck } from '@portal/forms/units';
import { Row, Spinner } from '@portal/ui';
import { LAST_STEP } from './model/flow';
import type { FlowKind } from './model/kind';
import type { RmaEvent, RmaMachineState } from './model/machine';
import { effectivePackaging, shippingMode } from './model/packaging';
import type { ProblemValues } from './model/problem';
import type { SavedQuote } from './model/quote';
import { labelSummary } from './model/stored';
import { ProblemStep } from './steps/ProblemStep';
import { UpgradeStep } from './steps/UpgradeStep';
import { ConfirmStep, ContactStep, DownloadStep, PackagingStep } from './steps/lazy';

function StepLoading() {
  return (
    <Row $gap="sm" role="status">
      <Spinner />
      <span>Loading..</span>
    </Row>
  );
}

export interface CurrentStepProps {
  kind: FlowKind;
  state: RmaMachineState;
  dispatch: Dispatch<RmaEvent>;
  check: SerialCheck;
  discountPercent: number;
  price: Money | null;
  /** The saved quote being paid (rma-confirm-quote), and the quote the flow was opened with. */
  quoteId?: string;
  quote: SavedQuote | null;
  onSubmit: (payload: CreateRmaPayload) => void;
  onPay: (payload: CreateOowPayload) => void;
  onSaveQuote: (payload: CreateOowPayload) => void;
  onTryAgain: () => void;
  onCancelRma: () => void;
  onReset: () => void;
}

/** The stepper's current step, as the machine's state has it; each step's input is an event. */
export function CurrentStep(props: CurrentStepProps) {
  const { kind, state, dispatch, check, quoteId, quote } = props;
  const { flow } = state;
  const unit = check.status === 'valid' ? check.unit : null;
  const packaging = effectivePackaging(shippingMode(flow.address, unit), flow.packaging);
  const go = (step: number) => dispatch({ type: 'go', step });
  const common = { unit, serial: flow.serial, problem: flow.problem, contact: flow.contact, address: flow.address, packaging };
  // What the repair's and the upgrade's first steps both take.
  const firstStepProps = {
    serial: flow.serial,
    onSerialChange: (serial: string) => dispatch({ type: 'serial', serial: normalizeSerial(serial) }),
    check,
    values: flow.problem,
    onChange: (values: ProblemValues) => dispatch({ type: 'problem', values }),
    discountPercent: props.discountPercent,
    serverErrors: flow.serverErrors.problem,
    onContinue: () => go(2),
  };
  // Stable: the confirm step sets the payment's default method in an effect that depends on it.
  const onPaymentChange = useCallback((values: PaymentValues) => dispatch({ type: 'paymentValues', values }), [dispatch]);
  const optionsLoaded = (autoSelect: boolean) => (selections: RepairSelection[]) => dispatch({ type: 'optionsLoaded', selections, autoSelect });

  return (
    <Suspense fallback={<StepLoading />}>
      {flow.step === 1 && kind.alwaysPaid ? <UpgradeStep {...firstStepProps} onOptionsLoaded={optionsLoaded(false)} /> : null}
      {flow.step === 1 && !kind.alwaysPaid ? (
        <ProblemStep
          {...firstStepProps}
          onOptionsLoaded={optionsLoaded(true)}
          onAttach={(file) => dispatch({ type: 'attach', file })}
          onDetach={(file) => dispatch({ type: 'detach', file })}
        />
      ) : null}
      {flow.step === 2 ? (
        <ContactStep
          contact={flow.contact}
          address={flow.address}
          onContactChange={(values) => dispatch({ type: 'contact', values })}
          onAddressChange={(values) => dispatch({ type: 'address', values })}
          serverErrors={flow.serverErrors}
          onBack={() => go(1)}
          onContinue={() => go(3)}
        />
      ) : null}
      {flow.step === 3 ? (
        <PackagingStep
          unit={unit}
          contact={flow.contact}
          address={flow.address}
          choice={flow.packaging}
          onChoose={(choice) => dispatch({ type: 'packaging', choice })}
          serverError={flow.serverErrors.packaging}
          onBack={() => go(2)}
          onContinue={() => go(4)}
        />
      ) : null}
      {flow.step === 4 ? (
        <ConfirmStep
          kind={kind}
          {...common}
          confirmed={flow.confirmed}
          onConfirmedChange={(confirmed) => dispatch({ type: 'confirm', confirmed })}
          onEdit={go}
          onBack={() => go(3)}
          onSubmit={props.onSubmit}
          onPay={props.onPay}
          onSaveQuote={quoteId ? undefined : props.onSaveQuote}
          submitting={state.request.submitting}
          error={state.request.error}
          price={props.price}
          quoteId={quoteId}
          quoteTotal={quoteId ? (quote?.total ?? null) : null}
          payment={state.paymentValues}
          onPaymentChange={onPaymentChange}
          paymentServerErrors={state.request.paymentErrors}
          phase={state.payment}
          onTryAgain={props.onTryAgain}
          onCancelRma={props.onCancelRma}
        />
      ) : null}
      {flow.step === LAST_STEP ? (
        <DownloadStep
          {...labelSummary(flow.result?.stored, common, check.unit)}
          receipt={flow.result?.stored?.receipt ?? null}
          result={flow.result}
          onNewRequest={props.onReset}
        />
      ) : null}
    </Suspense>
  );
}
