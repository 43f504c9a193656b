import { lazy, Suspense, useCallback, useEffect, useId, useReducer, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, type Location } from '@portal/router';
import {
  isApiError,
  type CreateOowPayload,
  type CreateRmaPayload,
  type Money,
  type RepairSelection,
} from '@portal/api-client';
import { useApi, useSessionState } from '@portal/auth';
import { emptyPayment, messages, normalizeSerial, paymentServerErrors, type FieldErrors, type PaymentField, type PaymentValues } from '@portal/forms';
import { pathFor } from '@portal/routes';
import { Banner, Card, CardTitle, MutedText, PageTitle, Row, Spinner, Stack, Stepper } from '@portal/ui';
import { LeaveDialog, unitImageSrc, useLeaveWarning, useSerialCheck } from '@portal/forms/units';
import { COPY } from './copy';
import { createErrorMessage, serverMessage } from './model/createError';
import { labelSummary } from './model/stored';
import { CONFIRM_STEP, flowReducer, initialFlowState, LAST_STEP } from './model/flow';
import { GUAM, effectivePackaging, shippingMode } from './model/packaging';
import {
  browser,
  clearPaymentSnapshot,
  loadPaymentSnapshot,
  readPaymentReturn,
  savePaymentSnapshot,
  type PaymentPhase,
  type PaymentReturn,
  type PaymentSnapshot,
} from './model/paymentReturn';
import { autoSelectFault, priceOf } from './model/problem';
import { isSavedQuote, type SavedQuote } from './model/quote';
import { sortServerErrors } from './model/serverErrors';
import { REPAIR_FLOW, type FlowKind } from './model/kind';
import { isUpgradeable } from './model/upgrade';
import { PendingPayment, type PendingAction } from './components/PendingPayment';
import { usePendingPayment } from './hooks/usePendingPayment';
import { ProblemStep } from './steps/ProblemStep';
import { UpgradeStep } from './steps/UpgradeStep';

// Steps 2-5 arrive when they are needed (fetched in the background once step 1 has its unit), so
// the page a user lands on carries only step 1.
const loadContactStep = () => import('./steps/ContactStep');
const loadPackagingStep = () => import('./steps/PackagingStep');
const loadConfirmStep = () => import('./steps/ConfirmStep');
const loadDownloadStep = () => import('./steps/DownloadStep');
const ContactStep = lazy(() => loadContactStep().then((m) => ({ default: m.ContactStep })));
const PackagingStep = lazy(() => loadPackagingStep().then((m) => ({ default: m.PackagingStep })));
const ConfirmStep = lazy(() => loadConfirmStep().then((m) => ({ default: m.ConfirmStep })));
const DownloadStep = lazy(() => loadDownloadStep().then((m) => ({ default: m.DownloadStep })));

function prefetchSteps() {
  for (const load of [loadContactStep, loadPackagingStep, loadConfirmStep, loadDownloadStep]) {
    load().catch(() => undefined); // a failure shows when the step is opened
  }
}

/**
 * Fetches steps 2-5 once the unit's picture is in and the browser is idle. Earlier, their code
 * (the contact step's phone input and its metadata are most of it) would share a phone's
 * bandwidth with the picture, the page's largest paint, and its main thread with step 1. Only a
 * unit that passed the check can go on to step 2. Returns the cancel.
 */
function prefetchStepsAfter(picture: string): () => void {
  const image = new Image();
  let cancelIdle: () => void = () => undefined;
  const fetchWhenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(prefetchSteps, { timeout: 2000 });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(prefetchSteps, 200); // no idle callbacks (Safari)
      cancelIdle = () => clearTimeout(timer);
    }
  };
  image.addEventListener('load', fetchWhenIdle);
  image.addEventListener('error', fetchWhenIdle);
  image.src = picture; // the unit card's picture: the browser's cache answers once it is in
  return () => {
    image.removeEventListener('load', fetchWhenIdle);
    image.removeEventListener('error', fetchWhenIdle);
    cancelIdle();
  };
}

/** A fresh Idempotency-Key for one submission. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Route inputs of spec §2: toPage (location state or ?toPage=) and quoteData (location state). */
export interface CreateRmaRouteState {
  toPage?: number;
  quoteData?: SavedQuote;
}

