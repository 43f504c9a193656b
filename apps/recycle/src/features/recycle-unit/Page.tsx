import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { useParams } from '@portal/router';
import { useApi, useSession, useSessionState, hasClientRole, permissions } from '@portal/auth';
import { normalizeSerial } from '@portal/forms';
import { LeaveDialog, useLeaveWarning, useSerialCheck } from '@portal/forms/units';
import { Card, CardTitle, PageTitle, Stack, Stepper } from '@portal/ui';
import { RECYCLE_COPY } from './copy';
import { canRecycle, initialRecycleState, recycleReducer } from './model/flow';
import { buildRecyclePayload } from './model/payload';
import { ConfirmStep } from './steps/ConfirmStep';
import { ConsentStep } from './steps/ConsentStep';
import { ContactStep } from './steps/ContactStep';
import { DownloadStep } from './steps/DownloadStep';
import { LAST_STEP, RECYCLE_STEPS } from './steps';

function RecycleFlow({ initialSerial }: { initialSerial: string }) {
  const api = useApi();
  const session = useSession();
  const sessionState = useSessionState();
  const profile = sessionState.status === 'signed-in' ? sessionState.profile : null;
  const roles = sessionState.status === 'signed-in' ? sessionState.roles : [];
  const mayOverride = hasClientRole(roles, session.clientId, permissions.rmaOverride);
  const [state, dispatch] = useReducer(recycleReducer, { serial: normalizeSerial(initialSerial), profile }, initialRecycleState);
  const check = useSerialCheck(state.serial, canRecycle);
  const { blocker } = useLeaveWarning(!state.result?.rmaNumber);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  const titleId = useId();
  const go = (step: number) => dispatch({ type: 'go', step });

  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    titleRef.current?.focus();
  }, [state.step]);

  async function submit() {
    setSubmitting(true);
    setError(null);
    try {
      const result = await api.recycle.createRecycle(
        buildRecyclePayload({
          serial: state.serial,
          userId: profile?.sub ?? '',
          contact: state.contact,
          address: state.address,
          override: mayOverride ? state.override : null,
        }),
      );
      dispatch({ type: 'created', result });
    } catch {
      setError(RECYCLE_COPY.createError);
    } finally {
      setSubmitting(false);
    }
  }

  const title = RECYCLE_STEPS[state.step - 1] ?? RECYCLE_STEPS[0];
  return (
    <Stack $gap="lg">
      <PageTitle>{RECYCLE_COPY.pageTitle}</PageTitle>
      <Stepper steps={RECYCLE_STEPS} current={state.step} label="Recycle steps" />
      <Card aria-labelledby={titleId}>
        <CardTitle id={titleId} ref={titleRef} tabIndex={-1}>
          {title}
        </CardTitle>
        {state.step === 1 ? (
          <ConsentStep
            serial={state.serial}
            onSerialChange={(serial) => dispatch({ type: 'serial', serial: normalizeSerial(serial) })}
            check={check}
            consent={state.consent}
            onConsentChange={(consent) => dispatch({ type: 'consent', consent })}
            onContinue={() => go(2)}
          />
        ) : null}
        {state.step === 2 ? (
          <ContactStep
            contact={state.contact}
            address={state.address}
            onContactChange={(values) => dispatch({ type: 'contact', values })}
            onAddressChange={(values) => dispatch({ type: 'address', values })}
            onBack={() => go(1)}
            onContinue={() => go(3)}
          />
        ) : null}
        {state.step === 3 ? (
          <ConfirmStep
            unit={check.unit}
            serial={state.serial}
            contact={state.contact}
            address={state.address}
            confirmations={state.confirmations}
            onConfirmationsChange={(confirmations) => dispatch({ type: 'confirm', confirmations })}
            override={mayOverride ? state.override : null}
            onOverrideChange={(override) => dispatch({ type: 'override', override })}
            onEdit={go}
            onBack={() => go(2)}
            onSubmit={() => void submit()}
            submitting={submitting}
            error={error}
          />
        ) : null}
        {state.step === LAST_STEP ? (
          <DownloadStep result={state.result} unit={check.unit} serial={state.serial} contact={state.contact} address={state.address} />
        ) : null}
      </Card>
      <LeaveDialog blocker={blocker} />
    </Stack>
  );
}

/** Route recycle-unit/{serial?}: the four-step recycle wizard (spec §2). */
export function RecycleUnitPage() {
  const { serial = '' } = useParams();
  return <RecycleFlow key={serial} initialSerial={serial} />;
}
