import { useState } from 'react';
import styled from 'styled-components';
import type { RepairSelection, Unit, UploadedFile } from '@portal/api-client';
import { limits, messages, useTouched, visibleError, type FieldErrors } from '@portal/forms';
import { Banner, Button, CheckboxField, MutedText, RadioGroup, Row, SelectField, Stack, TextAreaField, TextField } from '@portal/ui';
import { SerialField } from '@portal/forms/units';
import { PriceTable } from '../components/PriceTable';
import { StepForm } from '@portal/forms/units';
import { Uploader } from '../components/Uploader';
import { UnitCard } from '@portal/forms/units';
import { needsHelpdeskReturn } from '@portal/forms/units';
import { COPY } from '../copy';
import type { SerialCheck } from '@portal/forms/units';
import { useRepairOptions, type RepairOptions } from '../hooks/useRepairOptions';
import { useUploads } from '../hooks/useUploads';
import {
  asksAboutData,
  chooseFault,
  validateProblem,
  type ProblemField,
  type ProblemValues,
  type YesNo,
} from '../model/problem';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const TipBox = styled.aside`
  padding: ${({ theme }) => theme.space.md};
  border-left: ${({ theme }) => `${theme.size.focusWidth} solid ${theme.colors.info.border}`};
  background: ${({ theme }) => theme.colors.info.bg};
  color: ${({ theme }) => theme.colors.info.fg};

  h3 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.md};
  }
  p {
    margin: 0;
  }
`;

