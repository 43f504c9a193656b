import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { isApiError, type PaymentOptions } from '@portal/api-client';
import { useSessionState } from '@portal/auth';
import { addressFromProfile, contactFromProfile, sortFieldErrors } from '@portal/forms';
import { browser } from '@portal/forms/payable';
import { LeaveDialog, useLeaveWarning } from '@portal/forms/units';
import { useNavigate } from '@portal/router';
import { Banner, Button, Card, CardTitle, MutedText, PageTitle, Row, Stack, Stepper } from '@portal/ui';
import { COPY } from './copy';
import { DetailsStep } from './components/DetailsStep';
import { PreflightStep } from './components/PreflightStep';
import { SubmitProgress } from './components/SubmitProgress';
import { SubmitStep } from './components/SubmitStep';
import { UnitsStep } from './components/UnitsStep';
import { useBatchProgress } from './hooks/useBatchProgress';
import { useUnitsSource } from './hooks/useUnitsSource';
import { messageOf } from './model/errors';
import { BATCH_STEPS, batchMachine, initialBatchState, summarize, type BatchPageState } from './model/machine';
import { batchPagePath } from './model/paths';
import { buildSubmitBody, type SubmitChoice } from './model/payload';
import { scannedRow, toRowInput } from './model/rows';
import { clearSubmission, loadSubmission, recordBatch, submissionFor, type Submission } from './model/submission';
import { useBatchClient } from './hooks/useBatchClient';

/** Where the page stands beyond its steps: a submission it follows, one a reload interrupted, or leaving for the provider. */
type Phase =
  | { kind: 'editing' }
  | { kind: 'interrupted'; submission: Submission }
  | { kind: 'processing'; batchId: string; resumed: boolean }
  | { kind: 'leaving' };

function initialPhase(): Phase {
  const stored = loadSubmission();
  if (!stored) return { kind: 'editing' };
  return stored.batchId ? { kind: 'processing', batchId: stored.batchId, resumed: true } : { kind: 'interrupted', submission: stored };
}

/** Each new step gets the focus on its title, so keyboard and screen-reader users start there (as the single stepper's). */
function useStepFocus(step: number) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(step);
  useEffect(() => {
    if (step === firstStep.current) return;
    firstStep.current = -1;
    titleRef.current?.focus();
  }, [step]);
  return titleRef;
}

/**
 * Route create-rma/batch: many units in one batch (issue 30). The units come from a file, a
 * pasted list or a scanner; the server's pre-flight checks every row as one RMA before anything
 * is created; one contact, address and packaging, one payment; then the submit (one
 * Idempotency-Key per attempt, kept across a reload) and the progress of the RMAs' creation, and
 * the batch's page in Your account.
 */
