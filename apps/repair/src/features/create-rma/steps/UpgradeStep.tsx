import { useState } from 'react';
import styled from 'styled-components';
import type { RepairSelection } from '@portal/api-client';
import { limits, messages, useTouched, visibleError, type FieldErrors } from '@portal/forms';
import { SerialField, StepForm, UnitCard, type SerialCheck } from '@portal/forms/units';
import { Banner, Button, MutedText, RadioGroup, Stack, TextAreaField, TextField, VisuallyHidden, formatMoney } from '@portal/ui';
import { PriceTable } from '../components/PriceTable';
import { COPY } from '../copy';
import { useRepairOptions } from '../hooks/useRepairOptions';
import { UPGRADE_RMA_TYPE } from '../model/kind';
import type { ProblemValues } from '../model/problem';
import { upgradeBlock, validateUpgrade, type UpgradeBlock, type UpgradeField } from '../model/upgrade';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Price = styled.span`
  margin-left: ${({ theme }) => theme.space.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Categories = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  > legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const BLOCKED: Record<Exclude<UpgradeBlock, null>, string> = {
  helpdesk: COPY.upgradeHelpdesk,
  'end-of-service': COPY.upgradeEndOfService,
  'open-rma': COPY.upgradeOpenRma,
};

/** The value of one option among all categories (the radios share one name: one upgrade per RMA). */
const optionValue = (category: string, option: string) => `${category}\u001f${option}`;

export interface UpgradeStepProps {
  serial: string;
  onSerialChange: (serial: string) => void;
  check: SerialCheck;
  values: ProblemValues;
  onChange: (values: ProblemValues) => void;
  /** The user's flat discount, in percent (0 for none): it applies to upgrades as to repairs. */
  discountPercent: number;
  serverErrors: FieldErrors<UpgradeField>;
  onOptionsLoaded: (selections: RepairSelection[]) => void;
  onContinue: () => void;
}

/**
 * Step 1 of upgrade-device: the serial and unit, then the upgrades its model takes, grouped by
 * category with their prices (the rma capability's UPGRADE options), and optional notes.
 */
export function UpgradeStep({ serial, onSerialChange, check, values, onChange, discountPercent, serverErrors, onOptionsLoaded, onContinue }: UpgradeStepProps) {
  const unit = check.status === 'valid' ? check.unit : null;
  const block = check.unit ? upgradeBlock(check.unit) : null;
  const { options, retry } = useRepairOptions(unit, onOptionsLoaded, UPGRADE_RMA_TYPE);
  const [showAll, setShowAll] = useState(false);
  const { touch, shows } = useTouched<UpgradeField>(showAll);
  const errors = unit ? validateUpgrade(values) : {};
  const errorOf = (field: UpgradeField) => visibleError(errors[field], serverErrors[field], shows(field));
  const selections = options.status === 'ready' ? options.selections : [];
  const category = selections.find((s) => s.name === values.primaryFault);
  const chosen = category?.options.find((o) => o.name === values.problem);
  const valid = unit !== null && chosen !== undefined && Object.keys(errors).length === 0;
  const set = <K extends keyof ProblemValues>(key: K, value: ProblemValues[K]) => onChange({ ...values, [key]: value });
  const choiceError = errorOf('primaryFault') ?? errorOf('problem');

  return (
    <StepForm
      label="Choose Upgrade"
      valid={valid}
      invalidMessage={messages.missingRequiredFields}
      onInvalidAttempt={() => setShowAll(true)}
      onContinue={onContinue}
    >
      <SerialField value={serial} onChange={onSerialChange} check={check} />
      {check.unit ? <UnitCard unit={check.unit} /> : null}
      {block ? <Banner variant="warning">{BLOCKED[block]}</Banner> : null}
      {unit ? (
        <Stack $gap="lg">
          {options.status === 'loading' ? <MutedText role="status">{COPY.upgradeOptionsLoading}</MutedText> : null}
          {options.status === 'failed' ? (
            <Banner variant="error">
              {COPY.upgradeOptionsFailed}{' '}
              <Button $variant="secondary" onClick={retry}>
                Try again
              </Button>
            </Banner>
          ) : null}
          {options.status === 'ready' && selections.length === 0 ? <Banner variant="warning">{COPY.noUpgrades(unit.model)}</Banner> : null}
          {selections.length > 0 ? (
            <Categories aria-describedby={choiceError ? 'upgrade-choice-error' : undefined}>
              <legend>{COPY.upgradeLegend}</legend>
              {selections.map((s) => (
                <RadioGroup
                  key={s.name}
                  legend={s.name}
                  name="upgrade"
                  options={s.options.map((o) => ({
                    value: optionValue(s.name, o.name),
                    // The comma, heard and not seen, keeps a screen reader from running the name
                    // into the price ('DDR4249.00 USD'): 'DDR4, $249.00'.
                    label: (
                      <>
                        {o.name}
                        <VisuallyHidden>, </VisuallyHidden>
                        <Price>{formatMoney(o.price)}</Price>
                      </>
                    ),
                    description: o.tip || undefined,
                  }))}
                  value={chosen && category?.name === s.name ? optionValue(s.name, chosen.name) : ''}
                  onChange={(value) => {
                    const [primaryFault = '', problem = ''] = value.split('\u001f');
                    touch('primaryFault');
                    touch('problem');
                    onChange({ ...values, primaryFault, problem });
                  }}
                />
              ))}
              {choiceError ? (
                <MutedText id="upgrade-choice-error" role="alert">
                  {choiceError}
                </MutedText>
              ) : null}
            </Categories>
          ) : null}
          {chosen ? <PriceTable problem={chosen.name} price={chosen.price} discountPercent={discountPercent} label="Upgrade price" /> : null}
          <TextAreaField
            label={COPY.upgradeNotes}
            name="initialNotes"
            value={values.initialNotes}
            onChange={(event) => set('initialNotes', event.target.value)}
            onBlur={() => touch('initialNotes')}
            error={errorOf('initialNotes')}
            hint={`${values.initialNotes.length}/${limits.notes} characters`}
          />
          <Grid>
            <TextField
              label="Reference Id"
              name="customerReference"
              autoComplete="off"
              value={values.customerReference}
              onChange={(event) => set('customerReference', event.target.value)}
              onBlur={() => touch('customerReference')}
              error={errorOf('customerReference')}
            />
            <TextField
              label="Asset Tag"
              name="assetTag"
              autoComplete="off"
              value={values.assetTag}
              onChange={(event) => set('assetTag', event.target.value)}
              onBlur={() => touch('assetTag')}
              error={errorOf('assetTag')}
            />
          </Grid>
        </Stack>
      ) : null}
    </StepForm>
  );
}