/** What Save Quote hands to rma-confirm-quote (the page fetches the quote by ?quote= without it). */
export interface ConfirmQuoteRouteState extends CreateRmaRouteState {
  quoteId: string;
}

export function readRouteInputs(location: Location): { toPage?: number; quote: SavedQuote | null } {
  const state = (location.state ?? null) as CreateRmaRouteState | null;
  const fromQuery = new URLSearchParams(location.search).get('toPage');
  const toPage = Number(state?.toPage ?? fromQuery ?? undefined);
  return {
    toPage: Number.isInteger(toPage) ? toPage : undefined,
    quote: isSavedQuote(state?.quoteData) ? state.quoteData : null,
  };
}

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
  paymentReturn?: PaymentReturn | null;
  snapshot?: PaymentSnapshot | null;
  /** Shown above the stepper (rma-confirm-quote: 'Quote QT-… saved'). */
  banner?: ReactNode;
}

function StepLoading() {
  return (
    <Row $gap="sm" role="status">
      <Spinner />
      <span>Loading..</span>
    </Row>
  );
}

/**
 * The create-RMA stepper (spec §2), from the serial to the label; rma-confirm-quote renders it
 * too, and upgrade-device with its confirm-quote page as the upgrade kind (its own first step,
 * always paid).
 */
