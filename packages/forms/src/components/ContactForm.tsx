import styled from 'styled-components';
import { TextField } from '@portal/ui';
import {
  CONTACT_TEXT_FIELDS,
  contactErrors,
  type ContactField,
  type ContactValues,
  type FieldErrors,
  type TextContactField,
} from '../contact';
import { PhoneField } from './PhoneField';
import { useTouched, visibleError } from '../touched';

export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

export const FormSection = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const TEXT_FIELDS: Record<TextContactField, { label: string; autoComplete: string; type?: string }> = {
  firstName: { label: 'First Name', autoComplete: 'given-name' },
  lastName: { label: 'Last Name', autoComplete: 'family-name' },
  email: { label: 'Email', autoComplete: 'email', type: 'email' },
  company: { label: 'Company', autoComplete: 'organization' },
  position: { label: 'Position', autoComplete: 'organization-title' },
};

export interface ContactFormProps {
  value: ContactValues;
  onChange: (next: ContactValues) => void;
  /** Show every rule's message (after an invalid Continue), not only those of touched fields. */
  showAllErrors?: boolean;
  /** Messages the server gave per field, shown until the field is corrected. */
  serverErrors?: FieldErrors<ContactField>;
  legend?: string;
  /** The text fields shown, in order (a branch has no company or position); the phone always follows. */
  fields?: readonly TextContactField[];
  /** Shown but not editable nor checked (the e-mail account settings take from the sign-in provider). */
  readOnly?: readonly TextContactField[];
  /** The hint under a read-only field. */
  readOnlyHint?: string;
}

/**
 * Spec §5 contact form: names, e-mail, phone with country code, company and position, or the
 * fields a form asks for, some of them read-only.
 */
export function ContactForm({
  value,
  onChange,
  showAllErrors = false,
  serverErrors = {},
  legend = 'Contact Information',
  fields = CONTACT_TEXT_FIELDS,
  readOnly = [],
  readOnlyHint,
}: ContactFormProps) {
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
              label={TEXT_FIELDS[field].label}
              name={field}
              type={TEXT_FIELDS[field].type}
              autoComplete={TEXT_FIELDS[field].autoComplete}
              value={value[field]}
              readOnly={fixed || undefined}
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
