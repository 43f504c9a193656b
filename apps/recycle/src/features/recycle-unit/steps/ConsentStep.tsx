import { Link } from '@portal/router';
import type { Unit } from '@portal/api-client';
import { mayOpenRepair, messages } from '@portal/forms';
import { SerialField, StepForm, UnitCard, type SerialCheck } from '@portal/forms/units';
import { pathFor } from '@portal/routes';
import { Banner, CheckboxField, MutedText, RadioGroup, Stack } from '@portal/ui';
import { RECYCLE_COPY } from '../copy';
import { canRecycle, consentGiven, type Consent } from '../model/flow';

export interface ConsentStepProps {
  serial: string;
  onSerialChange: (serial: string) => void;
  check: SerialCheck;
  consent: Consent;
  onConsentChange: (consent: Consent) => void;
  onContinue: () => void;
}

function UnitVerdict({ unit, serial }: { unit: Unit; serial: string }) {
  if (unit.iw) {
    // A repair is offered only where create-rma accepts the unit (not beside an open RMA, not
    // end of service, not the EX80).
    return (
      <Banner variant="warning" title={RECYCLE_COPY.inWarrantyTitle}>
        {RECYCLE_COPY.inWarranty} {mayOpenRepair(unit) ? <Link to={pathFor('create-rma', { serial })}>{RECYCLE_COPY.openRepair}</Link> : null}
      </Banner>
    );
  }
  if (unit.rmaExists) return <Banner variant="warning">{RECYCLE_COPY.rmaExists}</Banner>;
  return null;
}

/** Step 1: the unit (serial check and card) and the four agreements recycling needs. */
export function ConsentStep({ serial, onSerialChange, check, consent, onConsentChange, onContinue }: ConsentStepProps) {
  const unit = check.unit;
  const eligible = canRecycle(unit);
  const set = (patch: Partial<Consent>) => onConsentChange({ ...consent, ...patch });

  return (
    <StepForm
      label="Consent"
      valid={eligible && consentGiven(consent)}
      invalidMessage={messages.missingRequiredFields}
      onContinue={onContinue}
    >
      <MutedText>{RECYCLE_COPY.intro}</MutedText>
      <SerialField value={serial} onChange={onSerialChange} check={check} />
      {check.status === 'not-found' && serial.length >= 10 ? <MutedText>{RECYCLE_COPY.notFound}</MutedText> : null}
      {unit ? <UnitCard unit={unit} /> : null}
      {unit ? <UnitVerdict unit={unit} serial={serial} /> : null}
      {eligible ? (
        <Stack>
          <h3>{RECYCLE_COPY.agreementsLegend}</h3>
          <CheckboxField label={RECYCLE_COPY.eligibility} name="eligibility" checked={consent.eligibility} onChange={(v) => set({ eligibility: v })} />
          <CheckboxField label={RECYCLE_COPY.dataNotice} name="dataNotice" checked={consent.dataNotice} onChange={(v) => set({ dataNotice: v })} />
          <CheckboxField label={RECYCLE_COPY.liability} name="liability" checked={consent.liability} onChange={(v) => set({ liability: v })} />
          <RadioGroup
            legend={RECYCLE_COPY.consentLegend}
            name="consent"
            inline
            options={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
            value={consent.consent}
            onChange={(v) => set({ consent: v })}
          />
        </Stack>
      ) : null}
    </StepForm>
  );
}
