import { useState } from 'react';
import styled from 'styled-components';
import type { RepairSelection } from '@portal/api-client';
import { Button, MutedText, SelectField, Stack, TextField } from '@portal/ui';
import { COPY } from '../copy';
import type { FillValues } from '../model/machine';

const Fields = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;

  legend {
    padding: 0 ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.md};
  align-items: end;
`;

const empty: FillValues = { fault: '', problem: '', notes: '' };

export interface FillEmptyProps {
  /**
   * The faults (and their problems) every model of the rows to fill offers, from the repair
   * options; null when the rows' models or their options are not known (then fault and problem are typed).
   */
  faults: readonly RepairSelection[] | null;
  /** The models of the rows to fill, named under the fields. */
  models: readonly string[];
  onFill: (values: FillValues) => void;
}

/**
 * 'Fill empty cells': the fault, problem and notes a scanned list's rows share, written once into
 * every empty cell. The fault is chosen from the faults the rows' models take, then a problem of
 * that fault, as one RMA's problem step offers them.
 */
export function FillEmpty({ faults, models, onFill }: FillEmptyProps) {
  const [values, setValues] = useState(empty);
  const blank = values.fault.trim() === '' && values.problem.trim() === '' && values.notes.trim() === '';
  const listed = faults !== null && faults.length > 0 ? faults : null;
  const problems = listed?.find((fault) => fault.name === values.fault)?.options ?? [];
  return (
    <Fields>
      <legend>{COPY.fillLegend}</legend>
      <Stack $gap="sm">
        <MutedText>{COPY.fillHint}</MutedText>
        {listed && models.length > 0 ? <MutedText>{COPY.fillFaultsOfModels(models)}</MutedText> : null}
        <Grid>
          {listed ? (
            <>
              <SelectField
                label="Fault"
                name="fillFault"
                placeholder={COPY.chooseFault}
                options={listed.map((fault) => ({ value: fault.name, label: fault.name }))}
                value={values.fault}
                onChange={(fault) => setValues({ ...values, fault, problem: '' })}
              />
              <SelectField
                label="Problem"
                name="fillProblem"
                placeholder={COPY.chooseProblem}
                options={problems.map((option) => ({ value: option.name, label: option.name }))}
                value={values.problem}
                onChange={(problem) => setValues({ ...values, problem })}
              />
            </>
          ) : (
            <>
              <TextField label="Fault" name="fillFault" value={values.fault} onChange={(e) => setValues({ ...values, fault: e.target.value })} />
              <TextField
                label="Problem"
                name="fillProblem"
                value={values.problem}
                onChange={(e) => setValues({ ...values, problem: e.target.value })}
              />
            </>
          )}
          <TextField label="Notes" name="fillNotes" value={values.notes} onChange={(e) => setValues({ ...values, notes: e.target.value })} />
        </Grid>
        <div>
          <Button
            $variant="secondary"
            aria-disabled={blank || undefined}
            onClick={() => {
              if (blank) return;
              onFill(values);
              setValues(empty);
            }}
          >
            {COPY.fillButton}
          </Button>
        </div>
      </Stack>
    </Fields>
  );
}
