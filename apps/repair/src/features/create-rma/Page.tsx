import { useId, useReducer, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from '@portal/router';
import { useSessionState } from '@portal/auth';
import { pathFor } from '@portal/routes';
import { Banner, Card, CardTitle, MutedText, PageTitle, Stack, Stepper } from '@portal/ui';
import { LeaveDialog, unitImageSrc, useLeaveWarning, useSerialCheck, useStepFocus } from '@portal/forms/units';
import type { ProviderReturn } from '@portal/forms/payable';
import { COPY } from './copy';
import { CurrentStep } from './CurrentStep';
import { CONFIRM_STEP } from './model/flow';
import { REPAIR_FLOW, type FlowKind } from './model/kind';
import { initialMachineState, rmaMachine, warnsOnLeave } from './model/machine';
import { isGuam } from './model/packaging';
import { loadPaymentSnapshot, readPaymentReturn, type PaymentSnapshot } from './model/paymentReturn';
import { priceOf } from './model/problem';
import type { SavedQuote } from './model/quote';
import { isUpgradeable } from './model/upgrade';
import { PendingPayment } from './components/PendingPayment';
import { usePendingPayment } from './hooks/usePendingPayment';
import { usePrefetchSteps } from './hooks/usePrefetchSteps';
import { useRmaPayment } from './hooks/useRmaPayment';
import { useRmaRequests } from './hooks/useRmaRequests';
import { readRouteInputs, resetStamp, type ResetState } from './routeInputs';

export type { ConfirmQuoteRouteState } from './routeInputs';

export interface FlowProps {
  /** A repair RMA (create-rma, the default) or a paid upgrade (upgrade-device). */
  kind?: FlowKind;
  initialSerial: string;
  toPage?: number;
  quote: SavedQuote | null;
  /** The saved quote being paid (rma-confirm-quote): no Save Quote, and create/oow names it. */
  quoteId?: string;
  onReset: () => void;
  /** Back from the payment provider: the return URL's parts and the flow kept before leaving. */
  paymentReturn?: ProviderReturn | null;
  snapshot?: PaymentSnapshot | null;
  /** Shown above the stepper (rma-confirm-quote: 'Quote QT-… saved'). */
  banner?: ReactNode;
}

/**
 * The create-RMA stepper (spec §2), from the serial to the label; rma-confirm-quote renders it
 * too, and upgrade-device with its confirm-quote page as the upgrade kind (its own first step,
 * always paid). Its state is the machine of model/machine.ts; this renders it.
 */
export function CreateRmaFlow({ kind = REPAIR_FLOW, initialSerial, toPage, quote, quoteId, onReset, paymentReturn = null, snapshot = null, banner }: FlowProps) {
  const session = useSessionState();
  const profile = session.status === 'signed-in' ? session.profile : null;
  const [state, dispatch] = useReducer(rmaMachine, { serial: initialSerial, toPage, quote, profile, snapshot, paymentReturn }, initialMachineState);
  const { flow } = state;
  const check = useSerialCheck(flow.serial, kind.alwaysPaid ? isUpgradeable : undefined);
  const { blocker, allowNextNavigation } = useLeaveWarning(warnsOnLeave(state));
  const requests = useRmaRequests(kind, state, dispatch, quote, allowNextNavigation);
  const payment = useRmaPayment(state, dispatch, allowNextNavigation);
  // The unit's RMA that awaits its payment, found again when the customer came back without paying.
  const pending = usePendingPayment(check, state.payment.kind === 'idle' && flow.result === null && !paymentReturn);
  const titleRef = useStepFocus(flow.step);
  const stepTitleId = useId();
  const unit = check.status === 'valid' ? check.unit : null;
  usePrefetchSteps(unit ? unitImageSrc(unit.modelFamily) : null);

  return (
    <Stack $gap="lg">
      <PageTitle>{kind.title}</PageTitle>
      {kind.intro ? <MutedText>{kind.intro}</MutedText> : null}
      {kind === REPAIR_FLOW && flow.step === 1 ? (
        <MutedText>
          <Link to={pathFor('create-rma-batch')}>{COPY.batchLink}</Link>
        </MutedText>
      ) : null}
      {banner}
      {isGuam(flow.address) ? <Banner variant="warning">{COPY.guamBatteries}</Banner> : null}
      <Stepper steps={kind.steps} current={flow.step} label={kind.stepsLabel} />
      {pending ? (
        <PendingPayment
          pending={pending}
          busy={payment.offer.busy?.action ?? null}
          error={payment.offer.error}
          onPay={() => payment.payPending(pending.rmaNumber)}
          onCancel={() => payment.cancelPending(pending.rmaNumber)}
        />
      ) : null}
      <Card aria-labelledby={stepTitleId}>
        <CardTitle id={stepTitleId} ref={titleRef} tabIndex={-1}>
          {kind.steps[flow.step - 1] ?? kind.steps[0]}
        </CardTitle>
        <CurrentStep
          kind={kind}
          state={state}
          dispatch={dispatch}
          check={check}
          discountPercent={profile?.flags?.rma?.flatDiscountPercentage ?? 0}
          price={priceOf(state.selections, flow.problem)}
          quoteId={quoteId}
          quote={quote}
          onSubmit={(payload) => void requests.submit(payload)}
          onPay={(payload) => void requests.pay(payload)}
          onSaveQuote={(payload) => void requests.saveQuote(payload)}
          onTryAgain={payment.tryAgain}
          onCancelRma={payment.cancelRma}
          onReset={onReset}
        />
      </Card>
      <LeaveDialog blocker={blocker} />
    </Stack>
  );
}

/**
 * A stepper page of kind: the route's serial and inputs, a reset, and the return from the payment
 * provider (?rmaNumber=…), which reopens the flow as it was left, on the confirm step.
 */
export function RmaStepperPage({ kind }: { kind: FlowKind }) {
  const { serial = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const reset = resetStamp(location);
  const inputs = reset === null ? readRouteInputs(location) : { quote: null };
  // Back from the payment provider (?rmaNumber=…): the flow as it was left, on the confirm step.
  const [paymentReturn] = useState(() => (reset === null ? readPaymentReturn(location.search) : null));
  const [snapshot] = useState(() => (paymentReturn ? loadPaymentSnapshot(paymentReturn.id) : null));

  return (
    <CreateRmaFlow
      // Another serial's page, or a reset, starts the flow over.
      key={`${serial}#${reset ?? 0}`}
      kind={kind}
      initialSerial={serial}
      toPage={paymentReturn ? CONFIRM_STEP : inputs.toPage}
      quote={snapshot?.quote ?? inputs.quote}
      quoteId={snapshot?.quoteId && snapshot.quote ? snapshot.quoteId : undefined}
      paymentReturn={reset === null ? paymentReturn : null}
      snapshot={snapshot}
      onReset={() => navigate(pathFor(kind.startRoute), { replace: true, state: { reset: Date.now() } satisfies ResetState })}
    />
  );
}
