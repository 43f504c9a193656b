import { useState, type FormEvent } from 'react';
import { useNavigate } from '@portal/router';
import { isApiError, type ContactFormBody, type ContactFormFault } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { email, limits, maxLength, required, useTouched, validate, visibleError, type FieldErrors } from '@portal/forms';
import { FormGrid } from '@portal/forms/components';
import { Banner, Button, Card, CardTitle, SelectField, Spinner, Stack, TextAreaField, TextField } from '@portal/ui';
import { pathFor } from '@portal/routes';

export const CONTACT_FORM_ERROR = 'Error submitting form. Please try again.';

/** Spec §9 contact-form reasons with readable labels. */
export const FAULT_OPTIONS: { value: ContactFormFault; label: string }[] = [
  { value: 'broken', label: 'Something is broken (hardware)' },
  { value: 'software', label: 'Software or settings problem' },
];

type Field = keyof ContactFormBody;
type Values = Omit<ContactFormBody, 'primaryFault'> & { primaryFault: ContactFormFault | '' };

const empty: Values = { firstName: '', lastName: '', email: '', phone: '', company: '', subject: '', primaryFault: '', desc: '' };

export function validateContactUs(v: Values): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {
    firstName: validate(v.firstName, [required, maxLength(limits.name)]),
    lastName: validate(v.lastName, [required, maxLength(limits.name)]),
    email: validate(v.email, [required, email]),
    phone: validate(v.phone, [maxLength(limits.phone)]),
    company: validate(v.company, [maxLength(limits.company)]),
    subject: validate(v.subject, [required]),
    primaryFault: validate(v.primaryFault, [required]),
    desc: validate(v.desc, [required]),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, m]) => m)) as FieldErrors<Field>;
}

/** Spec §2 contact form: on success the visitor lands on help-support/complete. */
export function ContactUsForm() {
  const api = useApi();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(empty);
  const [showAll, setShowAll] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { touch, shows } = useTouched<Field>(showAll);
  const errors = validateContactUs(values);
  const valid = Object.keys(errors).length === 0;
  const errorOf = (f: Field) => visibleError(errors[f], serverErrors[f], shows(f));
  const set = (f: Field, value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setServerErrors((s) => ({ ...s, [f]: undefined }) as Record<string, string>);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!valid || values.primaryFault === '') {
      setShowAll(true);
      return;
    }
    setSending(true);
    setFailed(false);
    try {
      const t = (s: string) => s.trim();
      await api.support.sendContactForm({
        firstName: t(values.firstName),
        lastName: t(values.lastName),
        email: t(values.email),
        phone: t(values.phone),
        company: t(values.company),
        subject: t(values.subject),
        primaryFault: values.primaryFault,
        desc: t(values.desc),
      });
      navigate(pathFor('help-support-complete'));
    } catch (error) {
      setFailed(true);
      if (isApiError(error) && error.status === 400) setServerErrors(error.fields);
    } finally {
      setSending(false);
    }
  }

  const text = (f: Field, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextField label={label} name={f} value={values[f]} onChange={(e) => set(f, e.target.value)} onBlur={() => touch(f)} error={errorOf(f)} {...extra} />
  );

  return (
    <Card aria-label="Contact us">
      <CardTitle as="h2">Contact us</CardTitle>
      <form aria-label="Contact form" noValidate onSubmit={(e) => void submit(e)}>
        <Stack>
          <FormGrid>
            {text('firstName', 'First Name', { autoComplete: 'given-name' })}
            {text('lastName', 'Last Name', { autoComplete: 'family-name' })}
            {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
            {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
            {text('company', 'Company', { autoComplete: 'organization' })}
            {text('subject', 'Subject')}
            <SelectField
              label="Primary Fault"
              name="primaryFault"
              placeholder="Choose what the problem is"
              options={FAULT_OPTIONS}
              value={values.primaryFault}
              onChange={(v) => set('primaryFault', v)}
              onBlur={() => touch('primaryFault')}
              error={errorOf('primaryFault')}
            />
          </FormGrid>
          <TextAreaField label="Description" name="desc" rows={5} value={values.desc} onChange={(e) => set('desc', e.target.value)} onBlur={() => touch('desc')} error={errorOf('desc')} />
          {failed ? <Banner variant="error">{CONTACT_FORM_ERROR}</Banner> : null}
          <div>
            <Button type="submit" aria-disabled={!valid || sending} aria-busy={sending || undefined}>
              {sending ? <Spinner /> : null}
              Send message
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
