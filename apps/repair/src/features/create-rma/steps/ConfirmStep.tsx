import type { CreateRmaPayload, Unit } from '@portal/api-client';
import { messages, type AddressValues, type ContactValues } from '@portal/forms';
import { Banner, CheckboxField, MutedText, Stack } from '@portal/ui';
import { ADMIN_OVERRIDE_ENABLED, AdminOverride } from '../components/AdminOverride';
import { StepForm } from '@portal/forms/units';
import { useCountries } from '@portal/forms/units';
import { AddressFacts, ContactFacts, SummaryCard, UnitFacts } from '@portal/forms/units';
import { ProblemFacts } from '../components/Summary';
import { COPY } from '../copy';
import { packagingTitle, type PackagingKind } from '../model/packaging';
import { buildCreatePayload, RMA_TYPE } from '../model/payload';
import type { ProblemValues } from '../model/problem';

export interface ConfirmStepProps {
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
  submitting: boolean;
  /** The last create attempt's error, if any. */
  error: string | null;
}

/**
 * Whether this stepper may submit: in-warranty units, or out-of-warranty units with the override
 * (spec §4). Other units pay first; their Save Quote and payment come with the quotes feature.
 */
export function canSubmitDirectly(unit: Pick<Unit, 'iw' | 'allowOow'> | null): boolean {
  return unit !== null && (unit.iw || unit.allowOow);
}

/** Step 4: everything on cards, each with Edit, then the confirmation and Submit RMA. */
export function ConfirmStep({
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
  submitting,
  error,
}: ConfirmStepProps) {
  const direct = canSubmitDirectly(unit);
  const countries = useCountries();
  return (
    <StepForm
      label="Confirm RMA"
      valid={confirmed && packaging !== ''}
      invalidMessage={messages.missingRequiredFields}
      onBack={onBack}
      onContinue={() => {
        if (!unit || packaging === '') return;
        onSubmit(buildCreatePayload({ serial, productType: unit.productType, problem, contact, address, packaging }));
      }}
      continueLabel="Submit RMA"
      canContinue={direct}
      busy={submitting}
      footer={error ? <Banner variant="error">{error}</Banner> : null}
    >
      <Stack>
        <SummaryCard title="Unit Description" onEdit={() => onEdit(1)}>
          <UnitFacts unit={unit} serial={serial} />
        </SummaryCard>
        <SummaryCard title="Problem Description" onEdit={() => onEdit(1)}>
          <ProblemFacts problem={problem} unit={unit} />
        </SummaryCard>
        <SummaryCard title="Packaging" onEdit={() => onEdit(3)}>
          <p>{packagingTitle(packaging)}</p>
        </SummaryCard>
        <SummaryCard title="Contact Information" onEdit={() => onEdit(2)}>
          <ContactFacts contact={contact} />
        </SummaryCard>
        <SummaryCard title="Shipping Information" onEdit={() => onEdit(2)}>
          <AddressFacts address={address} countries={countries} />
        </SummaryCard>
        {unit && !unit.iw ? (
          <SummaryCard title="Payment">
            <MutedText>{unit.allowOow ? COPY.paymentOverride : COPY.paymentLater}</MutedText>
          </SummaryCard>
        ) : null}
        {ADMIN_OVERRIDE_ENABLED ? <AdminOverride rmaType={RMA_TYPE} /> : null}
        {direct ? (
          <CheckboxField label={messages.confirmAccurate} name="confirmed" checked={confirmed} onChange={onConfirmedChange} />
        ) : null}
      </Stack>
    </StepForm>
  );
}
