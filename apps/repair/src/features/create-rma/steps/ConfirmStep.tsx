import { useEffect, useState } from 'react';
import type { CreateOowPayload, CreateRmaPayload, Money, Unit } from '@portal/api-client';
import {
  defaultMethod,
  messages,
  timings,
  validatePayment,
  type AddressValues,
  type ContactValues,
  type FieldErrors,
  type PaymentField,
  type PaymentValues,
} from '@portal/forms';
import { Banner, Button, CheckboxField, MutedText, Row, Spinner, Stack } from '@portal/ui';
import { ADMIN_OVERRIDE_ENABLED, AdminOverride } from '../components/AdminOverride';
import type { PayableState } from '@portal/forms/payable';
import { StepForm, usePaymentOptions, useTimedMessage } from '@portal/forms/units';
import { useCountries } from '@portal/forms/units';
import { AddressFacts, ContactFacts, SummaryCard, UnitFacts } from '@portal/forms/units';
import { PaymentCard } from '../components/PaymentCard';
import { ProblemFacts, UpgradeFacts } from '../components/Summary';
import { COPY } from '../copy';
import { useRepairOptions } from '../hooks/useRepairOptions';
import { packagingTitle, type PackagingKind } from '../model/packaging';
import { paymentTotal, saveQuotePaymentData, toPaymentData } from '../model/payment';
import { REPAIR_FLOW, type FlowKind } from '../model/kind';
import { buildCreatePayload } from '../model/payload';
import { priceOf } from '../model/problem';
import type { ProblemValues } from '../model/problem';

export interface ConfirmStepProps {
  /** A repair (default) or an upgrade, which is always paid and names its own cards. */
  kind?: FlowKind;
  unit: Unit | null;
  serial: string;
  problem: ProblemValues;
  contact: ContactValues;
  address: AddressValues;
  packaging: PackagingKind | '';
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  onEdit: (step: number) => void;
  onBack: () => void;
  /** Submits the create-RMA body (built here, so its code loads with this step). */
  onSubmit: (payload: CreateRmaPayload) => void;
  /** Out of warranty: pays by card (to the provider) or by PO (create, then process). */
  onPay: (payload: CreateOowPayload) => void;
  /** Out of warranty: saves a quote; absent on rma-confirm-quote (the quote is saved already). */
  onSaveQuote?: (payload: CreateOowPayload) => void;
  submitting: boolean;
  /** The last create attempt's error, if any. */
  error: string | null;
  /** The chosen problem's price, when the problem step loaded it. */
  price: Money | null;
  /** The saved quote being paid (rma-confirm-quote): its id and the total the server priced. */
  quoteId?: string;
  quoteTotal?: Money | null;
  payment: PaymentValues;
  onPaymentChange: (values: PaymentValues) => void;
  paymentServerErrors: FieldErrors<PaymentField>;
  /** Where a payment in progress stands (after the provider's return). */
  phase: PayableState;
  onTryAgain: () => void;
  onCancelRma: () => void;
}

/**
 * Whether this stepper may submit directly: in-warranty units, or out-of-warranty units with the
 * override (spec §4). Other units pay first (card or PO) or save a quote.
 */
export function canSubmitDirectly(unit: Pick<Unit, 'iw' | 'allowOow'> | null): boolean {
  return unit !== null && (unit.iw || unit.allowOow);
}

/** Whether the unit is paid for before its label (spec §2: a payment card when not in warranty). */
export function needsPayment(unit: Pick<Unit, 'iw' | 'allowOow'> | null): boolean {
  return unit !== null && !unit.iw && !unit.allowOow;
}

function PaymentProgress({
  phase,
  onTryAgain,
  onCancelRma,
  upgrade,
}: {
  phase: PayableState;
  onTryAgain: () => void;
  onCancelRma: () => void;
  upgrade: boolean;
}) {
  if (phase.kind === 'idle') return null;
  if (phase.kind === 'failed') {
    return (
      <Stack>
        <Banner variant="error">{phase.message}</Banner>
        <MutedText>{upgrade ? COPY.upgradePaymentFailed(phase.id) : COPY.paymentFailed(phase.id)}</MutedText>
        <Row>
          <Button onClick={onTryAgain}>Try Again</Button>
          <Button $variant="secondary" onClick={onCancelRma}>
            Cancel RMA
          </Button>
        </Row>
      </Stack>
    );
  }
  const settling = phase.kind === 'settling' || phase.kind === 'settled';
  const text = phase.kind === 'redirecting' ? COPY.leavingForPayment : settling ? COPY.processingPayment : COPY.cancellingRma;
  return (
    <Row $gap="sm" role="status">
      <Spinner />
      <span>{text}</span>
    </Row>
  );
}