const Agreement = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};

  p,
  ul {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
`;

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export interface ProblemStepProps {
  serial: string;
  onSerialChange: (serial: string) => void;
  check: SerialCheck;
  values: ProblemValues;
  onChange: (values: ProblemValues) => void;
  /** The user's flat discount, in percent (0 for none). */
  discountPercent: number;
  serverErrors: FieldErrors<ProblemField>;
  /** A repair-options list arrived (the flow auto-selects a sole fault). */
  onOptionsLoaded: (selections: RepairSelection[]) => void;
  onAttach: (file: UploadedFile) => void;
  onDetach: (file: UploadedFile) => void;
  onContinue: () => void;
}

interface ProblemFieldsProps {
  unit: Unit;
  values: ProblemValues;
  onChange: (values: ProblemValues) => void;
  discountPercent: number;
  errorOf: (field: ProblemField) => string | undefined;
  touch: (field: ProblemField) => void;
  options: RepairOptions;
  retry: () => void;
  uploads: ReturnType<typeof useUploads>;
  onDetach: (file: UploadedFile) => void;
}

function ProblemFields({ unit, values, onChange, discountPercent, errorOf, touch, options, retry, uploads, onDetach }: ProblemFieldsProps) {
  const selections = options.status === 'ready' ? options.selections : [];
  const fault = selections.find((s) => s.name === values.primaryFault);
  const option = fault?.options.find((o) => o.name === values.problem);
  const veretos = asksAboutData(unit);
  const showPrice = !unit.iw && !unit.allowOow && option !== undefined;
  const set = <K extends keyof ProblemValues>(key: K, value: ProblemValues[K]) => onChange({ ...values, [key]: value });
  const text = (field: 'userId' | 'userPassword' | 'biosPassword' | 'customerReference' | 'assetTag', label: string, type = 'text') => (
    <TextField
      label={label}
      name={field}
      type={type}
      autoComplete="off"
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      onBlur={() => touch(field)}
      error={errorOf(field)}
    />
  );

  return (
    <Stack $gap="lg">
      {options.status === 'loading' ? <MutedText role="status">Loading the repair options…</MutedText> : null}
      {options.status === 'failed' ? (
        <Banner variant="error">
          {COPY.optionsFailed}{' '}
          <Button $variant="secondary" onClick={retry}>
            Try again
          </Button>
        </Banner>
      ) : null}
      {options.status === 'ready' && selections.length === 0 ? <Banner variant="warning">{messages.noRepairOptions}</Banner> : null}
      {selections.length > 0 ? (
        <Grid>
          <SelectField
            label="Primary Fault"
            name="primaryFault"
            options={selections.map((s) => ({ value: s.name, label: s.name }))}
            placeholder="Choose the primary fault"
            value={fault ? values.primaryFault : ''}
            onChange={(next) => onChange(chooseFault(values, next))}
            onBlur={() => touch('primaryFault')}
            error={errorOf('primaryFault')}
          />
          <SelectField
            label="Problem"
            name="problem"
            options={(fault?.options ?? []).map((o) => ({ value: o.name, label: o.name }))}
            placeholder={fault ? 'Choose the problem' : 'Choose a primary fault first'}
            value={option ? values.problem : ''}
            disabled={!fault}
            onChange={(next) => set('problem', next)}
            onBlur={() => touch('problem')}
            error={errorOf('problem')}
          />
        </Grid>
      ) : null}
      {showPrice && option ? <PriceTable problem={option.name} price={option.price} discountPercent={discountPercent} /> : null}
      {option?.tip ? (
        <TipBox aria-label="Technician Tip">
          <h3>Technician Tip</h3>
          <p>{option.tip}</p>
        </TipBox>
      ) : null}
      <TextAreaField
        label="Service Request Notes"
        name="initialNotes"
        value={values.initialNotes}
        onChange={(event) => set('initialNotes', event.target.value)}
        onBlur={() => touch('initialNotes')}
        error={errorOf('initialNotes')}
        hint={`${values.initialNotes.length}/${limits.notes} characters`}
        required
      />
      <Grid>
        <RadioGroup
          legend="System Image: may we re-image the unit?"
          name="reimage"
          inline
          options={YES_NO}
          value={values.reimage}
          onChange={(v: YesNo) => set('reimage', v)}
        />
        <RadioGroup
          legend="BIOS: may we update the BIOS?"
          name="biosFirmware"
          inline
          options={YES_NO}
          value={values.biosFirmware}
          onChange={(v: YesNo) => set('biosFirmware', v)}
        />
      </Grid>
      <Group>
        <legend>Accessories you will ship with the unit</legend>
        <Row $gap="lg">
          {(
            [
              ['hardCase', 'Hard Case'],
              ['acPower', 'AC Adapter'],
              ['battery', 'Battery'],
              ['storage', 'HDD/SSD'],
            ] as const
          ).map(([key, label]) => (
            <CheckboxField
              key={key}
              label={label}
              name={key}
              checked={values.acc[key]}
              onChange={(checked) => set('acc', { ...values.acc, [key]: checked })}
            />
          ))}
        </Row>
      </Group>
      {veretos ? (
        <RadioGroup
          legend="Is there data on the device?"
          name="hasDeviceData"
          inline
          options={YES_NO}
          value={values.hasDeviceData}
          onChange={(v: YesNo) => {
            touch('hasDeviceData');
            onChange({ ...values, hasDeviceData: v, acknowledgeClickWrapAgreement: v === 'yes' && values.acknowledgeClickWrapAgreement });
          }}
          error={errorOf('hasDeviceData')}
        >
          {values.hasDeviceData === 'yes' ? (
            <Agreement role="group" aria-label="Data handling agreement">
              <p>{COPY.clickWrapAgreement[0]}</p>
              <ul>
                {COPY.clickWrapAgreement.slice(1).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <CheckboxField
                label={COPY.clickWrapAccept}
                name="acknowledgeClickWrapAgreement"
                checked={values.acknowledgeClickWrapAgreement}
                onChange={(checked) => {
                  touch('acknowledgeClickWrapAgreement');
                  set('acknowledgeClickWrapAgreement', checked);
                }}
                error={errorOf('acknowledgeClickWrapAgreement')}
              />
            </Agreement>
          ) : null}
        </RadioGroup>
      ) : (
        <Grid>
          {text('userId', 'Windows Username')}
          {text('userPassword', 'Windows Password', 'password')}
          {text('biosPassword', 'BIOS Password', 'password')}
        </Grid>
      )}
      <CheckboxField
        label={COPY.hddBackup}
        name="acknowledgeHddBackup"
        checked={values.acknowledgeHddBackup}
        onChange={(checked) => {
          touch('acknowledgeHddBackup');
          set('acknowledgeHddBackup', checked);
        }}
        error={errorOf('acknowledgeHddBackup')}
      />
      <Grid>
        {text('customerReference', 'Reference Id')}
        {text('assetTag', 'Asset Tag')}
      </Grid>
      <MutedText>{COPY.disclaimer}</MutedText>
      <MutedText>{COPY.notice}</MutedText>
      <Uploader
        files={values.attachments}
        uploads={uploads.uploads}
        error={uploads.error}
        fieldError={errorOf('attachments')}
        onAdd={uploads.add}
        onLeave={() => touch('attachments')}
        onRemove={(file) => {
          touch('attachments');
          uploads.remove(file);
          onDetach(file);
        }}
      />
    </Stack>
  );
}

/** Step 1: the serial and unit, then what is wrong with the unit and what comes with it. */
export function ProblemStep({
  serial,
  onSerialChange,
  check,
  values,
  onChange,
  discountPercent,
  serverErrors,
  onOptionsLoaded,
  onAttach,
  onDetach,
  onContinue,
}: ProblemStepProps) {
  const unit = check.status === 'valid' ? check.unit : null;
  const helpdesk = check.unit ? needsHelpdeskReturn(check.unit) : false;
  const { options, retry } = useRepairOptions(unit, onOptionsLoaded);
  const uploads = useUploads(onAttach);
  const [showAll, setShowAll] = useState(false);
  const { touch, shows } = useTouched<ProblemField>(showAll);
  const errors = unit ? validateProblem(values, unit) : {};
  const errorOf = (field: ProblemField) => visibleError(errors[field], serverErrors[field], shows(field));
  const valid = unit !== null && Object.keys(errors).length === 0 && uploads.uploads.length === 0;

  return (
    <StepForm
      label="Problem Description"
      valid={valid}
      invalidMessage={messages.missingRequiredFields}
      onInvalidAttempt={() => setShowAll(true)}
      onContinue={onContinue}
      footer={unit && uploads.uploads.length > 0 ? <MutedText role="status">{COPY.uploadsPending}</MutedText> : null}
    >
      <SerialField value={serial} onChange={onSerialChange} check={check} />
      {check.unit ? <UnitCard unit={check.unit} /> : null}
      {helpdesk ? <Banner variant="warning">{COPY.ex80}</Banner> : null}
      {unit ? (
        <ProblemFields
          unit={unit}
          values={values}
          onChange={onChange}
          discountPercent={discountPercent}
          errorOf={errorOf}
          touch={touch}
          options={options}
          retry={retry}
          uploads={uploads}
          onDetach={onDetach}
        />
      ) : null}
    </StepForm>
  );
}
