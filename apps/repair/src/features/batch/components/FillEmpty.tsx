import { useState } from 'react';
import styled from 'styled-components';
import { Button, MutedText, Stack, TextField } from '@portal/ui';
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

/** 'Fill empty cells': the fault, problem and notes a scanned list's rows share, written once into every empty cell. */
export function FillEmpty({ onFill }: { onFill: (values: FillValues) => void }) {
  const [values, setValues] = useState(empty);
  const blank = values.fault.trim() === '' && values.problem.trim() === '' && values.notes.trim() === '';
  return (
    <Fields>
      <legend>{COPY.fillLegend}</legend>
      <Stack $gap="sm">
        <MutedText>{COPY.fillHint}</MutedText>
        <Grid>
          <TextField label="Fault" name="fillFault" value={values.fault} onChange={(e) => setValues({ ...values, fault: e.target.value })} />
          <TextField label="Problem" name="fillProblem" value={values.problem} onChange={(e) => setValues({ ...values, problem: e.target.value })} />
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
