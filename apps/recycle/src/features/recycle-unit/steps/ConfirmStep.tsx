import type { Unit } from '@portal/api-client';
import { messages, type AddressValues, type ContactValues } from '@portal/forms';
import { AddressFacts, ContactFacts, Facts, StepForm, SummaryCard, useCountries } from '@portal/forms/units';
import { Banner, Card, CardTitle, CheckboxField, SelectField, Stack } from '@portal/ui';
import type { RecycleRmaType } from '@portal/api-client';
import { RECYCLE_COPY, RECYCLE_RMA_TYPES, RECYCLE_TPMS } from '../copy';
import { allConfirmed, type Confirmations, type RecycleState } from '../model/flow';

export interface ConfirmStepProps {
  unit: Unit | null;
  serial: string;
  contact: ContactValues;
  address: AddressValues;
  confirmations: Confirmations;
  onConfirmationsChange: (c: Confirmations) => void;
  /** Shown only to users holding the override permission. */
  override: RecycleState['override'] | null;
  onOverrideChange: (o: RecycleState['override']) => void;
  onEdit: (step: number) => void;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
  error: string | null;
}

export function UnitDescription({ unit, serial }: { unit: Unit | null; serial: string }) {
  return (
    <Facts
      rows={[
        ['Serial', serial],
        ['Model', unit?.model ?? ''],
      ]}
    />
  );
}

/** Step 3: 'Request to Recycle Summary', the three confirmations, and the submission. */
export function ConfirmStep(props: ConfirmStepProps) {
  const { unit, serial, contact, address, confirmations: c, onConfirmationsChange, override, onOverrideChange, onEdit } = props;
  const countries = useCountries();
  const set = (patch: Partial<Confirmations>) => onConfirmationsChange({ ...c, ...patch });
  return (
    <StepForm
      label={RECYCLE_COPY.confirmTitle}
      valid={allConfirmed(c) && unit !== null}
      invalidMessage={messages.missingRequiredFields}
      onBack={props.onBack}
      onContinue={props.onSubmit}
      continueLabel={RECYCLE_COPY.submit}
      busy={props.submitting}
      footer={props.error ? <Banner variant="error">{props.error}</Banner> : null}
    >
      <Stack>
        <SummaryCard title="Unit Description" onEdit={() => onEdit(1)}>
          <UnitDescription unit={unit} serial={serial} />
        </SummaryCard>
        <SummaryCard title="Contact Information" onEdit={() => onEdit(2)}>
          <ContactFacts contact={contact} />
        </SummaryCard>
        <SummaryCard title="Your Address" onEdit={() => onEdit(2)}>
          <AddressFacts address={address} countries={countries} />
        </SummaryCard>
        {override ? (
          <Card aria-label="Admin Overrides">
            <CardTitle as="h3">Admin Overrides</CardTitle>
            <Stack>
              <SelectField
                label={RECYCLE_COPY.overrideTpm}
                name="tpm"
                options={RECYCLE_TPMS}
                value={override.tpm}
                onChange={(tpm) => onOverrideChange({ ...override, tpm })}
              />
              <SelectField
                label={RECYCLE_COPY.overrideRmaType}
                name="rmaType"
                options={RECYCLE_RMA_TYPES}
                value={override.rmaType}
                onChange={(rmaType) => onOverrideChange({ ...override, rmaType: rmaType as RecycleRmaType })}
              />
            </Stack>
          </Card>
        ) : null}
        <CheckboxField label={RECYCLE_COPY.recyclingMyUnit} name="recycling" checked={c.recycling} onChange={(v) => set({ recycling: v })} />
        <CheckboxField label={RECYCLE_COPY.notReturned} name="notReturned" checked={c.notReturned} onChange={(v) => set({ notReturned: v })} />
        <CheckboxField label={RECYCLE_COPY.accurate} name="accurate" checked={c.accurate} onChange={(v) => set({ accurate: v })} />
      </Stack>
    </StepForm>
  );
}
