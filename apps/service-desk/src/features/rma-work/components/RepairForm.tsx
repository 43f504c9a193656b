import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { DepotRma } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, Card, CardTitle, CheckboxField, FieldError, Stack, TextAreaField, TextField } from '@portal/ui';
import { MSG } from '../../../shared/messages';
import { useCheckedSubmit, type FieldMessages } from '../../../shared/useCheckedSubmit';

/** The checks every repaired unit goes through before it ships back. */
export const DEFAULT_QA_CHECKS = ['Powers on', 'Touchscreen responds', 'Seal and enclosure intact', 'Battery charges'] as const;

const Checklist = styled.fieldset`
  border: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  padding: ${({ theme }) => theme.space.md};
  margin: 0;
`;

/**
 * Repair: the work performed and parts replaced, the technician's notes, and the QA checklist,
 * every check ticked as passed (the server refuses a failed one).
 */
export function RepairForm({ rma, onDone }: { rma: DepotRma; onDone: () => void }) {
  const api = useApi();
  const [partsReplaced, setPartsReplaced] = useState('');
  const [workPerformed, setWorkPerformed] = useState('');
  const [notes, setNotes] = useState('');
  const [passed, setPassed] = useState<Record<string, boolean>>({});
  const { formRef, refusal, sending, submit: send, fieldError } = useCheckedSubmit();

  const submit = (event: FormEvent) => {
    const errors: FieldMessages = {};
    if (!workPerformed.trim()) errors.workPerformed = MSG.required;
    if (!DEFAULT_QA_CHECKS.every((check) => passed[check])) errors.qa = MSG.qaFailed;
    return send(event, errors, async () => {
      await api.depot.repair(rma.rmaNumber, {
        partsReplaced: partsReplaced.trim() || undefined,
        workPerformed: workPerformed.trim(),
        technicianNotes: notes.trim() || undefined,
        qa: DEFAULT_QA_CHECKS.map((check) => ({ check, passed: true })),
      });
      onDone();
    });
  };

  return (
    <Card aria-labelledby="step-repair">
      <CardTitle id="step-repair">Record the repair</CardTitle>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          {refusal ? <Banner variant="error">{refusal.message}</Banner> : null}
          <TextAreaField
            label="Work performed"
            autoFocus
            value={workPerformed}
            onChange={(event) => setWorkPerformed(event.target.value)}
            error={fieldError('workPerformed')}
          />
          <TextField
            label="Parts replaced"
            value={partsReplaced}
            onChange={(event) => setPartsReplaced(event.target.value)}
            error={fieldError('partsReplaced')}
          />
          <TextAreaField label="Technician's notes" value={notes} onChange={(event) => setNotes(event.target.value)} error={fieldError('technicianNotes')} />
          <Checklist aria-describedby="qa-error">
            <legend>QA checklist</legend>
            <Stack $gap="sm">
              {DEFAULT_QA_CHECKS.map((check) => (
                <CheckboxField
                  key={check}
                  label={check}
                  checked={Boolean(passed[check])}
                  onChange={(value) => setPassed((current) => ({ ...current, [check]: value }))}
                />
              ))}
            </Stack>
            <FieldError id="qa-error">{fieldError('qa')}</FieldError>
          </Checklist>
          <div>
            <Button type="submit" disabled={sending}>
              {sending ? 'Recording…' : 'Record repair'}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