export function BatchPage() {
  const batch = useBatchClient();
  const navigate = useNavigate();
  const session = useSessionState();
  const profile = session.status === 'signed-in' ? session.profile : null;
  const [state, dispatch] = useReducer(batchMachine, undefined, () =>
    initialBatchState({ contact: contactFromProfile(profile), address: addressFromProfile(profile?.address?.shipping) }),
  );
  const [phase, setPhase] = useState<Phase>(initialPhase);
  const summary = useMemo(() => summarize(state.rows), [state.rows]);
  const source = useUnitsSource(dispatch, state.rows.length);
  const stepTitleId = useId();
  const titleRef = useStepFocus(state.step);
  const { blocker, allowNextNavigation } = useLeaveWarning(phase.kind === 'editing' && state.rows.length > 0);
  const latest = useRef<BatchPageState>(state);
  useEffect(() => {
    latest.current = state;
  });
  const checkController = useRef<AbortController | null>(null);
  useEffect(() => () => checkController.current?.abort(), []);

  const finish = useCallback(
    (batchId: string) => {
      clearSubmission();
      allowNextNavigation();
      void navigate(batchPagePath(batchId));
    },
    [allowNextNavigation, navigate],
  );
  const progress = useBatchProgress(phase.kind === 'processing' ? phase.batchId : null, finish);

  /** The pre-flight of the rows as they stand; its verdicts land on the rows it judged, unchanged since. */
  const check = useCallback(async (): Promise<boolean> => {
    const judged = latest.current.rows;
    if (judged.length === 0) return false;
    checkController.current?.abort();
    const controller = new AbortController();
    checkController.current = controller;
    dispatch({ type: 'checking' });
    try {
      const answer = await batch.preflightBatch(judged.map(toRowInput), { signal: controller.signal });
      if (controller.signal.aborted) return false;
      dispatch({ type: 'checked', judged, verdicts: answer.rows });
      return true;
    } catch (failure) {
      if (controller.signal.aborted) return false;
      dispatch({ type: 'checkFailed', message: messageOf(failure) });
      return false;
    }
  }, [batch]);

  const send = useCallback(
    async (submission: Submission) => {
      dispatch({ type: 'submitting' });
      try {
        const { batch: answered, paymentUrl } = await batch.submitBatch(submission.body, submission.key);
        if (paymentUrl) {
          // The batch page takes over on the provider's return: nothing is left to resume here.
          clearSubmission();
          allowNextNavigation();
          setPhase({ kind: 'leaving' });
          browser.assign(paymentUrl);
          return;
        }
        recordBatch(submission, answered.id);
        setPhase({ kind: 'processing', batchId: answered.id, resumed: false });
      } catch (failure) {
        const fields = isApiError(failure) && failure.status === 400 && Object.keys(failure.fields).length > 0 ? sortFieldErrors(failure.fields) : null;
        // A refused body is a new attempt once corrected: its key is not kept for another body.
        if (isApiError(failure) && failure.status >= 400 && failure.status < 500) clearSubmission();
        dispatch({ type: 'submitFailed', message: fields ? COPY.fieldsRefused : messageOf(failure), fields });
        setPhase({ kind: 'editing' });
        if (fields && (Object.keys(fields.contact).length > 0 || Object.keys(fields.address).length > 0 || fields.other['packaging.unitsPerBox'])) {
          dispatch({ type: 'go', step: 3 });
        }
      }
    },
    [batch, allowNextNavigation],
  );

  const submit = (choice: SubmitChoice | null, options: PaymentOptions | null) => {
    if (state.submit.status === 'submitting') return;
    void send(submissionFor(buildSubmitBody(state, choice, options)));
  };

  const go = (step: number) => dispatch({ type: 'go', step });
  const title = BATCH_STEPS[state.step - 1] ?? BATCH_STEPS[0];

  if (phase.kind === 'processing') {
    return (
      <Stack $gap="lg">
        <PageTitle>{COPY.title}</PageTitle>
        <SubmitProgress batchId={phase.batchId} to={batchPagePath(phase.batchId)} progress={progress} resumed={phase.resumed} />
      </Stack>
    );
  }

  return (
    <Stack $gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <MutedText>{COPY.intro}</MutedText>
      {phase.kind === 'interrupted' ? (
        <Banner variant="warning">
          <Stack $gap="sm">
            <span>{COPY.interrupted}</span>
            <Row>
              <Button onClick={() => void send(phase.submission)} aria-disabled={state.submit.status === 'submitting' || undefined}>
                {COPY.sendAgain}
              </Button>
              <Button
                $variant="secondary"
                onClick={() => {
                  clearSubmission();
                  setPhase({ kind: 'editing' });
                }}
              >
                {COPY.discard}
              </Button>
            </Row>
            {state.submit.error ? <span>{state.submit.error}</span> : null}
          </Stack>
        </Banner>
      ) : null}
      {phase.kind === 'leaving' ? <Banner variant="info">{COPY.leavingForPayment}</Banner> : null}
      <Stepper steps={BATCH_STEPS} current={state.step} label={COPY.stepsLabel} />
      <Card aria-labelledby={stepTitleId}>
        <CardTitle id={stepTitleId} ref={titleRef} tabIndex={-1}>
          {title}
        </CardTitle>
        {state.step === 1 ? (
          <UnitsStep
            rows={state.rows}
            source={source}
            unitsError={state.unitsError}
            onScan={(serial) => dispatch({ type: 'add', rows: [scannedRow(serial)] })}
            onClear={() => dispatch({ type: 'clear' })}
            checking={state.check.checking}
            onContinue={() => {
              go(2);
              void check();
            }}
          />
        ) : null}
        {state.step === 2 ? (
          <PreflightStep
            rows={state.rows}
            summary={summary}
            check={state.check}
            dispatch={dispatch}
            onCheck={() => void check()}
            onBack={() => go(1)}
            onContinue={() => go(3)}
          />
        ) : null}
        {state.step === 3 ? (
          <DetailsStep state={state} dispatch={dispatch} serverErrors={state.submit.fields} onBack={() => go(2)} onContinue={() => go(4)} />
        ) : null}
        {state.step === 4 ? (
          <SubmitStep state={state} summary={summary} dispatch={dispatch} onEdit={go} onBack={() => go(3)} onSubmit={submit} />
        ) : null}
      </Card>
      <LeaveDialog blocker={blocker} />
    </Stack>
  );
}
