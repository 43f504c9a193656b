import { useState, type FormEvent } from 'react';
import { isApiError, type Registration } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { normalizeSerial, visibleError, type FieldErrors } from '@portal/forms';
import { useTouched } from '@portal/forms/components';
import { FileUploadField } from '@portal/forms/units';
import { Banner, Stack, TextField } from '@portal/ui';
import { SubmitButton } from '../../../shared/SubmitButton';
import { COPY } from '../copy';
import {
  emptyRegistration,
  registrationServerErrors,
  toRegistrationInput,
  today,
  validateRegistration,
  type RegistrationField,
  type RegistrationValues,
} from '../model/registration';

/** The 409 of a unit registered before: its message belongs to the serial. */
const ALREADY_REGISTERED = 'account.alreadyRegistered';

export interface RegistrationFormProps {
  onRegistered: (registration: Registration) => void;
}

/**
 * Registers a unit: its serial (upper-cased, trimmed), the purchase date (not in the future) and
 * a proof of purchase, uploaded first; POST /account-mgr/registrations. The server's answers
 * ('Serial Not Found', 'This unit is already registered', field messages) show on their fields.
 */
export function RegistrationForm({ onRegistered }: RegistrationFormProps) {
  const api = useApi();
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<RegistrationField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { touch, shows } = useTouched<RegistrationField>(showAll);
  const errors = validateRegistration(values);
  const errorOf = (field: RegistrationField) => visibleError(errors[field], serverErrors[field], shows(field));

  function change(next: RegistrationValues) {
    setServerErrors((e) => {
      const kept = { ...e };
      if (next.serial !== values.serial) delete kept.serial;
      if (next.purchaseDate !== values.purchaseDate) delete kept.purchaseDate;
      if (next.proof !== values.proof) delete kept.proof;
      return kept;
    });
    setValues(next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (Object.keys(errors).length > 0) {
      setShowAll(true);
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const registration = await api.accountManager.register(toRegistrationInput(values));
      setValues(emptyRegistration);
      setServerErrors({});
      setShowAll(false);
      onRegistered(registration);
    } catch (error) {
      if (isApiError(error) && error.status === 400 && Object.keys(error.fields).length > 0) {
        setServerErrors(registrationServerErrors(error.fields));
      } else if (isApiError(error) && error.error === ALREADY_REGISTERED) {
        setServerErrors({ serial: error.message });
      } else {
        setFailure(isApiError(error) && error.status !== 0 && error.message ? error.message : COPY.networkFailed);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form aria-label={COPY.formTitle} noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextField
          label="Serial Number"
          name="serial"
          value={values.serial}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => change({ ...values, serial: normalizeSerial(event.target.value) })}
          onBlur={() => touch('serial')}
          error={errorOf('serial')}
        />
        <TextField
          label="Purchase Date"
          name="purchaseDate"
          type="date"
          max={today()}
          value={values.purchaseDate}
          onChange={(event) => change({ ...values, purchaseDate: event.target.value })}
          onBlur={() => touch('purchaseDate')}
          error={errorOf('purchaseDate')}
        />
        <FileUploadField
          label="Proof of Purchase"
          help={COPY.proofHelp}
          file={values.proof}
          onChange={(proof) => {
            touch('proof');
            change({ ...values, proof });
          }}
          attachedText={COPY.proofAttached}
          error={errorOf('proof')}
          onLeave={() => touch('proof')}
        />
        {failure ? <Banner variant="error">{failure}</Banner> : null}
        <SubmitButton label={COPY.register} busyLabel={COPY.registering} busy={busy} invalid={Object.keys(errors).length > 0} />
      </Stack>
    </form>
  );
}
