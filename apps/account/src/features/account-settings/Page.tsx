import { useState, type FormEvent } from 'react';
import { isApiError } from '@portal/api-client';
import { useApi, useSession, useSessionState } from '@portal/auth';
import {
  addressFromProfile,
  contactErrors,
  sortFieldErrors,
  contactFromProfile,
  validateAddress,
  type AddressField,
  type AddressValues,
  type ContactField,
  type ContactValues,
  type FieldErrors,
  type TextContactField,
  withoutChanged,
} from '@portal/forms';
import { AddressForm, ContactForm } from '@portal/forms/components';
import { useCountries } from '@portal/forms/units';
import { Banner, Card, MutedText, PageTitle, Stack } from '@portal/ui';
import { SubmitButton } from '../../shared/SubmitButton';
import { useInvalidSubmit } from '../../shared/useInvalidSubmit';
import { AccountNav } from '../../shared/AccountNav';
import { COPY } from './copy';
import { toUserSettings } from './model/settings';

const FIELDS: readonly TextContactField[] = ['firstName', 'lastName', 'email', 'company', 'position'];
const READ_ONLY: readonly TextContactField[] = ['email'];

type Outcome = { kind: 'none' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/**
 * Route your-account/account-settings (spec §2): the contact details and shipping address the
 * portal stores for the user (POST /account-mgr/user), which win over the provider's claims and
 * are the defaults of every form. The countries come from the route's loader.
 */
export function AccountSettingsPage() {
  const api = useApi();
  const session = useSession();
  const state = useSessionState();
  const profile = state.status === 'signed-in' ? state.profile : null;
  const countries = useCountries();
  const [contact, setContact] = useState<ContactValues>(() => contactFromProfile(profile));
  const [address, setAddress] = useState<AddressValues>(() => addressFromProfile(profile?.address?.shipping ?? null));
  const [serverErrors, setServerErrors] = useState<{ contact: FieldErrors<ContactField>; address: FieldErrors<AddressField> }>({
    contact: {},
    address: {},
  });
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const { showAll, setShowAll, invalid, accept } = useInvalidSubmit();

  const valid = Object.keys(contactErrors(contact, FIELDS, READ_ONLY)).length === 0 && Object.keys(validateAddress(address)).length === 0;

  async function save(event: FormEvent<HTMLFormElement>) {
    if (!accept(event, { valid, busy: saving })) return;
    setSaving(true);
    setOutcome({ kind: 'none' });
    try {
      await api.accountManager.saveUser(toUserSettings(contact, address));
      setServerErrors({ contact: {}, address: {} });
      setOutcome({ kind: 'saved' });
      // Every form prefills from the session's profile: load the stored one into it.
      await session.reloadProfile().catch((error: unknown) => console.error('Reloading the profile failed', error));
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const sorted = sortFieldErrors(error.fields, '');
        setServerErrors({ contact: sorted.contact, address: sorted.address });
        setShowAll(true);
      }
      setOutcome({ kind: 'failed', message: isApiError(error) && error.status !== 0 && error.message ? error.message : COPY.networkFailed });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack $gap="lg">
      <AccountNav />
      <PageTitle>{COPY.title}</PageTitle>
      <MutedText>{COPY.intro}</MutedText>
      <Card>
        <form aria-label={COPY.title} noValidate onSubmit={(event) => void save(event)}>
          <Stack $gap="lg">
            <ContactForm
              legend="Contact Information"
              value={contact}
              onChange={(next) => {
                setServerErrors((e) => ({ ...e, contact: withoutChanged(e.contact, contact, next) }));
                setContact(next);
                setOutcome({ kind: 'none' });
              }}
              fields={FIELDS}
              readOnly={READ_ONLY}
              readOnlyHint={COPY.emailHint}
              showAllErrors={showAll}
              serverErrors={serverErrors.contact}
            />
            <AddressForm
              value={address}
              onChange={(next) => {
                setServerErrors((e) => ({ ...e, address: withoutChanged(e.address, address, next) }));
                setAddress(next);
                setOutcome({ kind: 'none' });
              }}
              countries={countries}
              locations={api.locations}
              showAllErrors={showAll}
              serverErrors={serverErrors.address}
            />
            {invalid ? <Banner variant="error">{invalid}</Banner> : null}
            {outcome.kind === 'failed' ? <Banner variant="error">{outcome.message}</Banner> : null}
            {outcome.kind === 'saved' ? <Banner variant="info">{COPY.saved}</Banner> : null}
            <SubmitButton label={COPY.save} busyLabel={COPY.saving} busy={saving} invalid={!valid} />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
