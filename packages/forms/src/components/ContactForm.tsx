import styled from 'styled-components';
import { TextField } from '@portal/ui';
import { validateContact, type ContactField, type ContactValues, type FieldErrors } from '../contact';
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

export interface ContactFormProps {
  value: ContactValues;
  onChange: (next: ContactValues) => void;
  /** Show every rule's message (after an invalid Continue), not only those of touched fields. */
  showAllErrors?: boolean;
  /** Messages the server gave per field, shown until the field is corrected. */
  serverErrors?: FieldErrors<ContactField>;
  legend?: string;
}

/** Spec §5 contact form: names, e-mail, phone with country code, company and position. */
export function ContactForm({ value, onChange, showAllErrors = false, serverErrors = {}, legend = 'Contact Information' }: ContactFormProps) {
  const errors = validateContact(value);
  const { touch, shows } = useTouched<ContactField>(showAllErrors);
  const errorOf = (field: ContactField) => visibleError(errors[field], serverErrors[field], shows(field));
  const text = (field: ContactField, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      name={field}
      value={value[field]}
      onChange={(event) => onChange({ ...value, [field]: event.target.value })}
      onBlur={() => touch(field)}
      error={errorOf(field)}
      {...extra}
    />
  );

  return (
    <FormSection>
      <legend>{legend}</legend>
      <FormGrid>
        {text('firstName', 'First Name', { autoComplete: 'given-name' })}
        {text('lastName', 'Last Name', { autoComplete: 'family-name' })}
        {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
        {text('company', 'Company', { autoComplete: 'organization' })}
        {text('position', 'Position', { autoComplete: 'organization-title' })}
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

