import { useState, type FormEvent } from 'react';
import { isApiError, type Branch } from '@portal/api-client';
import { useApi } from '@portal/auth';
import {
  contactErrors,
  sortFieldErrors,
  validateAddress,
  type AddressField,
  type ContactField,
  type FieldErrors,
  type TextContactField,
  withoutChanged,
} from '@portal/forms';
import { AddressForm, ContactForm, useTouched, visibleError } from '@portal/forms/components';
import { useCountries } from '@portal/forms/units';
import { Banner, Dialog, Stack, TextField } from '@portal/ui';
import { SubmitButton } from '../../../shared/SubmitButton';
import { useInvalidSubmit } from '../../../shared/useInvalidSubmit';
import { COPY } from '../copy';
import { branchValues, emptyBranch, toBranchInput, validateBranchName, type BranchValues } from '../model/branch';

const CONTACT_FIELDS: readonly TextContactField[] = ['firstName', 'lastName', 'email'];

interface ServerErrors {
  name?: string;
  contact: FieldErrors<ContactField>;
  address: FieldErrors<AddressField>;
}

export interface BranchDialogProps {
  /** The branch to edit; null adds one. */
  branch: Branch | null;
  onSaved: (branch: Branch, created: boolean) => void;
  onClose: () => void;
}

/**
 * Adds or edits a branch: its name (required, at most 35), its contact and address with the
 * spec §5 rules, saved through POST or PUT /account-mgr/branches; the server's field messages
 * show on their fields.
 */
export function BranchDialog({ branch, onSaved, onClose }: BranchDialogProps) {
  const api = useApi();
  const countries = useCountries();
  const [values, setValues] = useState<BranchValues>(() => (branch ? branchValues(branch) : emptyBranch));
  const [serverErrors, setServerErrors] = useState<ServerErrors>({ contact: {}, address: {} });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { showAll, setShowAll, invalid, accept } = useInvalidSubmit();
  const { touch, shows } = useTouched<'name'>(showAll);

  const nameError = validateBranchName(values.name);
  const valid =
    !nameError &&
    Object.keys(contactErrors(values.contact, CONTACT_FIELDS)).length === 0 &&
    Object.keys(validateAddress(values.address)).length === 0;

  async function save(event: FormEvent<HTMLFormElement>) {
    if (!accept(event, { valid, busy: saving })) return;
    setSaving(true);
    setFailure(null);
    try {
      const input = toBranchInput(values);
      const stored = branch ? await api.accountManager.updateBranch(branch.id, input) : await api.accountManager.createBranch(input);
      onSaved(stored, branch === null);
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const sorted = sortFieldErrors(error.fields, 'contact.');
        setServerErrors({ name: sorted.other.name, contact: sorted.contact, address: sorted.address });
        setShowAll(true);
      }
      if (isApiError(error) && error.status === 403) setFailure(COPY.noOrganization);
      else setFailure(isApiError(error) && error.status !== 0 && error.message ? error.message : COPY.networkFailed);
      setSaving(false);
    }
  }

  return (
    <Dialog title={branch ? COPY.editTitle(branch.name) : COPY.addTitle} closeLabel={COPY.cancel} onClose={onClose} wide>
      <form aria-label={branch ? COPY.editTitle(branch.name) : COPY.addTitle} noValidate onSubmit={(event) => void save(event)}>
        <Stack $gap="lg">
          <TextField
            label="Branch Name"
            name="name"
            value={values.name}
            autoComplete="off"
            onChange={(event) => {
              const name = event.target.value;
              setValues((v) => ({ ...v, name }));
              setServerErrors((e) => ({ ...e, name: undefined }));
            }}
            onBlur={() => touch('name')}
            error={visibleError(nameError, serverErrors.name, shows('name'))}
          />
          <ContactForm
            legend="Branch Contact"
            value={values.contact}
            onChange={(contact) => {
              setServerErrors((e) => ({ ...e, contact: withoutChanged(e.contact, values.contact, contact) }));
              setValues((v) => ({ ...v, contact }));
            }}
            fields={CONTACT_FIELDS}
            showAllErrors={showAll}
            serverErrors={serverErrors.contact}
          />
          <AddressForm
            legend="Branch Address"
            value={values.address}
            onChange={(address) => {
              setServerErrors((e) => ({ ...e, address: withoutChanged(e.address, values.address, address) }));
              setValues((v) => ({ ...v, address }));
            }}
            countries={countries}
            locations={api.locations}
            showAllErrors={showAll}
            serverErrors={serverErrors.address}
          />
          {invalid ? <Banner variant="error">{invalid}</Banner> : null}
          {failure ? <Banner variant="error">{failure}</Banner> : null}
          <SubmitButton label={COPY.save} busyLabel={COPY.saving} busy={saving} invalid={!valid} />
        </Stack>
      </form>
    </Dialog>
  );
}
