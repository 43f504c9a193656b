import { validateContact, type ContactField, type ContactValues, type FieldErrors } from '@portal/forms';
import { FormGrid, FormSection, PhoneField, useTouched, visibleError } from '@portal/forms/components';
import { TextField } from '@portal/ui';

const LABELS: Record<Exclude<ContactField, 'phone' | 'phoneCountryCode'>, { label: string; autoComplete: string; type?: string }> = {
  firstName: { label: 'First Name', autoComplete: 'given-name' },
  lastName: { label: 'Last Name', autoComplete: 'family-name' },
  email: { label: 'Email', autoComplete: 'email', type: 'email' },
  company: { label: 'Company', autoComplete: 'organization' },
  position: { label: 'Position', autoComplete: 'organization-title' },
};

export type TextContactField = keyof typeof LABELS;

/**
 * The spec §5 contact rules for the fields a form shows and the user may change: a read-only
 * field (the provider's e-mail) is not the user's to fix, and a field left out is not sent.
 */
export function contactErrors(
  value: ContactValues,
  fields: readonly TextContactField[],
  readOnly: readonly TextContactField[] = [],
): FieldErrors<ContactField> {
  const all = validateContact(value);
  const checked = new Set<ContactField>(['phone', ...fields.filter((field) => !readOnly.includes(field))]);
  return Object.fromEntries(Object.entries(all).filter(([field]) => checked.has(field as ContactField))) as FieldErrors<ContactField>;
}

export interface ContactFieldsProps {
  value: ContactValues;
  onChange: (next: ContactValues) => void;
  /** The text fields shown, in order; the phone with its country code always follows. */
  fields: readonly TextContactField[];
  /** Shown but not editable (e.g. the e-mail, which is the sign-in provider's). */
  readOnly?: readonly TextContactField[];
  readOnlyHint?: string;
  showAllErrors?: boolean;
  serverErrors?: FieldErrors<ContactField>;
  legend: string;
}

/**
 * The contact form of the account pages: the spec §5 contact rules and messages and the phone
 * widget from @portal/forms, with a choice of fields (a branch has no company or position) and
 * read-only ones (account settings show the provider's e-mail without letting it change).
 */
export function ContactFields({
  value,
  onChange,
  fields,
  readOnly = [],
  readOnlyHint,
  showAllErrors = false,
  serverErrors = {},
  legend,
}: ContactFieldsProps) {
  const errors = contactErrors(value, fields, readOnly);
  const { touch, shows } = useTouched<ContactField>(showAllErrors);
  const errorOf = (field: ContactField) => visibleError(errors[field], serverErrors[field], shows(field));

  return (
    <FormSection>
      <legend>{legend}</legend>
      <FormGrid>
        {fields.map((field) => {
          const fixed = readOnly.includes(field);
          return (
            <TextField
              key={field}
              label={LABELS[field].label}
              name={field}
              type={LABELS[field].type}
              autoComplete={LABELS[field].autoComplete}
              value={value[field]}
              readOnly={fixed}
              hint={fixed ? readOnlyHint : undefined}
              onChange={(event) => onChange({ ...value, [field]: event.target.value })}
              onBlur={() => touch(field)}
              error={errorOf(field)}
            />
          );
        })}
      </FormGrid>
      <PhoneField
        label="Phone"
        value={value.phone}
        country={value.phoneCountryCode}
        onChange={(phone, phoneCountryCode) => onChange({ ...value, phone, phoneCountryCode })}
        onBlur={() => touch('phone')}
        error={errorOf('phone')}
      />
    </FormSection>
  );
}
