import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { isApiError, type PaymentOptions } from '@portal/api-client';
import { useApi, useSessionState } from '@portal/auth';
import { addressFromProfile, contactFromProfile, sortFieldErrors } from '@portal/forms';
import { browser } from '@portal/forms/payable';
import { LeaveDialog, useLeaveWarning, useStepFocus } from '@portal/forms/units';
import { useLocation, useNavigate } from '@portal/router';
import { Banner, Button, Card, CardTitle, Loading, MutedText, PageTitle, Row, Stack, Stepper } from '@portal/ui';
import { COPY } from './copy';
import { DetailsStep } from './components/DetailsStep';
import { PreflightStep } from './components/PreflightStep';
import { SubmitProgress } from './components/SubmitProgress';
import { SubmitStep } from './components/SubmitStep';
import { UnitsStep } from './components/UnitsStep';
import { useBatchProgress } from './hooks/useBatchProgress';
import { useUnitsSource } from './hooks/useUnitsSource';
import { isUncertain, messageOf, unshownFieldErrors } from './model/errors';
import { BATCH_STEPS, batchMachine, commitDraft, initialBatchState, needsPayment, summarize, type BatchPageState } from './model/machine';
import { batchPagePath } from './model/paths';
import { buildSubmitBody, type SubmitChoice } from './model/payload';
import { rowsWithData, scannedRow, toRowInput } from './model/rows';
import { BATCH_PARAM, clearSubmission, loadSubmission, resumedBatch, submissionFor, type Submission } from './model/submission';

/**
 * Route create-rma/batch: many units in one batch (issue 30). The units come from a file, a
 * pasted list or a scanner; the server's pre-flight checks every row as one RMA before anything
 * is created; one contact, address and packaging, one payment; then the submit (one
 * Idempotency-Key per attempt, kept across a reload and an unanswered submit) and the progress of
 * the RMAs' creation (?batch=BT-…), and the batch's page in Your account. Its phases and steps
 * are the machine of model/machine.ts; this renders it and makes the calls.
 */