/** Step 4: everything on cards, each with Edit, the payment card when it is needed, then the confirmation. */
export function ConfirmStep(props: ConfirmStepProps) {
  const {
    kind = REPAIR_FLOW,
    unit,
    serial,
    problem,
    contact,
    address,
    packaging,
    confirmed,
    onConfirmedChange,
    onEdit,
    onBack,
    onSubmit,
    onPay,
    onSaveQuote,
    submitting,
    error,
    price,
    quoteId = '',
    quoteTotal = null,
    payment,
    onPaymentChange,
    paymentServerErrors,
    phase,
    onTryAgain,
    onCancelRma,
  } = props;
  const upgrade = kind.alwaysPaid;
  // An upgrade is paid whatever the warranty; a repair only out of warranty without the override.
  const direct = !upgrade && canSubmitDirectly(unit);
  // Once the RMA exists and awaits its payment, its details can no longer be edited here.
  const editable = phase.kind === 'idle' || phase.kind === 'redirecting';
  const paid = (upgrade ? unit !== null : needsPayment(unit)) && editable;
  const countries = useCountries();
  const options = usePaymentOptions(paid);
  // The price is known when the problem step loaded the options; on a page opened at this step
  // (a saved quote has its own total) they are loaded here.
  const needOptions = paid && !price && !quoteTotal;
  const { options: repairOptions } = useRepairOptions(needOptions ? unit : null, () => undefined, kind.rmaType);
  const loadedPrice = repairOptions.status === 'ready' ? priceOf(repairOptions.selections, problem) : null;
  const [showErrors, setShowErrors] = useState(false);
  const [saveBanner, showSaveBanner] = useTimedMessage(timings.validationBannerMs);

  const ready = options.state.status === 'ready' ? options.state.options : null;
  const discount = ready?.discountPercent ?? 0;
  // Shown once the server's discount is known (or the saved quote's own total), never a figure that changes.
  const total = ready || quoteTotal ? paymentTotal(price ?? loadedPrice, discount, quoteTotal) : null;

  // The method starts at the customer's default (PO for holders of the PO permission).
  useEffect(() => {
    if (ready && payment.method === '') onPaymentChange({ ...payment, method: defaultMethod(ready) });
  }, [ready, payment, onPaymentChange]);

  const edit = (step: number) => (editable ? () => onEdit(step) : undefined);
  const summary = (
    <>
      <SummaryCard title="Unit Description" onEdit={edit(1)}>
        <UnitFacts unit={unit} serial={serial} />
      </SummaryCard>
      {upgrade ? (
        <SummaryCard title="Upgrade" onEdit={edit(1)}>
          <UpgradeFacts problem={problem} />
        </SummaryCard>
      ) : (
        <SummaryCard title="Problem Description" onEdit={edit(1)}>
          <ProblemFacts problem={problem} unit={unit} />
        </SummaryCard>
      )}
      <SummaryCard title="Packaging" onEdit={edit(3)}>
        <p>{packagingTitle(packaging)}</p>
      </SummaryCard>
      <SummaryCard title="Contact Information" onEdit={edit(2)}>
        <ContactFacts contact={contact} />
      </SummaryCard>
      <SummaryCard title="Shipping Information" onEdit={edit(2)}>
        <AddressFacts address={address} countries={countries} />
      </SummaryCard>
    </>
  );

  // Back from the provider (or paid by PO): the RMA exists and awaits its payment.
  if (!editable) {
    return (
      <Stack>
        <PaymentProgress phase={phase} onTryAgain={onTryAgain} onCancelRma={onCancelRma} upgrade={upgrade} />
        {summary}
      </Stack>
    );
  }

  const basePayload = () =>
    unit && packaging !== ''
      ? buildCreatePayload({ rmaType: kind.rmaType, serial, productType: unit.productType, problem, contact, address, packaging })
      : null;
  const paymentValid = ready !== null && Object.keys(validatePayment(payment, ready)).length === 0;
  const submitLabel = upgrade ? 'Submit Upgrade' : 'Submit RMA';
  const continueLabel = paid ? (payment.method === 'PO' ? submitLabel : 'Continue to Payment') : submitLabel;

  const saveQuote = () => {
    const base = basePayload();
    if (!onSaveQuote || submitting) return;
    if (!confirmed || !base) {
      showSaveBanner(messages.missingRequiredFields);
      return;
    }
    onSaveQuote({ ...base, paymentData: saveQuotePaymentData() });
  };

  return (
    <StepForm
      label={kind.steps[3] ?? 'Confirm RMA'}
      valid={confirmed && packaging !== '' && (!paid || paymentValid)}
      invalidMessage={messages.missingRequiredFields}
      onInvalidAttempt={() => setShowErrors(true)}
      onBack={onBack}
      onContinue={() => {
        const base = basePayload();
        if (!base) return;
        if (paid && ready) onPay({ ...base, paymentData: toPaymentData(payment, ready, quoteId) });
        else if (direct) onSubmit(base);
      }}
      continueLabel={continueLabel}
      canContinue={direct || (paid && ready !== null)}
      busy={submitting || phase.kind === 'redirecting'}
      footer={
        <Stack $gap="sm">
          {error ? <Banner variant="error">{error}</Banner> : null}
          {saveBanner ? <Banner variant="error">{saveBanner}</Banner> : null}
          <PaymentProgress phase={phase} onTryAgain={onTryAgain} onCancelRma={onCancelRma} upgrade={upgrade} />
          {paid && onSaveQuote ? (
            <Row>
              <Button $variant="secondary" onClick={saveQuote} aria-disabled={submitting || undefined} aria-describedby="save-quote-help">
                Save Quote
              </Button>
              <MutedText id="save-quote-help">{upgrade ? COPY.upgradeSaveQuoteHelp : COPY.saveQuoteHelp}</MutedText>
            </Row>
          ) : null}
        </Stack>
      }
    >
      <Stack>
        {summary}
        {!upgrade && unit && !unit.iw && unit.allowOow ? (
          <SummaryCard title="Payment">
            <MutedText>{COPY.paymentOverride}</MutedText>
          </SummaryCard>
        ) : null}
        {paid ? (
          <PaymentCard
            options={options.state}
            onRetry={options.retry}
            values={payment}
            onChange={onPaymentChange}
            total={total}
            showErrors={showErrors}
            serverErrors={paymentServerErrors}
            fromQuote={quoteTotal !== null}
          />
        ) : null}
        {ADMIN_OVERRIDE_ENABLED ? <AdminOverride rmaType={kind.rmaType} /> : null}
        {direct || paid ? (
          <CheckboxField label={messages.confirmAccurate} name="confirmed" checked={confirmed} onChange={onConfirmedChange} />
        ) : null}
      </Stack>
    </StepForm>
  );
}
