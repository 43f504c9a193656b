import { lazy, Suspense, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, type Location } from 'react-router';
import { isApiError, type CreateRmaPayload, type RepairSelection } from '@portal/api-client';
import { useApi, useSessionState } from '@portal/auth';
import { normalizeSerial } from '@portal/forms';
import { pathFor } from '@portal/routes';
import { Banner, Card, CardTitle, PageTitle, Row, Spinner, Stack, Stepper } from '@portal/ui';
import { LeaveDialog, useLeaveWarning, useSerialCheck } from '@portal/forms/units';
import { COPY } from './copy';
import { createErrorMessage } from './model/createError';
import { flowReducer, initialFlowState, LAST_STEP } from './model/flow';
import { GUAM, effectivePackaging, shippingMode } from './model/packaging';
import { autoSelectFault } from './model/problem';
import { isSavedQuote, type SavedQuote } from './model/quote';
import { sortServerErrors } from './model/serverErrors';
import { ProblemStep } from './steps/ProblemStep';
import { CREATE_RMA_STEPS } from './steps';

// Steps 2-5 arrive when they are needed (fetched in the background once the page is up), so the
// page a user lands on carries only step 1.
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

export function readRouteInputs(location: Location): { toPage?: number; quote: SavedQuote | null } {
  const state = (location.state ?? null) as CreateRmaRouteState | null;
  const fromQuery = new URLSearchParams(location.search).get('toPage');
  const toPage = Number(state?.toPage ?? fromQuery ?? undefined);
  return {
    toPage: Number.isInteger(toPage) ? toPage : undefined,
    quote: isSavedQuote(state?.quoteData) ? state.quoteData : null,
  };
}

interface FlowProps {
  initialSerial: string;
  toPage?: number;
  quote: SavedQuote | null;
  onReset: () => void;
}

function StepLoading() {
  return (
    <Row $gap="sm" role="status">
      <Spinner />
      <span>Loading..</span>
    </Row>
  );
}

function CreateRmaFlow({ initialSerial, toPage, quote, onReset }: FlowProps) {
  const api = useApi();
  const session = useSessionState();
  const profile = session.status === 'signed-in' ? session.profile : null;
  const [state, dispatch] = useReducer(flowReducer, { serial: initialSerial, toPage, quote, profile }, initialFlowState);
  const check = useSerialCheck(state.serial);
  const unit = check.status === 'valid' ? check.unit : null;
  const { blocker } = useLeaveWarning(state.result === null);
  const [submitting, setSubmitting] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const submission = useRef<{ key: string; body: string } | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(state.step);
  const stepTitleId = useId();

  const mode = shippingMode(state.address, unit);
  const packaging = effectivePackaging(mode, state.packaging);
  const discountPercent = profile?.flags?.rma?.flatDiscountPercentage ?? 0;
  const go = (step: number) => dispatch({ type: 'go', step });

  useEffect(prefetchSteps, []);

  // Each new step gets the focus on its title, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (state.step === firstStep.current) return;
    firstStep.current = -1;
    titleRef.current?.focus();
  }, [state.step]);

  async function submit(payload: CreateRmaPayload) {
    // The same submission retried keeps its key, so the API can answer it once; any change is a new one.
    const body = JSON.stringify(payload);
    if (!submission.current || submission.current.body !== body) submission.current = { key: newIdempotencyKey(), body };
    setSubmitting(true);
    setCreateError(null);
    try {
      const result = await api.repair.createRma(payload, submission.current.key);
      dispatch({ type: 'created', result });
    } catch (error) {
      setCreateError(createErrorMessage(error));
      if (isApiError(error) && error.status === 400) dispatch({ type: 'rejected', errors: sortServerErrors(error.fields) });
    } finally {
      setSubmitting(false);
    }
  }

  const title = CREATE_RMA_STEPS[state.step - 1] ?? CREATE_RMA_STEPS[0];
  const common = { unit, serial: state.serial, problem: state.problem, contact: state.contact, address: state.address, packaging };

  return (
    <Stack $gap="lg">
      <PageTitle>Create a repair RMA</PageTitle>
      {state.address.country.trim().toUpperCase() === GUAM ? <Banner variant="warning">{COPY.guamBatteries}</Banner> : null}
      <Stepper steps={CREATE_RMA_STEPS} current={state.step} label="Create RMA steps" />
      <Card aria-labelledby={stepTitleId}>
        <CardTitle id={stepTitleId} ref={titleRef} tabIndex={-1}>
          {title}
        </CardTitle>
        <Suspense fallback={<StepLoading />}>
          {state.step === 1 ? (
            <ProblemStep
              serial={state.serial}
              onSerialChange={(serial) => dispatch({ type: 'serial', serial: normalizeSerial(serial) })}
              check={check}
              values={state.problem}
              onChange={(values) => dispatch({ type: 'problem', values })}
              discountPercent={discountPercent}
              serverErrors={state.serverErrors.problem}
              onOptionsLoaded={(selections: RepairSelection[]) =>
                dispatch({ type: 'problem', values: autoSelectFault(state.problem, selections) })
              }
              onAttach={(file) => dispatch({ type: 'attach', file })}
              onDetach={(file) => dispatch({ type: 'detach', file })}
              onContinue={() => go(2)}
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
              {...common}
              confirmed={state.confirmed}
              onConfirmedChange={(confirmed) => dispatch({ type: 'confirm', confirmed })}
              onEdit={go}
              onBack={() => go(3)}
              onSubmit={(payload) => void submit(payload)}
              submitting={submitting}
              error={createError}
            />
          ) : null}
          {state.step === LAST_STEP ? <DownloadStep {...common} result={state.result} onNewRequest={onReset} /> : null}
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

/** Route create-rma/{serial?}: the repair RMA stepper (spec §2), from the serial to the label. */
export function CreateRmaPage() {
  const { serial = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const reset = resetStamp(location);
  const inputs = reset === null ? readRouteInputs(location) : { quote: null };

  return (
    <CreateRmaFlow
      // Another serial's create-rma page, or a reset, starts the flow over.
      key={`${serial}#${reset ?? 0}`}
      initialSerial={serial}
      toPage={inputs.toPage}
      quote={inputs.quote}
      onReset={() => navigate(pathFor('create-rma'), { replace: true, state: { reset: Date.now() } satisfies ResetState })}
    />
  );
}