export function BatchPage() {
  const { batch } = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSessionState();
  const profile = session.status === 'signed-in' ? session.profile : null;
  const [state, dispatch] = useReducer(batchMachine, undefined, () =>
    initialBatchState({
      contact: contactFromProfile(profile),
      address: addressFromProfile(profile?.address?.shipping),
      resumedBatch: resumedBatch(location.search),
      stored: loadSubmission(),
    }),
  );
  const { phase } = state;
  const summary = useMemo(() => summarize(state.rows), [state.rows]);
  const source = useUnitsSource(dispatch, state.rows.length);
  const stepTitleId = useId();
  const titleRef = useStepFocus(state.step);
  const { blocker, allowNextNavigation } = useLeaveWarning(phase.kind !== 'processing' && phase.kind !== 'leaving' && state.rows.length > 0);
  // The state as last rendered, for the calls' callbacks (a layout effect: it is current before any other effect runs).
  const latest = useRef<BatchPageState>(state);
  useLayoutEffect(() => {
    latest.current = state;
  });
  const checkController = useRef<AbortController | null>(null);
  useEffect(() => () => checkController.current?.abort(), []);
  const sending = useRef(false);

  const finish = useCallback(
    (batchId: string) => {
      allowNextNavigation();
      void navigate(batchPagePath(batchId));
    },
    [allowNextNavigation, navigate],
  );
  const progress = useBatchProgress(phase.kind === 'processing' ? phase.batchId : null, finish);

  /** The pre-flight of the rows as they stand (an open row's draft included); its verdicts land on the rows it judged, unchanged since. */
  const check = useCallback(async (): Promise<boolean> => {
    const judged = commitDraft(latest.current).rows;
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

  // A removal made verdicts that cite rows by number stale: the rows are checked again.
  useEffect(() => {
    if (state.check.recheck && !state.check.checking) void check();
  }, [state.check.recheck, state.check.checking, check]);

  const send = useCallback(
    async (submission: Submission) => {
      // One request at a time: a second click while the first is out would race it.
      if (sending.current) return;
      sending.current = true;
      dispatch({ type: 'submitting' });
      try {
        const { batch: answered, paymentUrl } = await batch.submitBatch(submission.body, submission.key);
        // The server named the batch: nothing is left to resume from this tab's storage.
        clearSubmission();
        allowNextNavigation();
        if (paymentUrl) {
          // The batch page takes over on the provider's return.
          dispatch({ type: 'leaving' });
          browser.assign(paymentUrl);
          return;
        }
        dispatch({ type: 'submitted', batchId: answered.id });
        // The progress view carries its batch in the URL, so a reload follows it and a later visit starts afresh.
        void navigate({ search: `?${BATCH_PARAM}=${encodeURIComponent(answered.id)}` }, { replace: true });
      } catch (failure) {
        if (isUncertain(failure)) {
          // The batch may exist: only this submission, with its key, may go again (or be discarded).
          dispatch({ type: 'submitUncertain', submission, message: messageOf(failure) });
          return;
        }
        // A refused body is a new attempt once corrected: its key is not kept for another body.
        clearSubmission();
        const fields = isApiError(failure) && failure.status === 400 && Object.keys(failure.fields).length > 0 ? sortFieldErrors(failure.fields) : null;
        // batch.keyReused: the kept key went with another body; cleared above, the next submit draws a new one.
        const keyReused = isApiError(failure) && failure.error === 'batch.keyReused';
        dispatch({ type: 'submitFailed', message: fields ? COPY.fieldsRefused : keyReused ? COPY.keyReused : messageOf(failure), fields });
        // The server asks a payment the page did not show: its pre-flight is run again, so the
        // out-of-warranty rows, their total and the payment card appear.
        if (fields && Object.keys(fields.payment).length > 0 && !needsPayment(summarize(latest.current.rows))) void check();
      } finally {
        sending.current = false;
      }
    },
    [batch, allowNextNavigation, navigate, check],
  );

  const submit = (choice: SubmitChoice | null, options: PaymentOptions | null) => {
    if (state.submit.status === 'submitting') return;
    void send(submissionFor(buildSubmitBody(state, choice, options)));
  };

  const go = (step: number) => dispatch({ type: 'go', step });
  const title = BATCH_STEPS[state.step - 1] ?? BATCH_STEPS[0];
  const submitting = state.submit.status === 'submitting';
  const unshown = unshownFieldErrors(state.submit.fields, { payment: needsPayment(summary), clickWrap: rowsWithData(state.rows) > 0 });

  if (phase.kind === 'processing') {
    return (
      <Stack $gap="lg">
        <PageTitle>{COPY.title}</PageTitle>
        <SubmitProgress batchId={phase.batchId} to={batchPagePath(phase.batchId)} progress={progress} resumed={phase.resumed} />
      </Stack>
    );
  }

  if (phase.kind === 'interrupted') {
    // Nothing is edited while the outcome is unknown: an edit would make another body, another key, a second batch.
    return (
      <Stack $gap="lg">
        <PageTitle>{COPY.title}</PageTitle>
        <Banner variant="warning">
          <Stack $gap="sm">
            <span>{phase.reloaded ? COPY.interrupted : COPY.uncertain}</span>
            <Row>
              <Button
                onClick={() => void send(phase.submission)}
                disabled={submitting}
                aria-busy={submitting || undefined}
              >
                {COPY.sendAgain}
              </Button>
              <Button
                $variant="secondary"
                disabled={submitting}
                onClick={() => {
                  clearSubmission();
                  dispatch({ type: 'discard' });
                }}
              >
                {COPY.discard}
              </Button>
            </Row>
            <MutedText>{COPY.discardHint}</MutedText>
            {submitting ? <Loading>{COPY.submitting}</Loading> : null}
            {state.submit.error ? <span role="alert">{state.submit.error}</span> : null}
          </Stack>
        </Banner>
        <LeaveDialog blocker={blocker} />
      </Stack>
    );
  }

  return (
    <Stack $gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <MutedText>{COPY.intro}</MutedText>
      {phase.kind === 'leaving' ? <Banner variant="info">{COPY.leavingForPayment}</Banner> : null}
      {/* The submit step shows its failure by its button; on another step (a refusal sent the customer there) it is said here. */}
      {state.submit.status === 'failed' && state.submit.error && state.step !== 4 ? <Banner variant="error">{state.submit.error}</Banner> : null}
      {unshown.length > 0 ? (
        <Banner variant="error">
          <span>{COPY.fieldsElsewhere}</span>
          <ul>
            {unshown.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Banner>
      ) : null}
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
            editing={state.editing}
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
