import { useState, type FormEvent } from 'react';
import type { DepotRma } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { Banner, Button, Card, CardTitle, FilePicker, Stack, TextAreaField, TextField } from '@portal/ui';
import { MSG } from '../../../shared/messages';
import { usePhotoUploads } from '../../../shared/usePhotoUploads';
import { useCheckedSubmit, type FieldMessages } from '../../../shared/useCheckedSubmit';

/**
 * Receive: the technician scans the serial off the unit (the field has the focus, a scanner ends
 * with Enter), photographs its condition (one photo at least) and notes what they see. Another
 * serial than the RMA's, or a unit received already, is refused in the API's words.
 */
export function ReceiveForm({ rma, onDone }: { rma: DepotRma; onDone: () => void }) {
  const api = useApi();
  const photos = usePhotoUploads();
  const [serial, setSerial] = useState('');
  const [notes, setNotes] = useState('');
  const { formRef, refusal, sending, submit: send, fieldError } = useCheckedSubmit();

  const submit = (event: FormEvent) => {
    const errors: FieldMessages = {};
    if (!serial.trim()) errors.serial = MSG.required;
    if (photos.busy) errors.photos = MSG.uploading;
    else if (photos.ids.length === 0) errors.photos = MSG.photoRequired;
    return send(event, errors, async () => {
      await api.depot.receive(rma.rmaNumber, { serial: serial.trim(), photos: photos.ids, notes: notes.trim() || undefined });
      onDone();
    });
  };

  return (
    <Card aria-labelledby="step-receive">
      <CardTitle id="step-receive">Receive the unit</CardTitle>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          {refusal ? <Banner variant="error">{refusal.message}</Banner> : null}
          <TextField
            label="Scanned serial"
            hint={`Scan the serial off the unit; this RMA is for ${rma.serial}`}
            autoFocus
            autoComplete="off"
            value={serial}
            onChange={(event) => setSerial(event.target.value)}
            error={fieldError('serial')}
          />
          <FilePicker
            legend="Condition photos"
            chooseText="Add photos"
            help="At least one photo of the unit as it arrived"
            accept="image/*"
            multiple
            error={fieldError('photos')}
            {...photos.pickerProps}
          />
          <TextAreaField label="Notes" value={notes} onChange={(event) => setNotes(event.target.value)} error={fieldError('notes')} />
          <div>
            <Button type="submit" disabled={sending}>
              {sending ? 'Receiving…' : 'Receive'}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
