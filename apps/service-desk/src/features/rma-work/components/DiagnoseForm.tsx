import { useCallback, useState, type FormEvent } from 'react';
import type { DepotRma, DiagnosedRma } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, Card, CardTitle, Row, SelectField, Stack, TextAreaField, TextField } from '@portal/ui';
import { MSG } from '../../../shared/messages';
import { useCheckedSubmit, type FieldMessages } from '../../../shared/useCheckedSubmit';
import { FindingEditor, Group, type FindingDraft } from './FindingEditor';
import { FINDINGS_MAX, LINE_ITEMS_MAX, TEXT_MAX, removesCover } from './findings';

interface LineDraft {
  key: string;
  kind: 'REPAIR_OPTION' | 'PART';
  code: string;
  quantity: string;
}

const kindOptions = [
  { value: 'REPAIR_OPTION', label: 'Repair option' },
  { value: 'PART', label: 'Part' },
];

let nextKey = 0;
const key = () => `d${nextKey++}`;
const newFinding = (): FindingDraft => ({ key: key(), code: 'COMPONENT_FAILURE', description: '', photos: [], uploading: false });
const newLine = (code = ''): LineDraft => ({ key: key(), kind: 'REPAIR_OPTION', code, quantity: '1' });

/** The form's own checks, by the API's field names, in its words. */
function check(findings: FindingDraft[], lines: LineDraft[]): FieldMessages {
  const errors: FieldMessages = {};
  findings.forEach((finding, i) => {
    if (!finding.description.trim()) errors[`findings[${i}].description`] = MSG.required;
    if (finding.uploading) errors[`findings[${i}].photos`] = MSG.uploading;
    else if (removesCover(finding.code) && finding.photos.length < 2) errors[`findings[${i}].photos`] = MSG.coverPhotos;
  });
  lines.forEach((line, i) => {
    if (!line.code.trim()) errors[`lineItems[${i}].code`] = MSG.required;
    const quantity = Number(line.quantity);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) errors[`lineItems[${i}].quantity`] = MSG.quantity;
  });
  return errors;
}

/**
 * Diagnose: the findings (each with its photos; damage that removes cover needs two), the
 * technician's note and the work the unit needs, priced by the server. The answer says whether
 * the work is covered or a revised quote went to the customer.
 */
export function DiagnoseForm({ rma, onDone }: { rma: DepotRma; onDone: (result: DiagnosedRma) => void }) {
  const api = useApi();
  const [findings, setFindings] = useState<FindingDraft[]>(() => [newFinding()]);
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [note, setNote] = useState('');
  const { formRef, refusal, sending, submit: send, fieldError: errors } = useCheckedSubmit();

  const requested = rma.problem.problem.trim();
  const onPhotos = useCallback((findingKey: string, photos: string[], uploading: boolean) => {
    setFindings((current) => current.map((f) => (f.key === findingKey ? { ...f, photos, uploading } : f)));
  }, []);
  const setLine = (index: number, change: Partial<LineDraft>) =>
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));

  const submit = (event: FormEvent) =>
    send(event, check(findings, lines), async () => {
      const result = await api.depot.diagnose(rma.rmaNumber, {
        findings: findings.map(({ code, description, photos }) => ({ code, description: description.trim(), photos })),
        technicianNote: note.trim() || undefined,
        lineItems: lines.map(({ kind, code, quantity }) => ({ kind, code: code.trim(), quantity: Number(quantity) })),
      });
      onDone(result);
    });

  return (
    <Card aria-labelledby="step-diagnose">
      <CardTitle id="step-diagnose">Diagnose</CardTitle>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          {refusal ? <Banner variant="error">{refusal.message}</Banner> : null}
          {findings.map((finding, index) => (
            <FindingEditor
              key={finding.key}
              index={index}
              finding={finding}
              errors={errors}
              onChange={(changed) => setFindings((current) => current.map((f) => (f.key === changed.key ? changed : f)))}
              onPhotos={onPhotos}
              onRemove={findings.length > 1 ? () => setFindings((current) => current.filter((f) => f.key !== finding.key)) : undefined}
            />
          ))}
          {findings.length < FINDINGS_MAX ? (
            <div>
              <Button type="button" $variant="secondary" onClick={() => setFindings((current) => [...current, newFinding()])}>
                Add a finding
              </Button>
            </div>
          ) : null}
          <TextAreaField
            label="Technician's note"
            value={note}
            maxLength={TEXT_MAX}
            onChange={(event) => setNote(event.target.value)}
            error={errors('technicianNote')}
          />
          <Group>
            <legend>Work needed</legend>
            <Stack>
              {lines.map((line, index) => (
                <Row key={line.key} $gap="sm">
                  <SelectField
                    label={`Item ${index + 1} kind`}
                    options={kindOptions}
                    value={line.kind}
                    onChange={(kind) => setLine(index, { kind: kind as LineDraft['kind'] })}
                  />
                  <TextField
                    label={`Item ${index + 1} code`}
                    hint="The repair option of the unit's model, or the part number"
                    value={line.code}
                    onChange={(event) => setLine(index, { code: event.target.value })}
                    error={errors(`lineItems[${index}].code`)}
                  />
                  <TextField
                    label={`Item ${index + 1} quantity`}
                    inputMode="numeric"
                    value={line.quantity}
                    onChange={(event) => setLine(index, { quantity: event.target.value })}
                    error={errors(`lineItems[${index}].quantity`)}
                  />
                  <Button type="button" $variant="secondary" onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}>
                    Remove item {index + 1}
                  </Button>
                </Row>
              ))}
              {lines.length < LINE_ITEMS_MAX ? (
                <Row $gap="sm">
                  <Button type="button" $variant="secondary" onClick={() => setLines((current) => [...current, newLine()])}>
                    Add an item
                  </Button>
                  {/* The repair the customer asked for is one of the model's repair options. */}
                  {requested && !lines.some((line) => line.kind === 'REPAIR_OPTION' && line.code === requested) ? (
                    <Button type="button" $variant="secondary" onClick={() => setLines((current) => [...current, newLine(requested)])}>
                      Add the requested repair: {requested}
                    </Button>
                  ) : null}
                </Row>
              ) : null}
            </Stack>
          </Group>
          <div>
            <Button type="submit" disabled={sending}>
              {sending ? 'Recording…' : 'Record diagnosis'}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