export function CreateRmaFlow({
  kind = REPAIR_FLOW,
  initialSerial,
  toPage,
  quote,
  quoteId,
  onReset,
  paymentReturn = null,
  snapshot = null,
  banner,
}: FlowProps) {
  const api = useApi();
  const navigate = useNavigate();
  const session = useSessionState();
  const profile = session.status === 'signed-in' ? session.profile : null;
  const [state, dispatch] = useReducer(flowReducer, { serial: initialSerial, toPage, quote, profile, snapshot }, initialFlowState);
  const upgrade = kind.alwaysPaid;
  const check = useSerialCheck(state.serial, upgrade ? isUpgradeable : undefined);
  const unit = check.status === 'valid' ? check.unit : null;
  // An RMA awaiting its payment already has its number: from then on leaving does not warn.
  const [pendingRma, setPendingRma] = useState<string | null>(paymentReturn?.rmaNumber ?? null);
  const [redirect, setRedirect] = useState<{ url: string } | null>(null);
  const { blocker, allowNextNavigation } = useLeaveWarning(state.result === null && pendingRma === null && redirect === null);
  const [submitting, setSubmitting] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [selections, setSelections] = useState<RepairSelection[]>([]);
  const [payment, setPayment] = useState<PaymentValues>(emptyPayment);
  const [paymentErrors, setPaymentErrors] = useState<FieldErrors<PaymentField>>({});
  const [phase, setPhase] = useState<PaymentPhase>(() => {
    if (!paymentReturn) return { kind: 'none' };
    const { rmaNumber, token, cancelled } = paymentReturn;
    if (cancelled) return { kind: 'cancelling', rmaNumber };
    // Spec §8: back from the provider without its token.
    if (!token) return { kind: 'failed', rmaNumber, message: messages.noPayPalToken, paymentUrl: snapshot?.paymentUrl ?? '' };
    return { kind: 'processing', rmaNumber };
  });
  // The unit's RMA that awaits its payment, found again when the customer came back without paying.
  const pending = usePendingPayment(check, phase.kind === 'none' && state.result === null && !paymentReturn);
  const [pendingAction, setPendingAction] = useState<PendingAction>(null);
  const [pendingError, setPendingError] = useState<string | null>(null);
  const submission = useRef<{ key: string; body: string } | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(state.step);
  const stepTitleId = useId();

  const mode = shippingMode(state.address, unit);
  const packaging = effectivePackaging(mode, state.packaging);
  const discountPercent = profile?.flags?.rma?.flatDiscountPercentage ?? 0;
  const price: Money | null = priceOf(selections, state.problem);
  const go = (step: number) => dispatch({ type: 'go', step });
  const paymentUrl = useRef(snapshot?.paymentUrl ?? '');

  const picture = unit ? unitImageSrc(unit.modelFamily) : null;
  useEffect(() => (picture ? prefetchStepsAfter(picture) : undefined), [picture]);

  // Each new step gets the focus on its title, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (state.step === firstStep.current) return;
    firstStep.current = -1;
    titleRef.current?.focus();
  }, [state.step]);

  // Off to the provider once the leave warning is down (this render removed its beforeunload).
  useEffect(() => {
    if (redirect) browser.assign(redirect.url);
  }, [redirect]);

  // The browser's Back button from the provider may restore this page from its cache as it was
  // left, 'Taking you to the payment provider…'. Load it again instead: the unit's RMA now awaits
  // its payment, and the fresh page offers to pay or cancel it.
  useEffect(() => {
    if (!redirect) return undefined;
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) browser.reload();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [redirect]);

  /** The same submission retried keeps its key, so the API can answer it once; any change is a new one. */
  function keyFor(payload: unknown): string {
    const body = JSON.stringify(payload);
    if (!submission.current || submission.current.body !== body) submission.current = { key: newIdempotencyKey(), body };
    return submission.current.key;
  }

  function rejected(error: unknown) {
    setCreateError(createErrorMessage(error));
    if (isApiError(error) && error.status === 400) {
      dispatch({ type: 'rejected', errors: sortServerErrors(error.fields) });
      setPaymentErrors(paymentServerErrors(error.fields));
    }
  }

  async function submit(payload: CreateRmaPayload) {
    const key = keyFor(payload);
    setSubmitting(true);
    setCreateError(null);
    try {
      const result = await api.repair.createRma(payload, key);
      dispatch({ type: 'created', result });
    } catch (error) {
      rejected(error);
    } finally {
      setSubmitting(false);
    }
  }

  /** Settles the payment and releases the RMA: the label step, or the failure with Try Again / Cancel RMA. */
  const settle = useCallback(
    (rmaNumber: string, serial: string, token?: string) =>
      api.repair.processOow({ rmaNumber, serial, token: token || undefined }).then(
        (result) => {
          clearPaymentSnapshot(rmaNumber);
          setPhase({ kind: 'none' });
          dispatch({ type: 'created', result });
        },
        (error: unknown) => {
          setPhase({ kind: 'failed', rmaNumber, message: serverMessage(error), paymentUrl: paymentUrl.current });
        },
      ),
    [api],
  );
  const process = useCallback(
    (rmaNumber: string, serial: string, token?: string) => {
      setPhase({ kind: 'processing', rmaNumber });
      return settle(rmaNumber, serial, token);
    },
    [settle],
  );

  /** Cancels the RMA awaiting payment and shows /canceled (spec §4). */
  const cancelNow = useCallback(
    (rmaNumber: string) =>
      api.repair.cancelRma(rmaNumber).then(
        () => {
          clearPaymentSnapshot(rmaNumber);
          return navigate(`${pathFor('canceled')}?${new URLSearchParams({ rma: rmaNumber }).toString()}`, { replace: true });
        },
        (error: unknown) => {
          setPhase({ kind: 'failed', rmaNumber, message: serverMessage(error), paymentUrl: paymentUrl.current });
        },
      ),
    [api, navigate],
  );
  const cancel = useCallback(
    (rmaNumber: string) => {
      setPhase({ kind: 'cancelling', rmaNumber });
      return cancelNow(rmaNumber);
    },
    [cancelNow],
  );

  // Back from the provider: cancelled -> cancel; no token -> 'No PayPal token found'; else process.
  const returned = useRef(false);
  useEffect(() => {
    if (!paymentReturn || returned.current) return;
    returned.current = true;
    const { rmaNumber, token, cancelled } = paymentReturn;
    // The phase started as cancelling, processing or failed (no token): see useState above.
    if (cancelled) void cancelNow(rmaNumber);
    else if (token) void settle(rmaNumber, state.serial, token);
    // Once, on the return; state.serial is the RMA's and does not change on this screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Card: open the RMA, keep the flow, go to the provider. PO: open the RMA paid by PO, then process it. */
  async function pay(payload: CreateOowPayload) {
    const key = keyFor(payload);
    setSubmitting(true);
    setCreateError(null);
    setPaymentErrors({});
    try {
      const result = await api.repair.createOowRma(payload, key);
      setPendingRma(result.rmaNumber);
      if (payload.paymentData.paymentMethod === 'PO' || !result.paymentUrl) {
        setSubmitting(false);
        await process(result.rmaNumber, payload.serial);
        return;
      }
      paymentUrl.current = result.paymentUrl;
      savePaymentSnapshot({
        rmaNumber: result.rmaNumber,
        quoteId: result.quoteId,
        paymentUrl: result.paymentUrl,
        serial: state.serial,
        problem: state.problem,
        contact: state.contact,
        address: state.address,
        packaging: state.packaging,
        quote,
      });
      setPhase({ kind: 'redirecting' });
      setRedirect({ url: result.paymentUrl });
    } catch (error) {
      rejected(error);
    } finally {
      setSubmitting(false);
    }
  }

  /** Save Quote: store the quote, then open rma-confirm-quote with it (no leave warning there). */
  async function saveQuote(payload: CreateOowPayload) {
    const key = keyFor(payload);
    setSubmitting(true);
    setCreateError(null);
    try {
      const result = await api.repair.createOowRma(payload, key);
      const search = new URLSearchParams({ quote: result.quoteId }).toString();
      const confirmQuote =
        kind.confirmQuoteRoute === 'upgrade-device-confirm-quote'
          ? pathFor('upgrade-device-confirm-quote', { serial: state.serial })
          : pathFor('rma-confirm-quote', { serial: state.serial });
      // The saved quote's page is where the flow goes on: no leave warning on the way.
      allowNextNavigation();
      await navigate(`${confirmQuote}?${search}`, {
        state: { quoteData: result.quoteData ?? undefined, quoteId: result.quoteId, toPage: CONFIRM_STEP } satisfies ConfirmQuoteRouteState,
      });
    } catch (error) {
      rejected(error);
      setSubmitting(false);
    }
  }

  /**
   * Pays the RMA again: the server restarts its abandon clock and answers its PayPal order's
   * approve link (the same order), or none when it is paid already, which only needs processing.
   */
  async function payAgain(rmaNumber: string, knownUrl: string) {
    let url = knownUrl;
    try {
      url = (await api.repair.payRma(rmaNumber)).paymentUrl;
    } catch (error) {
      if (!knownUrl) throw error;
    }
    setPendingRma(rmaNumber);
    if (!url) {
      await process(rmaNumber, state.serial);
      return;
    }
    paymentUrl.current = url;
    setPhase({ kind: 'redirecting' });
    setRedirect({ url });
  }

  function tryAgain() {
    if (phase.kind !== 'failed') return;
    const { rmaNumber, paymentUrl: knownUrl } = phase;
    payAgain(rmaNumber, knownUrl).catch((error: unknown) => {
      setPhase({ kind: 'failed', rmaNumber, message: serverMessage(error), paymentUrl: knownUrl });
    });
  }

  /** The unit's page: pay the RMA that awaits its payment, or cancel it and free the unit. */
  function payPending(rmaNumber: string) {
    if (pendingAction) return;
    setPendingAction('paying');
    setPendingError(null);
    payAgain(rmaNumber, '').catch((error: unknown) => {
      setPendingAction(null);
      setPendingError(serverMessage(error));
    });
  }

  function cancelPending(rmaNumber: string) {
    if (pendingAction) return;
    setPendingAction('cancelling');
    setPendingError(null);
    api.repair.cancelRma(rmaNumber).then(
      () => {
        allowNextNavigation();
        return navigate(`${pathFor('canceled')}?${new URLSearchParams({ rma: rmaNumber }).toString()}`, { replace: true });
      },
      (error: unknown) => {
        setPendingAction(null);
        setPendingError(serverMessage(error));
      },
    );
  }

  const title = kind.steps[state.step - 1] ?? kind.steps[0];
  const common = { unit, serial: state.serial, problem: state.problem, contact: state.contact, address: state.address, packaging };
  // What the repair's and the upgrade's first steps both take.
  const firstStepProps = {
    serial: state.serial,
    onSerialChange: (serial: string) => dispatch({ type: 'serial', serial: normalizeSerial(serial) }),
    check,
    values: state.problem,
    onChange: (values: typeof state.problem) => dispatch({ type: 'problem', values }),
    discountPercent,
    serverErrors: state.serverErrors.problem,
    onContinue: () => go(2),
  };

  return (
    <Stack $gap="lg">
      <PageTitle>{kind.title}</PageTitle>
      {kind.intro ? <MutedText>{kind.intro}</MutedText> : null}
      {banner}
      {state.address.country.trim().toUpperCase() === GUAM ? <Banner variant="warning">{COPY.guamBatteries}</Banner> : null}
      <Stepper steps={kind.steps} current={state.step} label={kind.stepsLabel} />
      {pending ? (
        <PendingPayment
          pending={pending}
          busy={pendingAction}
          error={pendingError}
          onPay={() => payPending(pending.rmaNumber)}
          onCancel={() => cancelPending(pending.rmaNumber)}
        />
      ) : null}
      <Card aria-labelledby={stepTitleId}>
        <CardTitle id={stepTitleId} ref={titleRef} tabIndex={-1}>
          {title}
        </CardTitle>
        <Suspense fallback={<StepLoading />}>
          {state.step === 1 && upgrade ? (
            <UpgradeStep {...firstStepProps} onOptionsLoaded={setSelections} />
          ) : null}
          {state.step === 1 && !upgrade ? (
            <ProblemStep
              {...firstStepProps}
              onOptionsLoaded={(loaded: RepairSelection[]) => {
                setSelections(loaded);
                dispatch({ type: 'problem', values: autoSelectFault(state.problem, loaded) });
              }}
              onAttach={(file) => dispatch({ type: 'attach', file })}
              onDetach={(file) => dispatch({ type: 'detach', file })}
            />
          ) : null}
          {state.step === 2 ? (
            <ContactStep
              contact={state.contact}
              address={state.address}
              onContactChange={(values) => dispatch({ type: 'contact', values })}
              onAddressChange={(values) => dispatch({ type: 'address', values })}
              serverErrors={state.serverErrors}
              onBack={() => go(1)}
              onContinue={() => go(3)}
            />
          ) : null}
          {state.step === 3 ? (
            <PackagingStep
              unit={unit}
              contact={state.contact}
              address={state.address}
              choice={state.packaging}
              onChoose={(choice) => dispatch({ type: 'packaging', choice })}
              serverError={state.serverErrors.packaging}
              onBack={() => go(2)}
              onContinue={() => go(4)}
            />
          ) : null}
          {state.step === 4 ? (
            <ConfirmStep
              kind={kind}
              {...common}
              confirmed={state.confirmed}
              onConfirmedChange={(confirmed) => dispatch({ type: 'confirm', confirmed })}
              onEdit={go}
              onBack={() => go(3)}
              onSubmit={(payload) => void submit(payload)}
              onPay={(payload) => void pay(payload)}
              onSaveQuote={quoteId ? undefined : (payload) => void saveQuote(payload)}
              submitting={submitting}
              error={createError}
              price={price}
              quoteId={quoteId}
              quoteTotal={quoteId ? (quote?.total ?? null) : null}
              payment={payment}
              onPaymentChange={setPayment}
              paymentServerErrors={paymentErrors}
              phase={phase}
              onTryAgain={tryAgain}
              onCancelRma={() => {
                if (phase.kind === 'failed') void cancel(phase.rmaNumber);
              }}
            />
          ) : null}
          {state.step === LAST_STEP ? (
            <DownloadStep
              {...labelSummary(state.result?.stored, common, check.unit)}
              receipt={state.result?.stored?.receipt ?? null}
              result={state.result}
              onNewRequest={onReset}
            />
          ) : null}
        </Suspense>
      </Card>
      <LeaveDialog blocker={blocker} />
    </Stack>
  );
}

/** Location state of a reset ('Need to Create a new Service Request?'): a fresh run, no route inputs. */
interface ResetState {
  reset: number;
}

function resetStamp(location: Location): number | null {
  const state = location.state as Partial<ResetState> | null;
  return typeof state?.reset === 'number' ? state.reset : null;
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
  const [snapshot] = useState(() => (paymentReturn ? loadPaymentSnapshot(paymentReturn.rmaNumber) : null));

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
